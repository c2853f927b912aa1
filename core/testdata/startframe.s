; startframe.s: marks the frame the program starts on, for comparing with the official
; emulator's -prg FILE -run: palette entry 6 (the text screen's blue background) becomes
; red at once, and $0400 reads $A5; after 120 interrupts the SMC switches the machine off
; (the official emulator then exits).
.include "prg.inc"

start:  lda #$A5
        sta $0400
        stz VERA_CTRL
        lda #$0C
        sta VERA_ADDR_L
        lda #$FA
        sta VERA_ADDR_M
        lda #$11
        sta VERA_ADDR_H
        lda #$00
        sta VERA_DATA0
        lda #$0F
        sta VERA_DATA0
        ldy #120
wait:   wai
        dey
        bne wait
        ldx #$42
        ldy #$01
        lda #$00
        jsr $FEC9               ; i2c_write_byte: SMC register 1 = 0, power off
        bra *
