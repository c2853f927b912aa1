package core

import "testing"

// TestHostFSCaseInsensitivePath: on a host folder, every part of a path matches without
// regard to case, as names do on the X16's FAT32 SD card: the kit's SHELL.PRG reads
// "//shell-files/:motd.txt" where the folder is SHELL-FILES and the file motd.txt. The
// official emulator folds case for the last part only (docs/HARDWARE-NOTES.md).
func TestHostFSCaseInsensitivePath(t *testing.T) {
	d, _ := newTestDOS(t, map[string][]byte{"SHELL-FILES/motd.txt": []byte("HI")})
	for _, name := range []string{"//shell-files/:motd.txt", "//SHELL-FILES/:MOTD.TXT", "//Shell-Files/:Motd.Txt,S,R"} {
		if !d.Open(2, []byte(name)) {
			t.Errorf("open %q: %s", name, d.status)
			continue
		}
		if v, _ := d.Read(2); v != 'H' {
			t.Errorf("%q: first byte %q, want 'H'", name, v)
		}
		d.Close(2)
	}
	if d.Open(2, []byte("//shell-file/:motd.txt")) {
		t.Error("a folder that is not there was opened")
	}
}
