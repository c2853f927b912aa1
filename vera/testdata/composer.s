; composer.s: fractional scaling (HSCALE 80 = x1.6, VSCALE 48 = x2.67) inside a border
; window (HSTART 64, HSTOP 576, VSTART 40, VSTOP 440, border colour 4).
;
; The picture: a purple border (colour 4) around the window x=64-575, y=40-439. Inside,
; source pixel (0,0) is at the window's top-left corner and the 8x8 outlined squares of
; layer 1 (one per map cell, colour (col + 3 row) mod 16, black where the colour is 0)
; are stretched to about 12.8 x 21.3 pixels: HSCALE 80 advances the source by 0.625
; pixels per output pixel (so columns alternate 12 and 13 pixels wide) and VSCALE 48 by
; 0.375 lines per line (2 or 3 output lines per source line). A 16x16 multicolour "F"
; sprite at source (100, 50) appears scaled the same way at about (224, 173).
.include "prg.inc"
.include "vera.inc"

MAP     = $1B000        ; 128x64, 16-colour text mode
FONT    = $1F000
IMAGE   = $10000        ; 16x16 4 bpp sprite image
SPRATTR = $1FC00
row     = $26
col     = $27

        video $61, 80, 48, 4            ; VGA, layer 1 and sprites, border purple
        setreg VERA_CTRL, 2             ; DCSEL 1: the window
        setreg VERA_DC_VIDEO, 64/4
        setreg VERA_DC_HSCALE, 576/4
        setreg VERA_DC_VSCALE, 40/2
        setreg VERA_DC_BORDER, 440/2
        stz VERA_CTRL
        layer 1, $60, MAP, FONT, 0, 0
        vaddr FONT, 1
        vcopy font, font_end-font

        ; Every cell: an outlined 8x8 square, colour (col + 3*row) & 15 on transparent.
        vaddr MAP, 1
        stz row
@row:   stz col
@col:   setreg VERA_DATA0, 1
        lda row
        asl a
        adc row                         ; 3*row (row < 64, carry clear)
        adc col
        and #15
        sta VERA_DATA0
        inc col
        bpl @col
        inc row
        lda row
        cmp #64
        bne @row

        vaddr IMAGE, 1
        vcopy image, image_end-image
        vaddr SPRATTR, 1
        vcopy attrs, attrs_end-attrs
idle:   bra idle
idle_end:

        VERA_ROUTINES

attrs:  .byte <(IMAGE >> 5), >(IMAGE >> 5) & $0F, 100, 0, 50, 0, $0C, $50  ; 16x16 4 bpp, Z=3, at (100, 50)
attrs_end:

font:   .byte $00,$00,$00,$00,$00,$00,$00,$00   ; 0 blank
        .byte $FF,$81,$81,$81,$81,$81,$81,$FF   ; 1 outlined square
font_end:

; A 16x16 "F" of 4x4 blocks in colours 1-15.
image:
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
image_end:
