; x16scope built-in KERNAL: text on the graphics screen, GRAPH_set_font, GRAPH_get_char_size
; and GRAPH_put_char (X16 KERNAL chapter "Graphics"), ROM bank 8. Fonts are single point
; size GEOS fonts: byte 0 baseline (rows above it), word 1 bytes per bitstream row, byte 3
; height, word 4 offset of the index table (the bit position of each of chars $20-$7F, and
; one more for the end), word 6 offset of the bitstream (height rows, MSB first). y is the
; baseline. Styles: bold (1 more column), italic (slanted by one pixel every 4 lines),
; outline (2 more columns and lines), underline (the line below the baseline opaque in the
; fill colour), reverse (the cell opaque in the fill colour). Glyphs are up to 24 wide.
.include "kernal.inc"

.import g_ensure, g_clear, fbv_cursor_position, fbv_set_8_pixels, fbv_set_8_pixels_opaque
.import sysfont
.export font_system, gf_set_font, gf_get_char_size, gf_put_char

.segment "GRAPH"

; ---- GRAPH_set_font: r0 = font (0 = the system font) -----------------------------------
gf_set_font:
        jsr g_ensure
        lda r0L
        ora r0H
        bne font_set
font_system:
        lda #<sysfont
        sta r0L
        lda #>sysfont
        sta r0H
font_set:
        ldy #0
        lda (r0),y
        sta f_base
        iny
        lda (r0),y
        sta f_setw
        iny
        lda (r0),y
        sta f_setw+1
        iny
        lda (r0),y
        sta f_height
        iny
        clc
        lda (r0),y
        adc r0L
        sta f_index
        iny
        lda (r0),y
        adc r0H
        sta f_index+1
        iny
        clc
        lda (r0),y
        adc r0L
        sta f_data
        iny
        lda (r0),y
        adc r0H
        sta f_data+1
        rts

; ---- GRAPH_get_char_size: A = char, X = format -> printable: C=0, A = baseline, X = width,
; Y = height; control code: C=1, X = the format after it ----------------------------------
gf_get_char_size:
        jsr g_ensure
        cmp #$20
        bcc @ctl
        cmp #$80
        bcc char_size
        cmp #$A0
        bcs char_size
@ctl:   ldy #3
:       cmp style_codes,y
        beq @style
        dey
        bpl :-
        cmp #$92                ; attributes off
        bne :+
        ldx #0
:       sec
        rts
@style: txa
        ora style_bits,y
        tax
        sec
        rts
style_codes: .byte $04, $06, $0B, $0C
style_bits:  .byte $80, $40, $10, $08

; char_size: A = printable char, X = style -> A = baseline, X = width, Y = height (styled),
; C=0; r12 = the glyph's bit position in the bitstream, r13H = its plain width
char_size:
        phx
        jsr glyph_off
        sta r13H
        tax
        ldy f_height
        pla
        sta r13L
        lda f_base
        bit r13L
        bvc :+                  ; bold: one more column
        inx
:       pha
        lda r13L
        and #$08
        beq :+
        inx                     ; outline: a pixel around
        inx
        iny
        iny
        pla
        inc a
        inc a
        clc
        rts
:       pla
        clc
        rts

; glyph_off: A = char -> r12 = bit position, A = width (index table of the current font).
; Chars $A0-$FF fall back to $20-$7F.
glyph_off:
        cmp #$80
        bcc :+
        and #$7F
:       sec
        sbc #$20
        asl a
        tay
        lda f_index
        sta r14L
        lda f_index+1
        sta r14H
        lda (r14),y
        sta r12L
        iny
        lda (r14),y
        sta r12H
        iny
        cpy #2*$5F+2            ; DEL ($7F): its bits, as wide as the last character drawn
        bne :+                  ; (GEOS fonts' rule, as the official library's)
        lda f_prevw
        rts
:       lda (r14),y
        sec
        sbc r12L
        rts

; ---- GRAPH_put_char: A = char at (r0, r1 = baseline) -> r0/r1 moved on; C=1: it did not
; fit in the window and was not drawn -----------------------------------------------------
gf_put_char:
        jsr g_ensure
put_char:
        cmp #$20
        bcc @ctl
        cmp #$80
        bcc @print
        cmp #$A0
        bcs @print
@ctl:   jmp control
@print: ldx f_mode
        jsr char_size
        stx r15L                ; styled width
        sty r15H                ; styled height
        sta r11L                ; styled baseline
        lda r13H
        sta r11H                ; plain width
        clc                     ; r13 = right edge = x + width - 1
        lda r0L
        adc r15L
        sta r13L
        lda r0H
        adc #0
        sta r13H
        lda r13L
        bne :+
        dec r13H
:       dec r13L
        lda g_right             ; right edge beyond the window: not drawn, x kept
        cmp r13L
        lda g_right+1
        sbc r13H
        bcc @out
        lda r0L                 ; left of the window: skipped over
        cmp g_left
        lda r0H
        sbc g_left+1
        bcs @draw
        clc
        lda r13L
        adc #1
        sta r0L
        lda r13H
        adc #0
        sta r0H
@out:   sec
        rts
@draw:  ldx #17                 ; r2-r10 are the renderer's, kept for the caller
:       lda r2,x
        pha
        dex
        bpl :-
        lda r0L
        pha
        lda r0H
        pha
        lda r1L
        pha
        lda r1H
        pha
        lda r0L
        sta r2L
        lda r0H
        sta r2H
        sec                     ; r3 = top line = y - baseline
        lda r1L
        sbc r11L
        sta r3L
        lda r1H
        sbc #0
        sta r3H
        lda r11H
        sta r4L                 ; plain width
        lda r15H
        sta r4H                 ; styled height
        lda r11L
        sta r5H                 ; styled baseline
        lda r12L
        sta r6L
        lda r12H
        sta r6H                 ; bit position
        lda r15L
        sta r7H                 ; styled width
        sta f_prevw
        stz r5L                 ; line 0
@line:  jsr draw_line
        inc r5L
        lda r5L
        cmp r4H
        bcc @line
        pla
        sta r1H
        pla
        sta r1L
        pla
        sta r0H
        pla
        sta r0L
        ldx #0
:       pla
        sta r2,x
        inx
        cpx #18
        bne :-
        clc                     ; x += styled width
        lda r0L
        adc f_prevw
        sta r0L
        bcc :+
        inc r0H
:       clc
        rts

; draw_line: styled line r5L of the glyph at (r2 + italic shift, r3 + r5L)
draw_line:
        clc                     ; y; lines outside the window are not drawn
        lda r3L
        adc r5L
        sta r1L
        lda r3H
        adc #0
        sta r1H
        lda r1L
        cmp g_top
        lda r1H
        sbc g_top+1
        bcc @rts
        lda g_bottom
        cmp r1L
        lda g_bottom+1
        sbc r1H
        bcc @rts
        lda f_mode
        and #$10
        beq :+
        sec                     ; italic: (height - line - 1) / 4 to the right
        lda r4H
        sbc r5L
        dec a
        lsr a
        lsr a
:       clc
        adc r2L
        sta r0L
        lda r2H
        adc #0
        sta r0H
        jsr build_line          ; -> r8-r9
        jsr fbv_cursor_position
        lda f_mode              ; opaque: reverse, toggled on the underline line
        and #$20
        sta r7L
        lda f_mode
        bpl :+
        lda r5H
        inc a
        cmp r5L
        bne :+
        lda r7L
        eor #$20
        sta r7L
:       ldy #0                  ; byte Y of the line
@byte:  tya
        asl a
        asl a
        asl a
        cmp r7H
        bcs @rts                ; past the styled width
        lda r7L
        beq @trans
        phy
        lda r8,y
        sta r0L
        tya
        jsr width_mask
        ldx g_col1
        ldy g_col2
        jsr fbv_set_8_pixels_opaque
        ply
        bra @next
@trans: phy
        lda r8,y
        ldx g_col1
        jsr fbv_set_8_pixels
        ply
@next:  iny
        cpy #4
        bne @byte
@rts:   rts

; width_mask: A = byte number -> the bits of it inside the styled width (r7H)
width_mask:
        asl a
        asl a
        asl a
        sta r15L
        sec
        lda r7H
        sbc r15L
        cmp #8
        bcc :+
        lda #$FF
        rts
:       tax
        lda lead_ones,x
        rts
lead_ones: .byte $00, $80, $C0, $E0, $F0, $F8, $FC, $FE

; build_line: styled line r5L -> r8-r9 (32 pixels, MSB first)
build_line:
        lda f_mode
        and #$08
        bne @outl
        lda r5L
        jsr src_line
        ldx #3
:       lda r10,x
        sta r8,x
        dex
        bpl :-
        rts
@outl:  ; outline: the glyph moved one right and down, grown by one pixel all round,
        ; minus the glyph itself
        ldx #3
:       stz r12,x
        dex
        bpl :-
        lda r5L
        sec
        sbc #2
        jsr dil_line
        lda r5L
        dec a
        jsr dil_line
        lda r5L
        jsr dil_line
        lda r5L
        dec a
        jsr src_line
        jsr src_shr
        ldx #3
:       lda r10,x
        eor #$FF
        and r12,x
        sta r8,x
        dex
        bpl :-
        rts
; dil_line: r12-r13 |= source line A spread over three columns
dil_line:
        jsr src_line
        jsr @or
        jsr src_shr
        jsr @or
        jsr src_shr
@or:    ldx #3
:       lda r10,x
        ora r12,x
        sta r12,x
        dex
        bpl :-
        rts
