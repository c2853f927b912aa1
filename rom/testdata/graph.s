; The graphics KERNAL calls FB_* and GRAPH_* on the 320x240 8 bpp framebuffer (VRAM $00000),
; run on the built-in ROM and on the official one (core/rom_graph_test.go compares the
; bitmaps). Register results at $0400+; $04FF = $A5 at the end.
.include "prg.inc"
.include "api.inc"

r4 = $0A
r5 = $0C
FB_init             = $FEF6
FB_set_palette      = $FEFC
FB_get_info         = $FEF9
FB_cursor_position  = $FEFF
FB_cursor_next_line = $FF02
FB_get_pixel        = $FF05
FB_get_pixels       = $FF08
FB_set_pixel        = $FF0B
FB_set_pixels       = $FF0E
FB_set_8_pixels     = $FF11
FB_set_8_pixels_opaque = $FF14
FB_fill_pixels      = $FF17
FB_filter_pixels    = $FF1A
FB_move_pixels      = $FF1D
GRAPH_init          = $FF20
GRAPH_clear         = $FF23
GRAPH_set_window    = $FF26
GRAPH_set_colors    = $FF29
GRAPH_draw_line     = $FF2C
GRAPH_draw_rect     = $FF2F
GRAPH_move_rect     = $FF32
GRAPH_draw_oval     = $FF35
GRAPH_draw_image    = $FF38
GRAPH_get_char_size = $FF3E
GRAPH_put_char      = $FF41

.macro SETW reg, val
        lda #<(val)
        sta reg
        lda #>(val)
        sta reg+1
.endmacro
.macro BOX bx, by, bw, bh
        SETW r0, bx
        SETW r1, by
        SETW r2, bw
        SETW r3, bh
.endmacro

        stz $0406
        stz $0407
        stz $0408
        SETW r0, drv            ; a driver of the program's own: GRAPH_* go through it
        jsr GRAPH_init
        BOX 0, 0, 3, 2
        jsr GRAPH_draw_line     ; 4 pixels through the driver's FB_set_pixel

        stz r0
        stz r0+1
        jsr GRAPH_init          ; the VERA driver: white screen, black stroke
        SETW r0, pal            ; palette entries 200 and 201
        lda #200
        ldx #2
        jsr FB_set_palette
        jsr FB_get_info
        sta $0400               ; 8
        lda r0
        sta $0401               ; 320
        lda r0+1
        sta $0402
        lda r1
        sta $0403               ; 240

        lda #2                  ; stroke red, fill green, background white
        ldx #5
        ldy #1
        jsr GRAPH_set_colors
        BOX 10, 10, 100, 50     ; lines: shallow, steep backwards, horizontal, vertical
        jsr GRAPH_draw_line
        BOX 200, 100, 150, 10
        jsr GRAPH_draw_line
        BOX 300, 5, 250, 5
        jsr GRAPH_draw_line
        BOX 310, 10, 310, 40
        jsr GRAPH_draw_line
        BOX 20, 60, 50, 30      ; a frame and a filled rectangle
        clc
        jsr GRAPH_draw_rect
        BOX 80, 60, 40, 30
        sec
        jsr GRAPH_draw_rect
        BOX 150, 120, 61, 41    ; ovals: filled, outline, a line, a flat one
        sec
        jsr GRAPH_draw_oval
        BOX 230, 110, 40, 60
        clc
        jsr GRAPH_draw_oval
        BOX 10, 150, 1, 20
        clc
        jsr GRAPH_draw_oval
        BOX 40, 150, 50, 3
        sec
        jsr GRAPH_draw_oval
        BOX 100, 140, 21, 21
        clc
        jsr GRAPH_draw_oval
        BOX 60, 165, 2, 12      ; 2 wide: the tips are drawn after the main loop
        clc
        jsr GRAPH_draw_oval
        BOX 250, 220, 4, 3      ; a 4x3 image
        SETW r2, image
        SETW r3, 4
        SETW r4, 3
        jsr GRAPH_draw_image
        BOX 80, 60, 270, 175    ; move the filled rectangle down right
        SETW r4, 40
        SETW r5, 30
        jsr GRAPH_move_rect

        ; framebuffer calls on line 200
        SETW r0, 0
        SETW r1, 200
        jsr FB_cursor_position
        lda #7
        jsr FB_set_pixel
        lda #8
        jsr FB_set_pixel
        SETW r0, 10             ; 10 pixels of 3, then every 3rd pixel 4 times
        SETW r1, 1
        lda #3
        jsr FB_fill_pixels
        SETW r0, 4
        SETW r1, 3
        lda #4
        jsr FB_fill_pixels
        SETW r0, 100            ; a column of 6 pixels, step 320
        SETW r1, 201
        jsr FB_cursor_position
        SETW r0, 6
        SETW r1, 320
        lda #9
        jsr FB_fill_pixels
        SETW r0, 0
        SETW r1, 202
        jsr FB_cursor_position
        lda #$A5                ; transparent pattern
        ldx #6
        jsr FB_set_8_pixels
        jsr FB_cursor_next_line ; line 203, x 0
        lda #$C3
        sta r0
        lda #$F0                ; mask
        ldx #10
        ldy #11
        jsr FB_set_8_pixels_opaque
        SETW r0, 0
        SETW r1, 200
        jsr FB_cursor_position
        jsr FB_get_pixel
        sta $0404               ; 7
        jsr FB_get_pixel
        sta $0405               ; 8
        SETW r0, $0410          ; 12 pixels of line 200 -> $0410
        SETW r1, 12
        jsr FB_get_pixels
        SETW r0, 20             ; pixels from RAM at (20, 204)
        SETW r1, 204
        jsr FB_cursor_position
        SETW r0, image
        SETW r1, 12
        jsr FB_set_pixels
        SETW r0, 0              ; filter: 12 pixels of line 200 + 1
        SETW r1, 200
        jsr FB_cursor_position
        SETW r0, 12             ; count (r0) and routine (r1), the official order
        SETW r1, plus1
        jsr FB_filter_pixels
        SETW r0, 0              ; move 16 pixels of line 200 to (40, 206), then on
        SETW r1, 200            ; line 206 itself 8 to the right (overlapping)
        SETW r2, 40
        SETW r3, 206
        SETW r4, 16
        jsr FB_move_pixels
        SETW r0, 40
        SETW r1, 206
        SETW r2, 44
        SETW r3, 206
        SETW r4, 16
        jsr FB_move_pixels

        ; text: 'A' at (10, 230) in black; the advance and the metrics
        lda #0
        ldx #5
        ldy #1
        jsr GRAPH_set_colors
        SETW r0, 10
        SETW r1, 230
        lda #'A'
        jsr GRAPH_put_char
        RESULT $0420
        lda r0
        sta $0424
        lda r0+1
        sta $0425
        lda r1
        sta $0426
        lda #'A'
        ldx #0
        jsr GRAPH_get_char_size
        RESULT $0428            ; C=0 A=baseline X=width Y=height
        lda #$06
        ldx #0
        jsr GRAPH_get_char_size
        RESULT $042C            ; C=1 X=$40 (bold)
        lda #$A5
        sta $04FF
        rts

plus1:  inc a
        rts

pal:    .word $0F00, $00F0

; the driver: FB_init and FB_fill_pixels / FB_set_pixel calls are counted at $0406-$0408,
; the screen is 100x50, everything else does nothing
drv:    .word d_init, d_info, d_rts, d_rts, d_rts, d_rts, d_rts, d_setpix, d_rts, d_rts
        .word d_rts, d_fill, d_rts, d_rts
d_init: inc $0406
d_rts:  rts
d_info: lda #100
        sta r0
        stz r0+1
        lda #50
        sta r1
        stz r1+1
        lda #8
        rts
d_fill: inc $0407
        rts
d_setpix:
        inc $0408
        rts

image:  .byte 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12
