; mapscroll.s: map sizes and scrolling with wrap-around. Layer 0: 2 bpp 8x8 tiles, map
; 32x32 (256x256 pixels), scrolled by (100, 60). Layer 1: 1 bpp T256C tiles, map
; 128x128 (1024x1024 pixels), scrolled by (3895, 4000).
;
; The picture: layer 0 fills the screen with 8-pixel rows of small digits 1-7,0,1,...
; (map column & 7), each map row in the next palette offset's two colours (row 1 near
; black, then greys, browns, reds, creams, greens, cyans, blues, purples), and its map
; row 0 / column 0 as solid light-cyan bars. Because the map is only 256x256 pixels and
; scrolled by (100, 60), the cyan bars repeat: vertical at x=156 and x=412, horizontal
; at y=196 and y=452, and the digits restart after each. Layer 1 (1024x1024-pixel map,
; scroll 3895/4000, i.e. -201/-96 after wrapping) is transparent except its row 0 and
; column 0, drawn as dark red-brown bars across the whole screen at y=96-103 and
; x=201-208, and a white ring 40 pixels right of and below their crossing (map cell 5,5).
.include "prg.inc"
.include "vera.inc"

MAP0   = $00000         ; 32x32
TILES0 = $01000
MAP1   = $08000         ; 128x128
FONT1  = $1F000
row    = $26
col    = $27
tmp    = $28

        video $31, 128, 128, 0
        layer 0, $01, MAP0, TILES0, 100, 60
        layer 1, $A8, MAP1, FONT1, 3895, 4000
        vaddr TILES0, 1
        vcopy tiles0, tiles0_end-tiles0
        vaddr FONT1, 1
        vcopy font1, font1_end-font1

        ; Layer 0 entry (col, row): row 0 and column 0 are tile 8 (solid colour 3), the
        ; rest digit tile col & 7 with palette offset row & 15.
        vaddr MAP0, 1
        stz row
@r0:    stz col
@c0:    lda col
        beq @edge
        lda row
        beq @edge
        lda col
        and #7
        sta VERA_DATA0
        lda row
        asl a
        asl a
        asl a
        asl a
        sta VERA_DATA0
        bra @n0
@edge:  setreg VERA_DATA0, 8
        stz VERA_DATA0
@n0:    inc col
        lda col
        cmp #32
        bne @c0
        inc row
        lda row
        cmp #32
        bne @r0

        ; Layer 1: blank, except row 0 and column 0 (solid glyph, colour $2A) and a ring
        ; (colour $01) at (5, 5).
        vaddr MAP1, 1
        vfill 0, 128*128*2
        vaddr MAP1, 1                   ; row 0
        ldx #128
@top:   setreg VERA_DATA0, 1
        setreg VERA_DATA0, $2A
        dex
        bne @top
        vaddr MAP1, 9                   ; column 0: step 256 bytes = one map row (index 9)
        ldx #128
@left:  setreg VERA_DATA0, 1
        dex
        bne @left
        vaddr MAP1+1, 9
        ldx #128
@leftc: setreg VERA_DATA0, $2A
        dex
        bne @leftc
        vaddr MAP1+2*(5*128+5), 1
        setreg VERA_DATA0, 2
        setreg VERA_DATA0, $01
idle:   bra idle
idle_end:

        VERA_ROUTINES

tiles0:
        ; tile 0: digit 0 in colour 1 on colour 2
        .byte $AA,$AA
        .byte $A5,$6A
        .byte $A6,$6A
        .byte $A6,$6A
        .byte $A6,$6A
        .byte $A5,$6A
        .byte $AA,$AA
        .byte $AA,$AA
        ; tile 1: digit 1 in colour 1 on colour 2
        .byte $AA,$AA
        .byte $A9,$AA
        .byte $A5,$AA
        .byte $A9,$AA
        .byte $A9,$AA
        .byte $A5,$6A
        .byte $AA,$AA
        .byte $AA,$AA
        ; tile 2: digit 2 in colour 1 on colour 2
        .byte $AA,$AA
        .byte $A5,$6A
        .byte $AA,$6A
        .byte $A5,$6A
        .byte $A6,$AA
        .byte $A5,$6A
        .byte $AA,$AA
        .byte $AA,$AA
        ; tile 3: digit 3 in colour 1 on colour 2
        .byte $AA,$AA
        .byte $A5,$6A
        .byte $AA,$6A
        .byte $A9,$6A
        .byte $AA,$6A
        .byte $A5,$6A
        .byte $AA,$AA
        .byte $AA,$AA
        ; tile 4: digit 4 in colour 1 on colour 2
        .byte $AA,$AA
        .byte $A6,$6A
        .byte $A6,$6A
        .byte $A5,$6A
        .byte $AA,$6A
        .byte $AA,$6A
        .byte $AA,$AA
        .byte $AA,$AA
        ; tile 5: digit 5 in colour 1 on colour 2
        .byte $AA,$AA
        .byte $A5,$6A
        .byte $A6,$AA
        .byte $A5,$6A
        .byte $AA,$6A
        .byte $A5,$6A
        .byte $AA,$AA
        .byte $AA,$AA
        ; tile 6: digit 6 in colour 1 on colour 2
        .byte $AA,$AA
        .byte $A5,$6A
        .byte $A6,$AA
        .byte $A5,$6A
        .byte $A6,$6A
        .byte $A5,$6A
        .byte $AA,$AA
        .byte $AA,$AA
        ; tile 7: digit 7 in colour 1 on colour 2
        .byte $AA,$AA
        .byte $A5,$6A
        .byte $AA,$6A
        .byte $A9,$AA
        .byte $A9,$AA
        .byte $A9,$AA
        .byte $AA,$AA
        .byte $AA,$AA
        ; tile 8: solid colour 3
        .byte $FF,$FF
        .byte $FF,$FF
        .byte $FF,$FF
        .byte $FF,$FF
        .byte $FF,$FF
        .byte $FF,$FF
        .byte $FF,$FF
        .byte $FF,$FF
tiles0_end:
font1:  .byte $00,$00,$00,$00,$00,$00,$00,$00   ; 0 blank
        .byte $FF,$FF,$FF,$FF,$FF,$FF,$FF,$FF   ; 1 solid
        .byte $3C,$7E,$E7,$C3,$C3,$E7,$7E,$3C   ; 2 ring
font1_end:
