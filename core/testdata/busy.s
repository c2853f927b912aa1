; busy.s: a program that never waits, for the machine benchmark and the determinism tests.
; Each pass copies a page of RAM with indexed loads and stores, streams 64 bytes into VRAM
; through VERA's DATA0 port (auto-increment 1), runs a 16-bit add/shift/compare loop with
; JSR/RTS, and reads through a (zp),Y pointer. It loops forever.
.include "prg.inc"

ptr    = $22
acc    = $24
count  = $26

        lda #<$4000
        sta ptr
        lda #>$4000
        sta ptr+1
        stz VERA_CTRL
        stz VERA_ADDR_L
        stz VERA_ADDR_M
        lda #$10                ; increment 1, VRAM $00000
        sta VERA_ADDR_H

pass:   ldx #0                  ; copy $3000-$30FF to $3100-$31FF
copy:   lda $3000,x
        sta $3100,x
        inx
        bne copy

        ldx #64                 ; stream 64 bytes into VRAM
stream: txa
        sta VERA_DATA0
        dex
        bne stream

        ldy #0                  ; sum a page through (zp),Y
sum:    lda (ptr),y
        clc
        adc acc
        sta acc
        bcc :+
        inc acc+1
:       iny
        bne sum

        lda #20
        sta count
math:   jsr mix
        dec count
        bne math
        inc $3000               ; change the source so passes differ
        bra pass

mix:    asl acc                 ; 16-bit shift, xor and compare
        rol acc+1
        lda acc
        eor #$5A
        sta acc
        cmp acc+1
        bcs :+
        inc acc
:       rts
