; version.s: shows VERA's version readout (DCSEL 63: $9F29-$9F2C read 'V', major, minor,
; build) as colours: palette entry 6 (the text screen's background) becomes green = minor,
; blue = build, red = major - 40 (47 -> 7). After 60 interrupts the SMC switches the machine
; off (the official emulator then exits).
.include "prg.inc"

start:  lda #63<<1              ; DCSEL 63
        sta VERA_CTRL
        lda $9F2B               ; minor
        asl
        asl
        asl
        asl
        ora $9F2C               ; build
        tax
        lda $9F2A               ; major
        sec
        sbc #40
        tay
        stz VERA_CTRL
        lda #$0C                ; palette entry 6 at $1FA0C
        sta VERA_ADDR_L
        lda #$FA
        sta VERA_ADDR_M
        lda #$11
        sta VERA_ADDR_H
        stx VERA_DATA0          ; green << 4 | blue
        sty VERA_DATA0          ; red
        ldy #60
wait:   wai
        dey
        bne wait
        ldx #$42
        ldy #$01
        lda #$00
        jsr $FEC9               ; i2c_write_byte: SMC register 1 = 0, power off
        bra *
