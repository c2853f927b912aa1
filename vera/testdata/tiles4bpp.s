; tiles4bpp.s: 4 bpp 8x8 tiles with flips and palette offsets on layer 0, and the same
; with T256C on layer 1.
;
; The picture: on black, a grid of small right triangles (the tile's filled corner), one
; every 16 pixels each way. Along each row the triangle cycles through no flip (corner
; top-left), H-flip (top-right), V-flip (bottom-left), H+V (bottom-right). The upper half
; (layer 0, rows 0-29) uses palette offset (row/2) mod 16: first row of shapes in the
; 15 C64-like colours (1-15) as diagonal multicolour stripes, then greys (17-31), then
; reds/pinks (33-47), oranges, yellows, greens... The lower half (layer 1, T256C) starts
; at y=240 with offset 15 but bit 7 forced on: magentas ($F1-$FF), then greens ($81-$8F),
; cyans ($91-$9F) and so on, never the low half of the palette.
.include "prg.inc"
.include "vera.inc"

MAP0  = $00000          ; 64x64 maps
MAP1  = $02000
TILES = $04000
row   = $26
col   = $27
tmp   = $28
first = $29             ; first and last+1 rows where a layer has shapes
last  = $2A

        video $31, 128, 128, 0          ; VGA, layers 0 and 1
        layer 0, $52, MAP0, TILES, 0, 0 ; 4 bpp, map 64x64, 8x8 tiles
        layer 1, $5A, MAP1, TILES, 0, 0 ; the same with T256C
        vaddr TILES, 1
        vcopy tiles, tiles_end-tiles
        vaddr MAP0, 1                   ; layer 0: shapes on rows 0-29
        stz first
        lda #30
        sta last
        jsr fillmap
        vaddr MAP1, 1                   ; layer 1: shapes on rows 30-59
        lda #30
        sta first
        lda #60
        sta last
        jsr fillmap
idle:   bra idle
idle_end:

; fillmap writes a 64x64 map through DATA0: entry (col, row) is tile 1 where col and row
; are both even and first <= row < last, else tile 0; palette offset (row/2) & 15 and
; flips (col/2) & 3 (bit 0 = H, bit 1 = V).
fillmap:
        stz row
@row:   stz col
@col:   lda row
        cmp first
        bcc @blank
        cmp last
        bcs @blank
        lda col
        ora row
        and #1
        eor #1
        bra @tile
@blank: lda #0
@tile:  sta VERA_DATA0
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
        cmp #64
        bne @col
        inc row
        lda row
        cmp #64
        bne @row
        rts

        VERA_ROUTINES

tiles:  .res 32, 0                      ; tile 0: blank
        ; tile 1: pixel (x, y) = (x + 2y) mod 15 + 1 where x + y < 8, else 0 (transparent)
        .byte $12,$34,$56,$78
        .byte $34,$56,$78,$90
        .byte $56,$78,$9A,$00
        .byte $78,$9A,$B0,$00
        .byte $9A,$BC,$00,$00
        .byte $BC,$D0,$00,$00
        .byte $DE,$00,$00,$00
        .byte $F0,$00,$00,$00
tiles_end:
