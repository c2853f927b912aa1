; The built-in ROM's joystick calls: joystick_scan and joystick_get for the keyboard
; joystick (0), the four SNES ports (1-4) and a bad number (5). The Go test connects
; controllers 1 and 2 and holds the LEFT cursor key before the program runs; results
; (P, A, X, Y per joystick) at $0400 + 4n.
.include "prg.inc"
.include "api.inc"

        ldx #4                  ; a few frames: the VSYNC handler reads the key and scans
:       wai
        dex
        bne :-
        sei
        jsr joystick_scan       ; and once more by hand
        cli
.repeat 6, n
        lda #n
        jsr joystick_get
        RESULT $0400+4*n
.endrepeat
        rts
