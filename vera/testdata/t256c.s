; t256c.s: 1 bpp tiles in T256C mode (256-colour foreground, transparent background).
;
; The picture: 8-pixel horizontal stripes of blue and dark grey (layer 0, 16-colour text
; mode, blank glyphs with alternating background colours) fill the screen. Over them,
; layer 1 shows all 256 palette colours: a 16x16 grid of small rings (column c at x=16+24c,
; row r at y=16+16r, colour 16r+c) whose holes and surroundings let the stripes through,
; and at x=416-543 the same colours as a 16x16 grid of solid 8x8 blocks with stripe
; gaps between the rows. Colour 0 is transparent in T256C mode, so the first ring
; (top-left) and the first block are missing; row 1 is the grey ramp (black to white).
.include "prg.inc"
.include "vera.inc"

MAP0 = $00000           ; layer 0: 32x32 map, 16-colour text mode
MAP1 = $1B000           ; layer 1: 128x64 map, T256C
FONT = $1F000
row  = $26
col  = $27

        video $31, 128, 128, 0          ; VGA, layers 0 and 1
        layer 0, $00, MAP0, FONT, 0, 0  ; 1 bpp, map 32x32, 16-colour mode
        layer 1, $68, MAP1, FONT, 0, 0  ; 1 bpp, map 128x64, T256C
        vaddr FONT, 1
        vcopy font, font_end-font

        ; Layer 0: glyph 0 (blank) everywhere, background blue (6) on even rows and dark
        ; grey (11) on odd rows: horizontal 8-pixel stripes.
        vaddr MAP0, 1
        ldy #0
@r0:    ldx #32
@c0:    stz VERA_DATA0
        tya
        and #1
        beq :+
        lda #$B0
        bra :++
:       lda #$60
:       sta VERA_DATA0
        dex
        bne @c0
        iny
        cpy #32
        bne @r0

        ; Layer 1: clear the map, then colour c (0-255) as a ring glyph at column 2+3*(c&15),
        ; row 2+2*(c>>4), and as a solid block at column 52+(c&15), same row.
        vaddr MAP1, 1
        vfill 0, 128*64*2
        stz row
@r1:    stz col
@c1:    ; map address of (2+3*col, 2+2*row) = MAP1 + 2*((2+2*row)*128 + 2+3*col)
        stz VERA_CTRL
        lda col
        asl a
        adc col                         ; 3*col (carry clear: col < 16)
        adc #2
        asl a                           ; *2 bytes per entry
        sta VERA_ADDR_L
        lda row
        asl a
        adc #2                          ; map row (< 64): 256 bytes per map row
        adc #>(MAP1 & $FFFF)
        sta VERA_ADDR_M
        lda #$11                        ; bit 16 of $1B000, increment 1
        sta VERA_ADDR_H
        lda #1                          ; ring glyph
        sta VERA_DATA0
        jsr colour
        sta VERA_DATA0
        ; the block: column 52+col
        lda col
        clc
        adc #52
        asl a
        sta VERA_ADDR_L
        lda #2                          ; solid glyph
        sta VERA_DATA0
        jsr colour
        sta VERA_DATA0
        inc col
        lda col
        cmp #16
        bne @c1
        inc row
        lda row
        cmp #16
        bne @r1
idle:   bra idle
idle_end:

colour: lda row                         ; A = row*16 + col
        asl a
        asl a
        asl a
        asl a
        ora col
        rts

        VERA_ROUTINES

font:   .byte $00,$00,$00,$00,$00,$00,$00,$00   ; 0 blank
        .byte $3C,$7E,$E7,$C3,$C3,$E7,$7E,$3C   ; 1 ring
        .byte $FF,$FF,$FF,$FF,$FF,$FF,$FF,$FF   ; 2 solid
font_end:
