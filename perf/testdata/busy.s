; busy.s: a CPU-bound program for the frame benchmark: loads, stores, read-modify-write,
; a subroutine call and branches, never waiting and never touching I/O.
.include "prg.inc"

main:   ldx #0
loop:   lda $2000,x
        clc
        adc #1
        sta $2100,x
        inc $2200,x
        jsr sub
        inx
        bne loop
        bra main

sub:    lda $30
        eor #$55
        sta $30
        rts
