; tiles16.s: 16x16 tiles (4 bpp, layer 0, left half) and 16x8 tiles (2 bpp, layer 1,
; right half), with flips and palette offsets.
;
; The picture: left half (layer 0), a grid of 16x16 "F" letters built from 4x4-pixel
; blocks, one every 32 pixels; along a row they cycle no flip (F), H-flip (mirrored F),
; V-flip (upside-down F), H+V (rotated F). Each row of letters takes the next palette
; offset: multicolour (1-15), greys, pinks, reds, creams, browns, ... Right half (layer
; 1), 16x8 arrows one every 32x16 pixels, alternating right/left (the map's V-flip bit is
; invisible on a symmetric arrow: columns with flips 2 and 0 point right, 3 and 1 left);
; the first row white/dark red shaft with a cyan head (colours 1-3), then each row the
; next palette offset (greys, browns, reds, ...).
.include "prg.inc"
.include "vera.inc"

MAP0   = $00000         ; 64x32 map
MAP1   = $02000         ; 64x64 map
TILES0 = $04000         ; 16x16 4 bpp: 128 bytes per tile
TILES1 = $05000         ; 16x8 2 bpp: 32 bytes per tile
row    = $26
col    = $27
tmp    = $28

        video $31, 128, 128, 0                  ; VGA, layers 0 and 1
        layer 0, $12, MAP0, TILES0 | 3, 0, 0    ; 4 bpp, map 64x32, 16x16 tiles
        layer 1, $51, MAP1, TILES1 | 1, 0, 0    ; 2 bpp, map 64x64, 16x8 tiles
        vaddr TILES0, 1
        vcopy tiles0, tiles0_end-tiles0
        vaddr TILES1, 1
        vcopy tiles1, tiles1_end-tiles1

        ; Layer 0 (40x30 tiles on screen): tile 1 at even columns < 20 and even rows.
        vaddr MAP0, 1
        stz row
@r0:    stz col
@c0:    lda col
        cmp #20
        bcs @b0
        ora row
        and #1
        eor #1
        bra @t0
@b0:    lda #0
@t0:    jsr entry
        inc col
        lda col
        cmp #64
        bne @c0
        inc row
        lda row
        cmp #32
        bne @r0

        ; Layer 1 (40x60 tiles on screen): tile 1 at even columns >= 20 and even rows.
        vaddr MAP1, 1
        stz row
@r1:    stz col
@c1:    lda col
        cmp #20
        bcc @b1
        ora row
        and #1
        eor #1
        bra @t1
@b1:    lda #0
@t1:    jsr entry
        inc col
        lda col
        cmp #64
        bne @c1
        inc row
        lda row
        cmp #64
        bne @r1
idle:   bra idle
idle_end:

; entry writes a map entry: tile A, palette offset (row/2) & 15, flips (col/2) & 3.
entry:  sta VERA_DATA0
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
        rts

        VERA_ROUTINES

tiles0: .res 128, 0                     ; tile 0: blank
        ; tile 1: an "F", 4x4-pixel blocks in colours 1-15
        .byte $11,$11,$22,$22,$33,$33,$44,$44
        .byte $11,$11,$22,$22,$33,$33,$44,$44
        .byte $11,$11,$22,$22,$33,$33,$44,$44
        .byte $11,$11,$22,$22,$33,$33,$44,$44
        .byte $55,$55,$00,$00,$00,$00,$00,$00
        .byte $55,$55,$00,$00,$00,$00,$00,$00
        .byte $55,$55,$66,$66,$77,$70,$00,$00
        .byte $55,$55,$66,$66,$77,$70,$00,$00
        .byte $99,$99,$AA,$AA,$BB,$B0,$00,$00
        .byte $99,$99,$AA,$AA,$BB,$B0,$00,$00
        .byte $99,$99,$00,$00,$00,$00,$00,$00
        .byte $99,$99,$00,$00,$00,$00,$00,$00
        .byte $DD,$DD,$00,$00,$00,$00,$00,$00
        .byte $DD,$DD,$00,$00,$00,$00,$00,$00
        .byte $DD,$DD,$00,$00,$00,$00,$00,$00
        .byte $DD,$DD,$00,$00,$00,$00,$00,$00
tiles0_end:
tiles1: .res 32, 0                      ; tile 0: blank
        ; tile 1: an arrow pointing right, shaft colours 1 and 2, head colour 3
        .byte $00,$00,$0C,$00
        .byte $00,$00,$0F,$C0
        .byte $00,$00,$0F,$F0
        .byte $55,$6A,$AF,$FF
        .byte $55,$6A,$AF,$FF
        .byte $00,$00,$0F,$F0
        .byte $00,$00,$0F,$C0
        .byte $00,$00,$0C,$00
tiles1_end:
