; x16scope built-in KERNAL: the graphics API GRAPH_* (X16 KERNAL chapter "Graphics"), built
; on the FB_* driver vectors only, in ROM bank 8 behind bank-0 JSRFAR stubs. The shapes
; follow the official library's rules pixel for pixel: lines are Bresenham from the left
; (or top) end with a step on a zero error, rectangles are a fill in the fill colour then a
; frame of two horizontal and two vertical lines, ovals are the integer ellipse of the
; bounding box (error terms of 2*(1-a)*b^2 and 2*(b&1+1)*a^2, a = width-1, b = height-1).
; y coordinates are 0-255 (the framebuffer has 240 lines), as in the official library.
.include "kernal.inc"

.import jsrfar
.import fbv_init, fbv_get_info, fbv_cursor_position, fbv_cursor_next_line
.import fbv_set_pixel, fbv_set_pixels, fbv_fill_pixels, fbv_move_pixels
.import fb_ensure, fb_default
.import font_system, gf_set_font, gf_get_char_size, gf_put_char
.export GRAPH_init_k, GRAPH_clear_k, GRAPH_set_window_k, GRAPH_set_colors_k
.export GRAPH_draw_line_k, GRAPH_draw_rect_k, GRAPH_move_rect_k, GRAPH_draw_oval_k
.export GRAPH_draw_image_k, GRAPH_set_font_k, GRAPH_get_char_size_k, GRAPH_put_char_k
.export pop_r0r1
.export g_ensure, g_clear, g_set_window, g_draw_rect, g_move_rect, g_draw_image

.segment "CODE"
GRAPH_init_k:           FAR ggr_init
GRAPH_clear_k:          FAR ggr_clear
GRAPH_set_window_k:     FAR ggr_set_window
GRAPH_set_colors_k:     FAR ggr_set_colors
GRAPH_draw_line_k:      FAR ggr_draw_line
GRAPH_draw_rect_k:      FAR ggr_draw_rect
GRAPH_move_rect_k:      FAR ggr_move_rect
GRAPH_draw_oval_k:      FAR ggr_draw_oval
GRAPH_draw_image_k:     FAR ggr_draw_image
GRAPH_set_font_k:       FAR gf_set_font
GRAPH_get_char_size_k:  FAR gf_get_char_size
GRAPH_put_char_k:       FAR gf_put_char

.segment "GRAPH"

gt      = g_tmp+2       ; 8 bytes: row counters; the oval's 4*a^2 (gt) and 4*b^2 (gt+4)
gfill   = g_tmp+10      ; the oval's fill flag

; g_ensure: a program may draw without GRAPH_init (after screen_mode $80): the first call
; installs the default driver vectors, the full-screen window, the default colours and the
; system font (the font height is 0 until then). Keeps A, X, Y, C and r0-r3.
g_ensure:
        jsr fb_ensure
        pha
        lda f_height
        bne @ok
        phx
        phy
        php
        ldx #7
:       lda r0,x
        pha
        dex
        bpl :-
        jsr g_defaults
        jsr font_system
        ldx #0
:       pla
        sta r0,x
        inx
        cpx #8
        bne :-
        plp
        ply
        plx
@ok:    pla
        rts

g_defaults:
        jsr g_window_full
        lda #0                  ; stroke black, fill grey, background white
        ldx #10
        ldy #1
        bra g_set_colors

; GRAPH_init: r0 = driver vector table (0 = the VERA driver): install it, FB_init, full
; window, default colours, clear, system font.
ggr_init:
        lda r0L
        ora r0H
        bne :+
        lda #<fb_default
        sta r0L
        lda #>fb_default
        sta r0H
:       ldy #27
:       lda (r0),y
        sta I_FB_BASE,y
        dey
        bpl :-
        jsr fbv_init
        jsr g_defaults
        jsr g_clear
        jmp font_system

ggr_set_colors:
        jsr g_ensure
g_set_colors:
        sta g_col1
        stx g_col2
        sty g_colbg
        rts

ggr_clear:
        jsr g_ensure
; g_clear: the window in the background colour
g_clear:
        lda g_col1
        pha
        lda g_col2
        pha
        lda g_colbg
        sta g_col1
        sta g_col2
        lda g_left
        sta r0L
        lda g_left+1
        sta r0H
        lda g_top
        sta r1L
        lda g_top+1
        sta r1H
        sec
        lda g_right
        sbc g_left
        sta r2L
        lda g_right+1
        sbc g_left+1
        sta r2H
        inc r2L
        bne :+
        inc r2H
:       sec
        lda g_bottom
        sbc g_top
        sta r3L
        lda g_bottom+1
        sbc g_top+1
        sta r3H
        inc r3L
        bne :+
        inc r3H
:       sec
        jsr g_draw_rect
        pla
        sta g_col2
        pla
        sta g_col1
        rts

; the whole framebuffer (FB_get_info); r0 and r1 are kept
g_window_full:
        lda r0L
        pha
        lda r0H
        pha
        lda r1L
        pha
        lda r1H
        pha
        jsr fbv_get_info
        lda r0L
        sta g_width
        sec
        sbc #1
        sta g_right
        lda r0H
        sta g_width+1
        sbc #0
        sta g_right+1
        lda r1L
        sec
        sbc #1
        sta g_bottom
        lda r1H
        sbc #0
        sta g_bottom+1
        stz g_left
        stz g_left+1
        stz g_top
        stz g_top+1
; pop_r0r1: the common tail of calls that keep r0 and r1: pulls them (pushed r0L, r0H,
; r1L, r1H) and returns.
pop_r0r1:
        pla
        sta r1H
        pla
        sta r1L
        pla
        sta r0H
        pla
        sta r0L
        rts

; GRAPH_set_window: r0 = x, r1 = y, r2 = width, r3 = height; all 0 = the full screen
ggr_set_window:
        jsr g_ensure
g_set_window:
        lda r0L
        ora r0H
        ora r1L
        ora r1H
        ora r2L
        ora r2H
        ora r3L
        ora r3H
        beq g_window_full
        lda r0L
        sta g_left
        lda r0H
        sta g_left+1
        lda r1L
        sta g_top
        lda r1H
        sta g_top+1
        clc                     ; right = x + width - 1
        lda r0L
        adc r2L
        tax
        lda r0H
        adc r2H
        cpx #0
        bne :+
        dec a
:       dex
        stx g_right
        sta g_right+1
        clc                     ; bottom = y + height - 1
        lda r1L
        adc r3L
        tax
        lda r1H
        adc r3H
        cpx #0
        bne :+
        dec a
:       dex
        stx g_bottom
        sta g_bottom+1
        rts

; ---- lines ---------------------------------------------------------------------------

ggr_draw_line:
        jsr g_ensure
; GRAPH_draw_line: (r0, r1) to (r2, r3) in the stroke colour. Uses r7-r10, r12, r13.
g_draw_line:
        lda r1L
        cmp r3L
        bne :+
        lda r1H
        cmp r3H
        bne :+
        jmp g_hline
:       lda r0L
        cmp r2L
        bne :+
        lda r0H
        cmp r2H
        bne :+
        jmp g_vline
:       sec                     ; r7 = |y2 - y1|
        lda r3L
        sbc r1L
        bcs :+
        eor #$FF
        inc a
:       sta r7L
        stz r7H
        sec                     ; r12 = |x2 - x1|
        lda r2L
        sbc r0L
        sta r12L
        lda r2H
        sbc r0H
        sta r12H
        bpl :+
        lda #0
        sec
        sbc r12L
        sta r12L
        lda #0
        sbc r12H
        sta r12H
:       lda r12L
        cmp r7L
        lda r12H
        sbc r7H
        bcs @xmaj
        jmp @ymaj
@xmaj:  ; x-major: r9 = 2dy, r8 = 2dy - dx, r10 = 2(dy - dx); r13L = y step
        ldx #r7
        ldy #r12
        jsr line_terms
        lda #$FF
        sta r13L
        lda r0L
        cmp r2L
        lda r0H
        sbc r2H
        bcc @xfwd
        lda r1L                 ; start at (x2, y2): y steps towards y1
        cmp r3L
        bcc :+
        lda #1
        sta r13L
:       ldx r0L
        ldy r0H
        lda r2L
        sta r0L
        lda r2H
        sta r0H
        stx r2L
        sty r2H
        lda r3L
        sta r1L
        bra @xpix
@xfwd:  lda r3L
        cmp r1L
        bcc @xpix
        lda #1
        sta r13L
@xpix:  jsr line_plot
        lda r0L
        cmp r2L
        lda r0H
        sbc r2H
        bcs @done
        inc r0L
        bne :+
        inc r0H
:       bit r8H
        bpl :+
        ldx #r8
        ldy #r9
        jsr add16
        bra @xpix
:       clc
        lda r1L
        adc r13L
        sta r1L
        ldx #r8
        ldy #r10
        jsr add16
        bra @xpix
@done:  rts

@ymaj:  ; y-major: r9 = 2dx, r8 = 2dx - dy, r10 = 2(dx - dy); r13 = x step
        ldx #r12
        ldy #r7
        jsr line_terms
        lda #$FF
        sta r13L
        sta r13H
        lda r1L
        cmp r3L
        bcs @yback
        lda r0L
        cmp r2L
        lda r0H
        sbc r2H
        bcs @ypix
        bra @yone
@yback: lda r0L                 ; start at (x2, y2)
        cmp r2L
        lda r0H
        sbc r2H
        bcc :+
        lda #1
        sta r13L
        stz r13H
:       lda r2L
        sta r0L
        lda r2H
        sta r0H
        ldx r1L
        lda r3L
        sta r1L
        stx r3L
        bra @ypix
@yone:  lda #1
        sta r13L
        stz r13H
@ypix:  jsr line_plot
        lda r1L
        cmp r3L
        bcs @done
        inc r1L
        bit r8H
        bpl :+
        ldx #r8
        ldy #r9
        jsr add16
        bra @ypix
:       ldx #r0
        ldy #r13
        jsr add16
        ldx #r8
        ldy #r10
        jsr add16
        bra @ypix

; line_terms: X = the minor delta, Y = the major delta (zero page):
; r9 = 2*minor, r8 = 2*minor - major, r10 = 2*(minor - major)
line_terms:
        lda 0,x
        asl a
        sta r9L
        lda 1,x
        rol a
        sta r9H
        sec
        lda r9L
        sbc a:0,y
        sta r8L
        lda r9H
        sbc a:1,y
        sta r8H
        sec
        lda 0,x
        sbc a:0,y
        sta r10L
        lda 1,x
        sbc a:1,y
        sta r10H
        asl r10L
        rol r10H
        rts

; add16: the word at zero page X += the word at zero page Y
add16:  clc
        lda 0,x
        adc a:0,y
        sta 0,x
        lda 1,x
        adc a:1,y
        sta 1,x
        rts

; line_plot: one pixel at (r0, r1) in the stroke colour
line_plot:
        jsr fbv_cursor_position
        lda g_col1
        jmp fbv_set_pixel

; g_hline: r0..r2 (either order, r0 <= r2 afterwards) on line r1 in the stroke colour
g_hline:
        lda r2L
        cmp r0L
        lda r2H
        sbc r0H
        bcs :+
        ldx r0L
        ldy r0H
        lda r2L
        sta r0L
        lda r2H
        sta r0H
        stx r2L
        sty r2H
:       jsr fbv_cursor_position
        lda r0L
        pha
        lda r0H
        pha
        lda r1L
        pha
        lda r1H
        pha
        sec                     ; r0 = x2 - x1 + 1 pixels, step 1
        lda r2L
        sbc r0L
        tax
        lda r2H
        sbc r0H
        inx
        bne :+
        inc a
:       stx r0L
        sta r0H
        lda #1
        sta r1L
        stz r1H
g_fill_pop:
        lda g_col1
        jsr fbv_fill_pixels
        jmp pop_r0r1

; g_vline: column r0 from line r1 to line r3 (either order, r1 <= r3 afterwards)
g_vline:
        lda r3L
        cmp r1L
        bcs :+
        ldx r1L
        sta r1L
        stx r3L
:       jsr fbv_cursor_position
        lda r0L
        pha
        lda r0H
        pha
        lda r1L
        pha
        lda r1H
        pha
        sec
        lda r3L
        sbc r1L
        clc
        adc #1
        sta r0L
        lda #0
        rol a
        sta r0H
        lda g_width             ; one line down per pixel
        sta r1L
        lda g_width+1
        sta r1H
        bra g_fill_pop

; ---- rectangles ------------------------------------------------------------------------

ggr_draw_rect:
        jsr g_ensure
; GRAPH_draw_rect: r0 = x, r1 = y, r2 = width, r3 = height, C = fill (r4, the corner
; radius, is not used: the official library ignores it too). r0-r3 are kept.
g_draw_rect:
        php
        lda r2L
        ora r2H
        beq @none
        lda r3L
        ora r3H
        bne @go
@none:  plp
        rts
@go:    ldx #7
:       lda r0,x
        pha
        dex
        bpl :-
        tsx
        lda $0109,x             ; the caller's P
        lsr a
        bcc @frame
        jsr fbv_cursor_position ; fill: height rows of width pixels in the fill colour
        lda r3L
        sta gt
        lda r3H
        sta gt+1
        lda r2L
        sta r0L
        lda r2H
        sta r0H
        lda #1
        sta r1L
        stz r1H
@row:   lda g_col2
        jsr fbv_fill_pixels
        jsr fbv_cursor_next_line
        lda gt
        bne :+
        dec gt+1
:       dec gt
        lda gt
        ora gt+1
        bne @row
        tsx                     ; r0, r1 back from the saved copy
        lda $0101,x
        sta r0L
        lda $0102,x
        sta r0H
        lda $0103,x
        sta r1L
        lda $0104,x
        sta r1H
@frame: clc                     ; r2 = x + width - 1, r3 = y + height - 1
        lda r0L
        adc r2L
        sta r2L
        lda r0H
        adc r2H
        sta r2H
        lda r2L
        bne :+
        dec r2H
:       dec r2L
        clc
        lda r1L
        adc r3L
        sta r3L
        lda r1H
        adc r3H
        sta r3H
        lda r3L
        bne :+
        dec r3H
:       dec r3L
        jsr g_hline             ; top
        lda r1L
        pha
        lda r3L
        sta r1L
        jsr g_hline             ; bottom
        pla
        sta r1L
        jsr g_vline             ; left
        lda r0L
        pha
        lda r0H
        pha
        lda r2L
        sta r0L
        lda r2H
        sta r0H
        jsr g_vline             ; right
        pla
        sta r0H
        pla
        sta r0L
        ldx #0
:       pla
        sta r0,x
        inx
        cpx #8
        bne :-
        plp
        rts

; ---- moving and images -----------------------------------------------------------------

ggr_move_rect:
        jsr g_ensure
; GRAPH_move_rect: r4 x r5 pixels from (r0, r1) to (r2, r3). A target below the source is
; copied bottom row first, so overlapping areas move intact (FB_move_pixels handles a row
; that overlaps itself). r0-r5 are kept.
g_move_rect:
        lda r4L
        ora r4H
        beq @rts
        lda r5L
        ora r5H
        beq @rts
        lda r1L
        pha
        lda r3L
        pha
        lda r5L
        sta gt
        lda r5H
        sta gt+1
        lda #1
        sta gt+2                ; row step +1
        lda r1L
        cmp r3L
        bcs @rows
        lda #$FF                ; target lower: from the bottom row up
        sta gt+2
        clc
        lda r1L
        adc r5L
        dec a
        sta r1L
        clc
        lda r3L
        adc r5L
        dec a
        sta r3L
@rows:  jsr fbv_move_pixels
        clc
        lda r1L
        adc gt+2
        sta r1L
        clc
        lda r3L
        adc gt+2
        sta r3L
        lda gt
        bne :+
        dec gt+1
:       dec gt
        lda gt
        ora gt+1
        bne @rows
        pla
        sta r3L
        pla
        sta r1L
@rts:   rts

ggr_draw_image:
        jsr g_ensure
; GRAPH_draw_image: r3 x r4 pixels, one byte each, row by row from (r2), at (r0, r1).
; An image in banked RAM may run on into the next RAM bank. r0-r4 are kept.
g_draw_image:
        lda r3L
        ora r3H
        beq @rts
        lda r4L
        ora r4H
        beq @rts
        lda ram_bank
        pha
        lda r0L
        pha
        lda r0H
        pha
        lda r1L
        pha
        lda r1H
        pha
        jsr fbv_cursor_position
        lda r4L
        sta gt
        lda r4H
        sta gt+1
        lda r2L
        sta r0L
        lda r2H
        sta r0H
        lda r3L
        sta r1L
        lda r3H
        sta r1H
@row:   jsr fbv_set_pixels
        clc
        lda r0L
        adc r3L
        sta r0L
        lda r0H
        adc r3H
        sta r0H
        cmp #$C0                ; past banked RAM: on in the next bank
        bcc :+
        ldx r2H
        cpx #$A0
        bcc :+
        sbc #$20
        sta r0H
        inc ram_bank
:       jsr fbv_cursor_next_line
        lda gt
        bne :+
        dec gt+1
:       dec gt
        lda gt
        ora gt+1
        bne @row
        pla
        sta r1H
        pla
        sta r1L
        pla
        sta r0H
        pla
        sta r0L
        pla
        sta ram_bank
@rts:   rts

; ---- ovals ------------------------------------------------------------------------------

ggr_draw_oval:
        jsr g_ensure
; GRAPH_draw_oval: the oval in the box r0 = x, r1 = y, r2 = width, r3 = height; C = fill.
; r0-r10 are kept. A box 512 or more wide or high draws nothing: its error terms would not
; fit in 32 bits. Working registers: r0/r2 = left/right x, r1/r3 = lower/upper y (they
; start at the middle and move out), r4 = b, r5-r6 = dx, r7-r8 = dy, r9-r10 = err,
; r11-r12 = err before the step (no driver call in between), gt/gt+4 = 4a^2 / 4b^2.
g_draw_oval:
        php
        lda r2H
        cmp #2
        bcs @none
        lda r3H
        cmp #2
        bcs @none
        lda r2L
        ora r2H
        beq @none
        lda r3L
        ora r3H
        bne @go
@none:  plp
        rts
@go:    ldx #21
:       lda r0,x
        pha
        dex
        bpl :-
        tsx
        lda $0117,x             ; the caller's P
        and #1
        sta gfill
        lda r2H                 ; a width or height of 1 is a line
        bne :+
        lda r2L
        cmp #1
        beq @line
:       lda r3H
        bne @oval
        lda r3L
        cmp #1
        bne @oval
@line:  ldx #r2
        ldy #r0
        jsr add16
        ldx #r3
        ldy #r1
        jsr add16
        jsr dec_r2r3
        jsr g_draw_line
        jmp @end

@oval:  jsr dec_r2r3            ; a = width - 1, b = height - 1
        lda r3L
        sta r4L
        lda r3H
        sta r4H
        ; a^2: 4a^2 -> gt, dy = a^2 << (1 + b&1), err = (b&1) * a^2
        lda r2L
        ldx r2H
        jsr square
        ldx #3
:       lda r14,x
        sta gt,x
        sta r7,x
        stz r9,x
        dex
        bpl :-
        ldx #2                  ; gt = g_tmp+2
        jsr shl32m
        jsr shl32m
        ldx #r7
        jsr shl32
        lda r4L
        lsr a
        bcc @even
        jsr shl32
        ldx #3
@erra:  lda r14,x
        sta r9,x
        dex
        bpl @erra
@even:  ; b^2: 4b^2 -> gt+4, dx = -(2b^2 * (a-1))
        lda r4L
        ldx r4H
        jsr square
        ldx #3
:       lda r14,x
        sta gt+4,x
        sta r11,x
        dex
        bpl :-
        ldx #6                  ; gt+4 = g_tmp+6
        jsr shl32m
        jsr shl32m
        ldx #r11
        jsr shl32
        sec
        lda r2L
        sbc #1
        sta r13L
        lda r2H
        sbc #0
        sta r13H
        jsr mul32x16
        sec
        ldx #0
        ldy #4
:       lda #0
        sbc r14,x
        sta r5,x
        inx
        dey
        bne :-
        ldx #r9                 ; err += dx + dy
        ldy #r5
        jsr add32
        ldx #r9
        ldy #r7
        jsr add32
        ; r1 (y0) = y + (b+1)/2, r3 (y1) = y0 - b&1, r2 (x1) = x + a
        clc
        lda r4L
        adc #1
        sta r13L
        lda r4H
        adc #0
        lsr a
        sta r13H
        ror r13L
        ldx #r1
        ldy #r13
        jsr add16
        lda r1L
        sta r3L
        lda r1H
        sta r3H
        lda r4L
        and #1
        beq :+
        lda r3L
        bne @nb
        dec r3H
@nb:    dec r3L
:       ldx #r2
        ldy #r0
        jsr add16

@loop:  lda gfill
        beq @outline
        jsr oval_fill_row       ; row y0, then row y1
        ldx #r1
        ldy #r3
        jsr swap16
        jsr oval_fill_row
        ldx #r1
        ldy #r3
        jsr swap16
@outline:
        jsr line_plot           ; (x0, y0)
        jsr swap_x
        jsr line_plot           ; (x1, y0)
        jsr swap_y
        jsr line_plot           ; (x1, y1)
        jsr swap_x
        jsr line_plot           ; (x0, y1)
        jsr swap_y
        ldx #3                  ; e2 = err
:       lda r9,x
        sta r11,x
        dex
        bpl :-
        ldx #r7                 ; err <= dy: a y step
        ldy #r9
        jsr scmp
        bcc @noy
        inc r1L
        bne :+
        inc r1H
:       lda r3L
        bne :+
        dec r3H
:       dec r3L
        clc                     ; dy += 4a^2
        ldx #0
        ldy #4
:       lda r7,x
        adc gt,x
        sta r7,x
        inx
        dey
        bne :-
        ldx #r9                 ; err += dy
        ldy #r7
        jsr add32
@noy:   ldx #r11                ; e2 >= dx, or err > dy: an x step
        ldy #r5
        jsr scmp
        bcs @xstep
        ldx #r7
        ldy #r9
        jsr scmp
        bcs @nox
@xstep: inc r0L
        bne :+
        inc r0H
:       lda r2L
        bne :+
        dec r2H
:       dec r2L
        clc                     ; dx += 4b^2
        ldx #0
        ldy #4
:       lda r5,x
        adc gt+4,x
        sta r5,x
        inx
        dey
        bne :-
        ldx #r9                 ; err += dx
        ldy #r5
        jsr add32
@nox:   lda r2L                 ; while x0 <= x1
        cmp r0L
        lda r2H
        sbc r0H
        bcc @tips
        jmp @loop

@tips:  ; flat ovals stop early: finish the tips while y0 - y1 < b
        sec
        lda r1L
        sbc r3L
        tax
        lda r1H
        sbc r3H
        cmp r4H
        bcc @tip
        bne @end
        cpx r4L
        bcs @end
