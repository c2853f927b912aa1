; Keyboard test program: with the KERNAL's interrupt running (CLI), wait for each VSYNC
; interrupt (WAI), read a key with GETIN and keep the last one at $30 and a count at $31;
; echo it to the screen with CHROUT. The browser test types on the page and reads $30/$31.
.include "prg.inc"

GETIN   = $FFE4
CHROUT  = $FFD2
lastkey = $30
count   = $31

start:
        stz lastkey
        stz count
        cli
loop:   wai
        jsr GETIN
        beq loop
        sta lastkey
        inc count
        jsr CHROUT
        bra loop
