; lockstep.s: a small program for cmd/lockstep's test against the official emulator: it
; writes VERA's address and data registers in a loop (arithmetic, stores, a branch), with
; interrupts masked: the program starts on another scan line in each emulator (the
; YM2151's busy flag at boot, docs/HARDWARE-NOTES.md), so an interrupt would come at
; another instruction. lockstep_planted.s is the same program with one immediate changed:
; the comparison must find that instruction.
.include "prg.inc"

.ifndef PLANT
PLANT = 3
.endif

start:  sei
        ldx #0
loop:   txa
        clc
        adc #PLANT
        sta VERA_ADDR_L
        stz VERA_ADDR_M
        stz VERA_ADDR_H
        stx VERA_DATA0
        inx
        bne loop
        bra start
