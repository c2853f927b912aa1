; bitmap320_lo.s: 2 bpp (layer 0) and 1 bpp (layer 1) bitmaps, both 320 wide, shown at 2x
; (HSCALE = VSCALE = 64: 320x240 source pixels).
;
; The picture: every source pixel is a 2x2 block. Layer 0 is an XOR pattern of 32x32
; squares (16x16 source pixels) in black (value 0) and three greens (values 1-3 plus
; palette offset 7: colours 113-115, $5A0, $6C0, $7F0), with the black squares on
; diagonals. Layer 1 adds a white 2x2 dot every 16 pixels in both directions, starting
; at the top-left corner.
.include "prg.inc"
.include "vera.inc"

BM0  = $00000           ; 320x240 2 bpp = 19200 bytes
BM1  = $08000           ; 320x240 1 bpp = 9600 bytes
row  = $26
tmp  = $28

        video $31, 64, 64, 0
        layer 0, $05, BM0, BM0, $0700, 0        ; 2 bpp, palette offset 7
        layer 1, $04, BM1, BM1, 0, 0            ; 1 bpp

        ; Layer 0: pixel (x, y) = ((x xor y) >> 4) & 3; for byte column b (x = 4b..4b+3)
        ; that is ((b >> 2) xor (y >> 4)) & 3 for all four pixels.
        vaddr BM0, 1
        stz row
@r0:    lda row
        lsr a
        lsr a
        lsr a
        lsr a
        sta tmp
        ldx #0
@x0:    txa
        lsr a
        lsr a
        eor tmp
        and #3
        tay
        lda fill2,y
        sta VERA_DATA0
        inx
        cpx #80
        bne @x0
        inc row
        lda row
        cmp #240
        bne @r0

        ; Layer 1: a dot at every (8i, 8j): byte $80 on every 8th line, 0 elsewhere.
        vaddr BM1, 1
        stz row
@r1:    lda row
        and #7
        beq :+
        lda #0
        bra :++
:       lda #$80
:       ldx #40
@x1:    sta VERA_DATA0
        dex
        bne @x1
        inc row
        lda row
        cmp #240
        bne @r1
idle:   bra idle
idle_end:

fill2:  .byte $00, $55, $AA, $FF        ; 4 pixels of value 0, 1, 2, 3
