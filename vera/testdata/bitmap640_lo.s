; bitmap640_lo.s: 2 bpp (layer 0) and 1 bpp (layer 1) bitmaps, both 640 wide, at 1x scale.
;
; The picture: a checkerboard-like pattern of 32x32-pixel squares in four shades that
; step diagonally (value (x/32 + y/32) mod 4): black (colour 0, no offset), then colours
; 33, 34 and 35 (values 1-3 plus palette offset 2: dark, mid and light brownish greys).
; Over it, in every other 32-line band (y 0-31, 64-95, ...), thin white "" diagonals
; every 8 pixels from the 1 bpp layer: white is colour 1, showing that the 1 bpp bitmap
; ignores its palette offset (5 would have made it colour 81, a green).
.include "prg.inc"
.include "vera.inc"

BM0  = $00000           ; 640x480 2 bpp = 76800 bytes
BM1  = $13000           ; 640x480 1 bpp = 38400 bytes
band = $26              ; 32-line band, 0-14
line = $27              ; line within the band, 0-31
tmp  = $28

        video $31, 128, 128, 0
        ; Bitmap mode, 640 wide (TILEBASE bit 0). HSCROLL 11:8 is the palette offset:
        ; 2 on layer 0; 5 on layer 1, which the RTL ignores at 1 bpp.
        layer 0, $05, BM0, BM0 | 1, $0200, 0
        layer 1, $04, BM1, BM1 | 1, $0500, 0

        ; Layer 0: 32x32-pixel squares, value ((x/32) + (y/32)) & 3 (8 bytes per square).
        vaddr BM0, 1
        stz band
@b0:    stz line
@l0:    ldx #0                          ; byte column 0-159
@x0:    txa
        lsr a
        lsr a
        lsr a
        clc
        adc band
        and #3
        tay
        lda fill2,y
        sta VERA_DATA0
        inx
        cpx #160
        bne @x0
        inc line
        lda line
        cmp #32
        bne @l0
        inc band
        lda band
        cmp #15
        bne @b0

        ; Layer 1: in even bands, a "\" diagonal every 8 pixels (pixel x set where
        ; x = y mod 8); odd bands empty.
        vaddr BM1, 1
        stz band
@b1:    stz line
@l1:    lda band
        and #1
        beq :+
        lda #0
        bra @row
:       lda line
        and #7
        tay
        lda bit1,y
@row:   ldx #80
@x1:    sta VERA_DATA0
        dex
        bne @x1
        inc line
        lda line
        cmp #32
        bne @l1
        inc band
        lda band
        cmp #15
        bne @b1
idle:   bra idle
idle_end:

fill2:  .byte $00, $55, $AA, $FF        ; 4 pixels of value 0, 1, 2, 3
bit1:   .byte $80, $40, $20, $10, $08, $04, $02, $01
