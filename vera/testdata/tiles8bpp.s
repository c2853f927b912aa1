; tiles8bpp.s: 8 bpp 8x8 tiles with flips and palette offsets, map 32x32 (256x256
; pixels, so it repeats across the screen), scrolled by (4, 4).
;
; The picture: on black, a grid of small triangles (one every 16 pixels each way), the
; whole pattern shifted 4 pixels up and left by the scroll, and repeating every 256
; pixels both ways (the map is 32x32 tiles). Along a row the shape cycles through no
; flip, H, V and H+V. Each triangle's left half (colours 1-15) follows the row's palette
; offset: multicolour on the first shape row, greys on the second, pinks on the third,
; ...; its right half (colours $40-$7F) is the same olive/yellow/green in every row,
; because the offset only applies to colours 1-15.
.include "prg.inc"
.include "vera.inc"

MAP   = $00000          ; 32x32 map
TILES = $01000
row   = $26
col   = $27
tmp   = $28

        video $11, 128, 128, 0          ; VGA, layer 0
        layer 0, $03, MAP, TILES, 4, 4  ; 8 bpp, map 32x32, 8x8 tiles, scrolled
        vaddr TILES, 1
        vcopy tiles, tiles_end-tiles
        ; Entry (col, row): tile 1 where col and row are both even, else 0; palette
        ; offset (row/2) & 15, flips (col/2) & 3.
        vaddr MAP, 1
        stz row
@row:   stz col
@col:   lda col
        ora row
        and #1
        eor #1
        sta VERA_DATA0
        lda row
        asl a
        asl a
        asl a
        and #$F0
        sta tmp
        lda col
        asl a
        and #$0C
        ora tmp
        sta VERA_DATA0
        inc col
        lda col
        cmp #32
        bne @col
        inc row
        lda row
        cmp #32
        bne @row
idle:   bra idle
idle_end:

        VERA_ROUTINES

tiles:  .res 64, 0                      ; tile 0: blank
        ; tile 1, where x + y < 9: left half colours (x + 2y) mod 15 + 1 (1-15: offset
        ; applies), right half $40 + 8y + x (64-127: no offset); elsewhere 0
        .byte $01,$02,$03,$04,$44,$45,$46,$47
        .byte $03,$04,$05,$06,$4C,$4D,$4E,$4F
        .byte $05,$06,$07,$08,$54,$55,$56,$00
        .byte $07,$08,$09,$0A,$5C,$5D,$00,$00
        .byte $09,$0A,$0B,$0C,$64,$00,$00,$00
        .byte $0B,$0C,$0D,$0E,$00,$00,$00,$00
        .byte $0D,$0E,$0F,$00,$00,$00,$00,$00
        .byte $0F,$01,$00,$00,$00,$00,$00,$00
tiles_end:
