; sdbootoff.s: sdboot.s switching the machine off at its end (SMC power-off), so that the
; official emulator exits when it is done (core: TestSDCardAgainstX16emu).
POWEROFF = 1
.include "sdboot.s"
