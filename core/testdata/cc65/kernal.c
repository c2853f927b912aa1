/* A cc65 program for the cx16 target that exercises what cc65's runtime takes from the
** KERNAL: conio (clrscr, gotoxy, textcolor, bgcolor, revers, cputs, wherex/wherey), the
** mouse and joystick drivers linked statically, and the device and directory functions.
** core/rom_cc65_test.go compiles it with cl65 and checks the screen and the results it
** leaves at $0400:
**   $0400 the runtime's screen layout: 1 = today's ($1B000), 0 = ROM R38's ($00000)
**   $0401/$0402 wherex()/wherey() after the text
**   $0403 mouse_install(), $0404-$0407 the mouse position (x, y), $0408 its buttons
**   $0409 joy_install(), $040A joy_count()
**   $040B getfirstdevice(), $040C getdevicedir() succeeded (1), $0410 its text
**   $0420 the name of the first file in the directory, $041F the number of entries read
**   $04FF $A5 when main() is done
*/
#include <conio.h>
#include <mouse.h>
#include <joystick.h>
#include <device.h>
#include <dirent.h>
#include <string.h>
#include <cx16.h>

#define RESULT ((unsigned char *)0x0400)

int main (void)
{
    static char dir[16];
    static struct mouse_info info;
    DIR *d;
    struct dirent *e;
    unsigned char n = 0;

#ifdef RAM_BANK
    RESULT[0x00] = 1;
#else
    RESULT[0x00] = 0;
#endif
    bgcolor (COLOR_BLACK);
    textcolor (COLOR_WHITE);
    clrscr ();
    gotoxy (2, 1);
    cputs ("CONIO");
    textcolor (COLOR_YELLOW);
    gotoxy (10, 4);
    revers (1);
    cputs ("REV");
    revers (0);
    RESULT[0x01] = wherex ();
    RESULT[0x02] = wherey ();

    RESULT[0x03] = mouse_install (&mouse_def_callbacks, (void *) mouse_static_stddrv);
    mouse_info (&info);
    memcpy (RESULT + 0x04, &info.pos, 4);
    RESULT[0x08] = info.buttons;

    RESULT[0x09] = joy_install (joy_static_stddrv);
    RESULT[0x0A] = joy_count ();

    RESULT[0x0B] = getfirstdevice ();
    if (getdevicedir (RESULT[0x0B], dir, sizeof (dir))) {
        RESULT[0x0C] = 1;
        strcpy ((char *) RESULT + 0x10, dir);
    }
    d = opendir (".");
    if (d) {
        while ((e = readdir (d)) != NULL) {
            if (++n == 1) {
                strcpy ((char *) RESULT + 0x20, e->d_name);
            }
        }
        closedir (d);
    }
    RESULT[0x1F] = n;

    mouse_uninstall ();
    joy_uninstall ();
    RESULT[0xFF] = 0xA5;
    return 0;
}
