; bitmap320_hi.s: 8 bpp (layer 0) and 4 bpp (layer 1) bitmaps, both 320 wide, shown at 2x
; (HSCALE = VSCALE = 64: 320x240 source pixels).
;
; The picture: every source pixel is a 2x2 block. Layer 0 fills the screen with "/"
; diagonal bands running through the whole palette (value (x + y) mod 256): black (0),
; then the reds 49-63 where colours 1-15 would be (palette offset 3 applies to 1-15 only),
; then the grey ramp 16-31 black to white, then the reset palette's hue ramps, repeating
; every 256 source pixels. In the middle, a 320x240-pixel box (source 160x120 at 80,60)
; from layer 1: 32x32-pixel squares in greys (values 1-15 + offset 1 = colours 17-31)
; getting lighter to the right and downwards, with a transparent diagonal staircase where
; the value wraps to 0, through which layer 0's bands show.
.include "prg.inc"
.include "vera.inc"

BM0  = $00000           ; 320x240 8 bpp = 76800 bytes
BM1  = $13000           ; 320x240 4 bpp = 38400 bytes
row  = $26              ; 16-bit source line 0-239
tmp  = $28

        video $31, 64, 64, 0
        ; 320 wide (TILEBASE bit 0 clear); palette offsets (HSCROLL 11:8) 3 and 1.
        layer 0, $07, BM0, BM0, $0300, 0
        layer 1, $06, BM1, BM1, $0100, 0

        ; Layer 0: pixel (x, y) = (x + y) & $FF: diagonal bands through all 256 colours,
        ; where colours 1-15 become 49-63 through the palette offset.
        vaddr BM0, 1
        stz row
@r0:    lda row
        ldx #0                          ; x 0-255
@x0:    sta VERA_DATA0
        inc a
        inx
        bne @x0
        ldx #64                         ; x 256-319
@x0b:   sta VERA_DATA0
        inc a
        dex
        bne @x0b
        inc row
        lda row
        cmp #240
        bne @r0

        ; Layer 1: transparent except a 160x120 box at (80, 60): 16x16 squares of value
        ; ((x/16) + (y/16)) & 15, i.e. greys 17-31 (offset 1) and transparent holes where the
        ; value is 0.
        vaddr BM1, 1
        stz row
@r1:    ldx #160                        ; 160 bytes per line
        lda row
        cmp #60
        bcc @blank
        cmp #180
        bcs @blank
        ldx #40                         ; 80 pixels of transparency
:       stz VERA_DATA0
        dex
        bne :-
        ldx #0                          ; x = 80 + 2*X
@sq:    txa
        lsr a
        lsr a
        lsr a                           ; (2X)/16
        sta tmp
        lda row
        lsr a
        lsr a
        lsr a
        lsr a                           ; y/16
        clc
        adc tmp
        adc #5                          ; + 80/16
        and #15
        sta tmp
        asl a
        asl a
        asl a
        asl a
        ora tmp                         ; two pixels of that value
        sta VERA_DATA0
        inx
        cpx #80
        bne @sq
        ldx #40
@blank: stz VERA_DATA0
        dex
        bne @blank
        inc row
        lda row
        cmp #240
        bne @r1
idle:   bra idle
idle_end:
