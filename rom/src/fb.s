; x16scope built-in KERNAL: the framebuffer API FB_* (X16 KERNAL chapter "Framebuffer").
; The calls are vectored through RAM at I_FB_BASE (kernal.inc), so GRAPH_init
; can install another driver; the default one drives VERA's 320x240 8 bpp bitmap on layer 0
; at VRAM $00000. The code lives in ROM bank 8 (segment GRAPH); the jump table reaches it
; through bank-0 stubs that JSRFAR there, so r0-r15, A, X, Y and P pass both ways.
.include "kernal.inc"

.import jsrfar
.export FB_init_k, FB_get_info_k, FB_set_palette_k, FB_cursor_position_k
.export FB_cursor_next_line_k, FB_get_pixel_k, FB_get_pixels_k, FB_set_pixel_k
.export FB_set_pixels_k, FB_set_8_pixels_k, FB_set_8_pixels_opaque_k, FB_fill_pixels_k
.export FB_filter_pixels_k, FB_move_pixels_k
.export fbv_init, fbv_get_info, fbv_cursor_position, fbv_cursor_next_line
.export fbv_set_pixel, fbv_set_pixels, fbv_set_8_pixels, fbv_set_8_pixels_opaque
.export fbv_fill_pixels, fbv_move_pixels, fb_ensure, fb_default

VERA_L0_HSCROLL_H = $9F31

.segment "CODE"
FB_init_k:              FAR gfb_init
FB_get_info_k:          FAR gfb_get_info
FB_set_palette_k:       FAR gfb_set_palette
FB_cursor_position_k:   FAR gfb_cursor_position
FB_cursor_next_line_k:  FAR gfb_cursor_next_line
FB_get_pixel_k:         FAR gfb_get_pixel
FB_get_pixels_k:        FAR gfb_get_pixels
FB_set_pixel_k:         FAR gfb_set_pixel
FB_set_pixels_k:        FAR gfb_set_pixels
FB_set_8_pixels_k:      FAR gfb_set_8_pixels
FB_set_8_pixels_opaque_k: FAR gfb_set_8_pixels_opaque
FB_fill_pixels_k:       FAR gfb_fill_pixels
FB_filter_pixels_k:     FAR gfb_filter_pixels
FB_move_pixels_k:       FAR gfb_move_pixels

.segment "GRAPH"

; Entries from the jump table: make sure a driver is installed, then go through its vector.
.macro ENTRY vec
        jsr fb_ensure
        jmp (I_FB_BASE+vec*2)
.endmacro
gfb_init:               ENTRY 0
gfb_get_info:           ENTRY 1
gfb_set_palette:        ENTRY 2
gfb_cursor_position:    ENTRY 3
gfb_cursor_next_line:   ENTRY 4
gfb_get_pixel:          ENTRY 5
gfb_get_pixels:         ENTRY 6
gfb_set_pixel:          ENTRY 7
gfb_set_pixels:         ENTRY 8
gfb_set_8_pixels:       ENTRY 9
gfb_set_8_pixels_opaque: ENTRY 10
gfb_fill_pixels:        ENTRY 11
gfb_filter_pixels:      ENTRY 12
gfb_move_pixels:        ENTRY 13

; The vectored calls the graphics library makes (the driver may be the program's own).
fbv_init:               jmp (I_FB_BASE+0)
fbv_get_info:           jmp (I_FB_BASE+2)
fbv_cursor_position:    jmp (I_FB_BASE+6)
fbv_cursor_next_line:   jmp (I_FB_BASE+8)
fbv_set_pixel:          jmp (I_FB_BASE+14)
fbv_set_pixels:         jmp (I_FB_BASE+16)
fbv_set_8_pixels:       jmp (I_FB_BASE+18)
fbv_set_8_pixels_opaque: jmp (I_FB_BASE+20)
fbv_fill_pixels:        jmp (I_FB_BASE+22)
fbv_move_pixels:        jmp (I_FB_BASE+26)

; fb_ensure: the KERNAL page is zero after reset, so a zero vector means no driver yet:
; install the default one. Keeps A, X, Y and C.
fb_ensure:
        pha
        lda I_FB_BASE+1
        bne @ok
        phy
        ldy #27
:       lda fb_default,y
        sta I_FB_BASE,y
        dey
        bpl :-
        ply
@ok:    pla
        rts

; the default driver's vector table (GRAPH_init with r0 = 0 copies it)
fb_default:
        .word vfb_init, vfb_get_info, vfb_set_palette, vfb_cursor_position
        .word vfb_cursor_next_line, vfb_get_pixel, vfb_get_pixels, vfb_set_pixel
        .word vfb_set_pixels, vfb_set_8_pixels, vfb_set_8_pixels_opaque, vfb_fill_pixels
        .word vfb_filter_pixels, vfb_move_pixels

; ---- the VERA driver ------------------------------------------------------------------

; FB_init: layer 0 = 320x240 8 bpp bitmap at VRAM 0, shown; other layers untouched.
vfb_init:
        lda #$07                ; bitmap mode, 8 bpp
        sta VERA_L0_CONFIG
        stz VERA_L0_TILEBASE    ; bitmap at $00000, 320 pixels wide
        stz VERA_L0_HSCROLL_H   ; palette offset 0
        stz VERA_CTRL           ; DCSEL 0
        lda VERA_DC_VIDEO
        ora #$10                ; layer 0 on
        sta VERA_DC_VIDEO
        lda #64                 ; 640x480 / 2
        sta VERA_DC_HSCALE
        sta VERA_DC_VSCALE
        rts

; FB_get_info: r0 = width, r1 = height, A = bits per pixel
vfb_get_info:
        lda #<320
        sta r0L
        lda #>320
        sta r0H
        lda #240
        sta r1L
        stz r1H
        lda #8
        rts

; FB_set_palette: X colours (0 = 256) from (r0) into the palette from index A (VRAM $1FA00).
vfb_set_palette:
        stz VERA_CTRL
        asl a
        sta VERA_ADDR_L
        lda #$FA
        adc #0
        sta VERA_ADDR_M
        lda #$11                ; increment 1, bit 16 set
        sta VERA_ADDR_H
        lda r0H
        pha
        ldy #0
@col:   lda (r0),y
        sta VERA_DATA0
        iny
        bne :+
        inc r0H
:       lda (r0),y
        sta VERA_DATA0
        iny
        bne :+
        inc r0H
:       dex
        bne @col
        pla
        sta r0H
        rts

; FB_cursor_position: r0 = x, r1 = y (0-239): fb_pos = y*320 + x, on the data port that
; ADDRSEL selects (FB_move_pixels positions port 1 with it), incrementing by 1.
vfb_cursor_position:
        stz fb_pos+2
        stz fb_pos+1
        lda r1L                 ; y*64 in fb_pos+1:A
        asl a
        rol fb_pos+1
        asl a
        rol fb_pos+1
        asl a
        rol fb_pos+1
        asl a
        rol fb_pos+1
        asl a
        rol fb_pos+1
        asl a
        rol fb_pos+1
        clc                     ; + x
        adc r0L
        sta fb_pos
        lda fb_pos+1
        adc r0H
        bcc :+
        inc fb_pos+2
:       clc                     ; + y*256
        adc r1L
        sta fb_pos+1
        bcc fb_setaddr
        inc fb_pos+2
fb_setaddr:
        lda fb_pos
        sta VERA_ADDR_L
        lda fb_pos+1
        sta VERA_ADDR_M
        lda fb_pos+2
        and #$01
        ora #$10
        sta VERA_ADDR_H
        rts

; FB_cursor_next_line: back to the x of the last FB_cursor_position, one line down
vfb_cursor_next_line:
        clc
        lda fb_pos
        adc #<320
        sta fb_pos
        lda fb_pos+1
        adc #>320
        sta fb_pos+1
        bcc fb_setaddr
        inc fb_pos+2
        bra fb_setaddr

vfb_get_pixel:
        lda VERA_DATA0
        rts

vfb_set_pixel:
        sta VERA_DATA0
        rts

; FB_set_pixels / FB_get_pixels: r1 pixels from / to (r0); r0 and r1 are kept. A pointer
; that runs past $BFFF continues at $A000 of the next RAM bank.
vfb_set_pixels:
        ldx #0
        bra fb_pixels
vfb_get_pixels:
        ldx #1
fb_pixels:
        lda ram_bank
        pha
        lda r0L
        pha
        lda r0H
        pha
        lda r1H
        pha
        phy
        stx g_tmp               ; 0 = set, 1 = get
        ldy r0L                 ; page-aligned pointer, offset in Y
        stz r0L
        ldx r1L                 ; the first pass does the low byte (0 = a whole 256)
        beq :+
        inc r1H
        bra @pix
:       lda r1H                 ; a count of 0 is 256 pixels, as on the official ROM
        bne @pix                ; (its loop counts X down from 0)
        inc r1H
@pix:   lda g_tmp
        bne @get
        lda (r0),y
        sta VERA_DATA0
        bra @next
@get:   lda VERA_DATA0
        sta (r0),y
@next:  iny
        bne :+
        jsr fb_next_page
:       dex
        bne @pix
        dec r1H
        bne @pix
        ply
        pla
        sta r1H
        pla
        sta r0H
        pla
        sta r0L
        pla
        sta ram_bank
        rts

; r0H: next page; $C000 wraps to $A000 of the next RAM bank
fb_next_page:
        inc r0H
        lda r0H
        cmp #$C0
        bne :+
        lda #$A0
        sta r0H
        inc ram_bank
:       rts

; FB_set_8_pixels: A = pattern (MSB first), X = colour: 1 bits set a pixel, 0 bits skip it
vfb_set_8_pixels:
        sec
        rol a                   ; C = the first bit; a 1 shifted in marks the end
@bit:   bcc @skip
        stx VERA_DATA0
        bra @next
@skip:  bit VERA_DATA0          ; reading moves the cursor on
@next:  asl a
        bne @bit
        rts

; FB_set_8_pixels_opaque: A = mask, r0L = pattern, X = colour of 1 bits, Y = colour of 0
; bits; a 0 bit in the mask skips the pixel (the official ROM's order; MSB first).
vfb_set_8_pixels_opaque:
        sec
        rol a
@bit:   bcc @skip
        asl r0L
        bcc @c2
        stx VERA_DATA0
        bra @next
@c2:    sty VERA_DATA0
        bra @next
@skip:  asl r0L
        bit VERA_DATA0
@next:  asl a
        bne @bit
        rts

; FB_fill_pixels: r0 pixels of colour A, r1 apart (0 or 1: consecutive). A step VERA can
; increment by itself uses the port's increment; any other step moves the address by hand.
; The cursor ends after the last pixel; r0 and r1 are kept.
vfb_fill_pixels:
        pha
        lda r1H
        bne @search
        lda r1L
        cmp #2
        bcs @search
        pla
        jmp fill_run            ; step 0 or 1: increment 1 as set
@search:
        ldx #13
:       lda fill_steps_l,x
        cmp r1L
        bne @no
        lda fill_steps_h,x
        cmp r1H
        beq @hw
@no:    dex
        bpl :-
        pla
        jmp fill_any
@hw:    txa                     ; increment index = table index + 2
        inc a
        inc a
        asl a
        asl a
        asl a
        asl a
        sta g_tmp
        lda VERA_ADDR_H
        and #$01
        ora g_tmp
        sta VERA_ADDR_H
        pla
        jsr fill_run
fill_inc1:
        lda VERA_ADDR_H
        and #$01
        ora #$10
        sta VERA_ADDR_H
        rts
; VERA's increments 2 ... 640 (ADDR_H bits 7-4 = 2 ... 15)
fill_steps_l: .byte <2, <4, <8, <16, <32, <64, <128, <256, <512, <40, <80, <160, <320, <640
fill_steps_h: .byte >2, >4, >8, >16, >32, >64, >128, >256, >512, >40, >80, >160, >320, >640

; fill_run: r0 writes of A to DATA0 (8 at a time where it can)
fill_run:
        ldx r0H
        beq @part
@page:  ldy #32
        jsr fill_8y
        dex
        bne @page
@part:  pha
        lda r0L
        lsr a
        lsr a
        lsr a
        tay
        pla
        cpy #0
        beq :+
        jsr fill_8y
:       pha
        lda r0L
        and #7
        tay
        pla
        cpy #0
        beq @done
:       sta VERA_DATA0
        dey
        bne :-
@done:  rts
fill_8y:
        sta VERA_DATA0
        sta VERA_DATA0
        sta VERA_DATA0
        sta VERA_DATA0
        sta VERA_DATA0
        sta VERA_DATA0
        sta VERA_DATA0
        sta VERA_DATA0
        dey
        bne fill_8y
        rts

; fill_any: a step VERA cannot increment by: increment 0, add r1 after every write
fill_any:
        tay
        lda VERA_ADDR_H
        and #$01
        sta VERA_ADDR_H
        lda r0H
        sta g_tmp+1
        ldx r0L
        beq :+
        inc g_tmp+1
:       lda g_tmp+1
        beq @end
@pix:   sty VERA_DATA0
        clc
        lda VERA_ADDR_L
        adc r1L
        sta VERA_ADDR_L
        lda VERA_ADDR_M
        adc r1H
        sta VERA_ADDR_M
        bcc :+
        lda VERA_ADDR_H
        eor #$01
        sta VERA_ADDR_H
:       dex
        bne @pix
        dec g_tmp+1
        bne @pix
@end:   jmp fill_inc1

; FB_filter_pixels: r0 = count, r1 = routine (the official ROM's order): every pixel from
; the cursor on goes through the routine (colour in A, new colour back in A). Port 1 reads
; ahead of port 0, which writes.
vfb_filter_pixels:
        stz VERA_CTRL
        lda VERA_ADDR_L
        ldx VERA_ADDR_M
        ldy VERA_ADDR_H
        inc VERA_CTRL           ; port 1 = the same address
        sta VERA_ADDR_L
        stx VERA_ADDR_M
        sty VERA_ADDR_H
        stz VERA_CTRL
        lda r0H
        sta g_tmp+1
        lda r0L
        sta g_tmp
        beq :+
        inc g_tmp+1
:       lda g_tmp+1
        beq @done
@pix:   lda VERA_DATA1
        jsr @call
        sta VERA_DATA0
        dec g_tmp
        bne @pix
        dec g_tmp+1
        bne @pix
@done:  rts
@call:  jmp (r1)

; FB_move_pixels: r4 pixels from (r0, r1) to (r2, r3); port 1 reads, port 0 writes. On one
; line with the target right of an overlapping source both ports run backwards (the
; official ROM copies forwards there, repeating pixels: a defect its source notes).
vfb_move_pixels:
        lda r4L
        ora r4H
        bne :+
        lda #$10                ; no pixels: both ports positioned all the same, as on the
        jmp @ports              ; official ROM
:
        lda r1L
        cmp r3L
        bne @fwd
        lda r0L                 ; same line: tx > sx and tx < sx + count?
        cmp r2L
        lda r0H
        sbc r2H
        bcs @fwd                ; sx >= tx
        clc
        lda r0L
        adc r4L
        sta g_tmp
        lda r0H
        adc r4H
        sta g_tmp+1
        lda r2L
        cmp g_tmp
        lda r2H
        sbc g_tmp+1
        bcs @fwd                ; tx >= sx + count: no overlap
        ; backwards: both cursors at their last pixel, decrementing
        lda r0L
        pha
        lda r0H
        pha
        lda r2L
        pha
        lda r2H
        pha
        jsr @last               ; r0 += count-1, r2 += count-1
        lda #$18                ; increment 1, decrement
        jsr @ports
        pla
        sta r2H
        pla
        sta r2L
        pla
        sta r0H
        pla
        sta r0L
        bra @copy
@fwd:   lda #$10
        jsr @ports
@copy:  lda r4H
        sta g_tmp+1
        ldx r4L
        beq :+
        inc g_tmp+1
:
@pix:   lda VERA_DATA1
        sta VERA_DATA0
        dex
        bne @pix
        dec g_tmp+1
        bne @pix
        lda #1                  ; both ports back to increment 1, forwards
        sta VERA_CTRL
        jsr fill_inc1
        stz VERA_CTRL
        jmp fill_inc1
@rts:   rts
; position port 1 at (r0, r1) and port 0 at (r2, r3), both with increment bits A
@ports: pha
        lda #1
        sta VERA_CTRL
        jsr vfb_cursor_position
        pla
        pha
        jsr @mode
        stz VERA_CTRL
        lda r0L
        pha
        lda r0H
        pha
        lda r1L
        pha
        lda r2L
        sta r0L
        lda r2H
        sta r0H
        lda r3L
        sta r1L
        jsr vfb_cursor_position
        pla
        sta r1L
        pla
        sta r0H
        pla
        sta r0L
        pla
@mode:  sta g_tmp
        lda VERA_ADDR_H
        and #$01
        ora g_tmp
        sta VERA_ADDR_H
        rts
@last:  clc
        lda r4L
        sbc #0                  ; count - 1 (C=0: subtracts one more)
        sta g_tmp
        lda r4H
        sbc #0
        sta g_tmp+1
        clc
        lda r0L
        adc g_tmp
        sta r0L
        lda r0H
        adc g_tmp+1
        sta r0H
        clc
        lda r2L
        adc g_tmp
        sta r2L
        lda r2H
        adc g_tmp+1
        sta r2H
        rts
