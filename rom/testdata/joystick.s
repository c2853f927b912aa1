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
        ; with interrupts off only joystick_scan itself can see that controller 1 now
        ; holds B (the Go test changes it when $0420 = 1 and answers in $0421)
        sei
        lda #1
        sta $0420
:       lda $0421
        beq :-
        lda #1
        jsr joystick_get
        sta $0422               ; still $F7: not scanned yet
        jsr joystick_scan
        lda #1
        jsr joystick_get
        sta $0423               ; $7F: B
        cli
        DONE
