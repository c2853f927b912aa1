#!/usr/bin/env python3
# official-shot-patch.py DIR: the frame-shot edit of a copy of the official emulator's source
# (scripts/official-shot.sh says what it does). It refuses a source that does not look as
# expected rather than build something else.
import sys
p = sys.argv[1] + "/src/video.c"
s = open(p).read()
anchor = "\tbool mouse_changed = false;\n\n\t// for activity LED"
if s.count(anchor) != 1 or "stbi_write_png(" not in s:
    sys.exit("video.c does not look as expected: update scripts/official-shot-patch.py")
shot = """\tbool mouse_changed = false;
\t{ /* official-shot-patch.py: save frame X16SHOT_FRAME to X16SHOT_FILE and exit */
\t\tstatic int shot = -1;
\t\tif (shot < 0) { char *e = getenv("X16SHOT_FRAME"); shot = e ? atoi(e) : 0; }
\t\tif (shot && frame_count >= shot) {
\t\t\tfor (int i = 0; i < SCREEN_WIDTH * SCREEN_HEIGHT; i++) {
\t\t\t\tpng_buffer[i*3+0] = framebuffer[i*4+2];
\t\t\t\tpng_buffer[i*3+1] = framebuffer[i*4+1];
\t\t\t\tpng_buffer[i*3+2] = framebuffer[i*4+0];
\t\t\t}
\t\t\tstbi_write_png(getenv("X16SHOT_FILE"), SCREEN_WIDTH, SCREEN_HEIGHT, 3, png_buffer, SCREEN_WIDTH*3);
\t\t\texit(0);
\t\t}
\t}

\t// for activity LED"""
s = s.replace(anchor, shot)
open(p, "w").write(s)
p = p.replace("video.c", "main.c")
s = open(p).read()
anchor = "\t\tif (smc_requested_reset) machine_reset();\n"
if s.count(anchor) != 1:
    sys.exit("main.c does not look as expected: update scripts/official-shot-patch.py")
start = anchor + """\t\t{ /* official-shot-patch.py: the frame in which the CPU first reaches X16SHOT_ENTRY */
\t\t\textern int frame_count;
\t\t\tstatic long entry = -2;
\t\t\tif (entry == -2) { char *e = getenv("X16SHOT_ENTRY"); entry = e ? strtol(e, NULL, 16) : -1; }
\t\t\tif (entry >= 0 && regs.pc == entry) { fprintf(stderr, "x16shot: start frame %d\\n", frame_count + 1); entry = -1; }
\t\t}
"""
s = s.replace(anchor, start)
open(p, "w").write(s)