src_shr:
        lsr r10L
        ror r10H
        ror r11L
        ror r11H
        rts

; src_line: glyph line A (0 .. height-1, else empty) -> r10-r11, cut to the plain width,
; emboldened in bold
src_line:
        ldx #3
:       stz r10,x
        dex
        bpl :-
        cmp f_height
        bcc :+
        rts
:       tax
        lda f_data              ; r14 = data + line * row bytes + bit position / 8
        sta r14L
        lda f_data+1
        sta r14H
        cpx #0
        beq @col
:       clc
        lda r14L
        adc f_setw
        sta r14L
        lda r14H
        adc f_setw+1
        sta r14H
        dex
        bne :-
@col:   lda r6H
        sta r15H
        lda r6L
        lsr r15H
        ror a
        lsr r15H
        ror a
        lsr r15H
        ror a
        clc
        adc r14L
        sta r14L
        lda r14H
        adc r15H
        sta r14H
        ldy #0
:       lda (r14),y
        sta r10,y
        iny
        cpy #4
        bne :-
        lda (r14),y
        sta r15L
        lda r6L
        and #7
        beq @cut
        tax
:       asl r15L
        rol r11H
        rol r11L
        rol r10H
        rol r10L
        dex
        bne :-
@cut:   ldy #0                  ; keep the plain width
        lda r4L
@mask:  cmp #8
        bcs :+
        tax
        lda lead_ones,x
        and r10,y
        sta r10,y
        lda #0
        bra @nextb
:       sec
        sbc #8
@nextb: iny
        cpy #4
        bne @mask
        bit f_mode
        bvc @rts
        lda r10L                ; bold: OR the line one pixel to the right
        lsr a
        ora r10L
        sta r10L
        lda r10H
        ror a
        ora r10H
        sta r10H
        lda r11L
        ror a
        ora r11L
        sta r11L
        lda r11H
        ror a
        ora r11H
        sta r11H
@rts:   rts

; ---- control codes ---------------------------------------------------------------------
control:
        ldx #15
:       cmp color_codes,x
        beq @color
        dex
        bpl :-
        ldx #ctl_end-ctl_codes-1
:       cmp ctl_codes,x
        beq @found
        dex
        bpl :-
        clc                     ; other codes do nothing
        rts
@color: stx g_col1
        clc
        rts
@found: txa
        asl a
        tax
        jsr @go
        clc
        rts
@go:    jmp (ctl_vecs,x)

; PETSCII colour codes, by colour 0-15
color_codes: .byte $90, $05, $1C, $9F, $9C, $1E, $1F, $9E, $81, $95, $96, $97, $98, $99, $9A, $9B
ctl_codes:   .byte $01, $04, $06, $0B, $0C, $12, $92, $0D, $8D, $0A, $11, $91, $13, $93, $1D
             .byte $08, $14, $9D
ctl_end:
ctl_vecs:    .word c_swap, c_under, c_bold, c_italic, c_outline, c_reverse, c_plain
             .word c_return, c_return, c_lf, c_down, c_up, c_home, c_clear, c_right
             .word c_back, c_back, c_back

c_swap: lda g_col1
        ldx g_col2
        stx g_col1
        sta g_col2
        rts
c_under:
        lda #$80
        bra c_style
c_bold: lda #$40
        bra c_style
c_italic:
        lda #$10
        bra c_style
c_outline:
        lda #$08
        bra c_style
c_reverse:
        lda #$20
c_style:
        ora f_mode
        sta f_mode
        rts
c_plain:
        stz f_mode
        rts
c_return:                       ; CR: plain text, then as LF
        stz f_mode
c_lf:   lda g_left              ; LF: left edge of the window, next line
        sta r0L
        lda g_left+1
        sta r0H
c_down: sec                     ; one line = the font height + 1
        lda r1L
        adc f_height
        sta r1L
        bcc :+
        inc r1H
:       rts
c_up:   sec
        lda r1L
        sbc f_height
        sta r1L
        bcs :+
        dec r1H
:       rts
c_clear:
        lda r2L
        pha
        lda r2H
        pha
        lda r3L
        pha
        lda r3H
        pha
        jsr g_clear
        pla
        sta r3H
        pla
        sta r3L
        pla
        sta r2H
        pla
        sta r2L
c_home: lda g_left              ; HOME: top left, the baseline a font height down
        sta r0L
        lda g_left+1
        sta r0H
        clc
        lda g_top
        adc f_height
        sta r1L
        lda g_top+1
        adc #0
        sta r1H
        rts
c_right:
        lda #' '
        jmp put_char
c_back: sec                     ; BACKSPACE/DEL/LEFT: back by the last character's width
        lda r0L
        sbc f_prevw
        sta r0L
        bcs :+
        dec r0H
:       rts
