; hscroll4.s: layer 0 alone, a 4 bpp 8x8 tile layer scrolled by an odd amount (HSCROLL 5):
; tile k, pixel p has colour ((k + p) mod 15) + 1 and map column c shows tile c mod 16, so
; every screen column's colour says which source pixel it shows, the leftmost included.
; After 60 interrupts the SMC switches the machine off (the official emulator then exits).
.include "prg.inc"

start:  stz VERA_CTRL
        ; tiles at $12000: 16 tiles x 8 rows x 4 bytes
        stz VERA_ADDR_L
        lda #$20
        sta VERA_ADDR_M
        lda #$11
        sta VERA_ADDR_H
        ldx #0                  ; offset of tile k's row in rowdata
tile:   ldy #8
row:    phx
        lda rowdata,x
        sta VERA_DATA0
        lda rowdata+1,x
        sta VERA_DATA0
        lda rowdata+2,x
        sta VERA_DATA0
        lda rowdata+3,x
        sta VERA_DATA0
        plx
        dey
        bne row
        inx
        inx
        inx
        inx
        cpx #64
        bne tile
        ; map at $10000: 32 x 32 entries, column c -> tile c mod 16
        stz VERA_ADDR_L
        stz VERA_ADDR_M
        ldy #32
maprow: ldx #0
mapcol: txa
        and #15
        sta VERA_DATA0
        stz VERA_DATA0
        inx
        cpx #32
        bne mapcol
        dey
        bne maprow
        lda #$02                ; 4 bpp tiles, 32x32 map
        sta VERA_L0_CONFIG
        lda #$80                ; map $10000
        sta VERA_L0_MAPBASE
        lda #$90                ; tiles $12000, 8x8
        sta VERA_L0_TILEBASE
        lda #5
        sta $9F30               ; L0 HSCROLL = 5
        stz $9F31
        stz $9F32
        stz $9F33
        lda #$11                ; VGA, layer 0 only
        sta VERA_DC_VIDEO
        ldy #60
wait:   wai
        dey
        bne wait
        ldx #$42
        ldy #$01
        lda #$00
        jsr $FEC9               ; i2c_write_byte: SMC register 1 = 0, power off
        bra *

rowdata:
.repeat 16, K
  .repeat 4, P
        .byte ((((K + 2*P) .mod 15) + 1) << 4) | (((K + 2*P + 1) .mod 15) + 1)
  .endrepeat
.endrepeat