@tip:   jsr tip_pair            ; (x0-1, y0), (x1+1, y0)
        inc r1L
        bne :+
        inc r1H
:       jsr swap_y
        jsr tip_pair            ; (x0-1, y1), (x1+1, y1)
        jsr swap_y
        lda r3L
        bne :+
        dec r3H
:       dec r3L
        bra @tips

@end:   ldx #0
:       pla
        sta r0,x
        inx
        cpx #22
        bne :-
        plp
        clc
        rts

; r2 -= 1, r3 -= 1
dec_r2r3:
        lda r2L
        bne :+
        dec r2H
:       dec r2L
        lda r3L
        bne :+
        dec r3H
:       dec r3L
        rts

; the fill of one oval row: r0 (x0) to r2 (x1) - 1 on line r1, in the fill colour
oval_fill_row:
        jsr fbv_cursor_position
        lda r0L
        pha
        lda r0H
        pha
        lda r1L
        pha
        lda r1H
        pha
        sec
        lda r2L
        sbc r0L
        tax
        lda r2H
        sbc r0H
        stx r0L
        sta r0H
        lda #1
        sta r1L
        stz r1H
        lda g_col2
        jsr fbv_fill_pixels
        jmp pop_r0r1

; the two tip pixels left of x0 and right of x1 on line r1
tip_pair:
        lda r0L
        pha
        lda r0H
        pha
        lda r0L
        bne :+
        dec r0H
:       dec r0L
        jsr line_plot
        clc
        lda r2L
        adc #1
        sta r0L
        lda r2H
        adc #0
        sta r0H
        jsr line_plot
        pla
        sta r0H
        pla
        sta r0L
        rts

swap_x: ldx #r0
        ldy #r2
        bra swap16
swap_y: ldx #r1
        ldy #r3
; swap16: exchange the words at zero page X and Y
swap16: lda 0,x
        pha
        lda a:0,y
        sta 0,x
        pla
        sta a:0,y
        lda 1,x
        pha
        lda a:1,y
        sta 1,x
        pla
        sta a:1,y
        rts

; scmp: C = 1 if the signed 32-bit value at zero page X >= the one at zero page Y
scmp:   sec
        lda 0,x
        sbc a:0,y
        lda 1,x
        sbc a:1,y
        lda 2,x
        sbc a:2,y
        lda 3,x
        sbc a:3,y
        bvc :+
        eor #$80
:       eor #$80
        asl a
        rts

; add32: the 32-bit value at zero page X += the one at zero page Y
add32:  clc
        lda #4
        sta g_tmp+11
:       lda 0,x
        adc a:0,y
        sta 0,x
        inx
        iny
        dec g_tmp+11
        bne :-
        rts

; shl32: the 32-bit value at zero page X <<= 1; shl32m: the one at g_tmp+X (X kept)
shl32:  asl 0,x
        rol 1,x
        rol 2,x
        rol 3,x
        rts
shl32m: asl g_tmp,x
        rol g_tmp+1,x
        rol g_tmp+2,x
        rol g_tmp+3,x
        rts

; square: r14-r15 = (X:A)^2
square: sta r11L
        sta r13L
        stx r11H
        stx r13H
        stz r12L
        stz r12H
; mul32x16: r14-r15 = r11-r12 * r13 (32 bits kept); r11-r13 are used up
mul32x16:
        stz r14L
        stz r14H
        stz r15L
        stz r15H
        ldx #16
@bit:   lsr r13H
        ror r13L
        bcc @next
        clc
        lda r14L
        adc r11L
        sta r14L
        lda r14H
        adc r11H
        sta r14H
        lda r15L
        adc r12L
        sta r15L
        lda r15H
        adc r12H
        sta r15H
@next:  asl r11L
        rol r11H
        rol r12L
        rol r12H
        dex
        bne @bit
        rts
