; tiles2bpp.s: layer 0 with 2 bpp 8x8 tiles, H/V flips and palette offsets.
;
; The picture: on black, a grid of small corner shapes, one every 16 pixels each way
; (tiles at even map columns and rows, blank tiles between). Along a row the shape turns
; through the four flip states: top-left corner (no flip), top-right (H), bottom-left
; (V), bottom-right (H+V), repeating. Each shape row uses the next palette offset: row 0
; white outline, dark red and light cyan inside (colours 1-3); row 1 greys 17-19; row 2
; browns 33-35; ... 16 offsets, then the sequence repeats from y=256.
.include "prg.inc"
.include "vera.inc"

MAP   = $00000          ; 128x64 map
TILES = $04000
row   = $26
col   = $27
tmp   = $28

        video $11, 128, 128, 0          ; VGA, layer 0 only
        layer 0, $61, MAP, TILES, 0, 0  ; 2 bpp, map 128x64, 8x8 tiles
        vaddr TILES, 1
        vcopy tiles, tiles_end-tiles

        ; Entry (col, row): tile 1 where col and row are both even, else tile 0 (blank);
        ; palette offset (row/2) & 15, flips (col/2) & 3 (bit 0 = H, bit 1 = V).
        vaddr MAP, 1
        stz row
@row:   stz col
@col:   lda col
        ora row
        and #1
        eor #1
        sta VERA_DATA0                  ; tile index 7:0
        lda row
        asl a
        asl a
        asl a
        and #$F0                        ; offset = (row >> 1) & 15 in bits 7:4
        sta tmp
        lda col
        asl a
        and #$0C                        ; flips = (col >> 1) & 3 in bits 3:2
        ora tmp
        sta VERA_DATA0
        inc col
        bpl @col
        inc row
        lda row
        cmp #64
        bne @row
idle:   bra idle
idle_end:

        VERA_ROUTINES

tiles:  .res 16, 0                      ; tile 0: blank
        ; tile 1: a corner shape in colours 1 (outer), 2 and 3 (inner); 0 transparent
        .byte $55,$54                   ; 1111111.
        .byte $6A,$A0                   ; 122222..
        .byte $6F,$C0                   ; 12333...
        .byte $6C,$00                   ; 123.....
        .byte $60,$00                   ; 12......
        .byte $40,$00                   ; 1.......
        .byte $40,$00                   ; 1.......
        .byte $50,$00                   ; 11......
tiles_end:
