; MOUSE_CONFIG as cc65's mouse driver and programs with their own pointer call it
; (libsrc/cx16/mou/cx16-std.s: SCREEN_MODE to get the size, then MOUSE_CONFIG 1; a program
; with its own pointer sets up sprite 0 and calls MOUSE_CONFIG $FF). Runs on both ROMs.
; Results: sprite 0's 8 attribute bytes after each call at $0400 ($FF, 40x30), $0408 (1,
; 80x60), $0410 (0); DC_VIDEO after the first call at $0418; mouse_get's position after
; the first and the second call at $0420 and $0424.
.include "prg.inc"
.include "api.inc"

        ; the program's own pointer: sprite 0 at $04000, 4 bpp, 16x16, Z-depth 0 (off)
        stz VERA_CTRL
        stz VERA_ADDR_L
        lda #$FC
        sta VERA_ADDR_M
        lda #$11
        sta VERA_ADDR_H
        ldx #0
:       lda own,x
        sta VERA_DATA0
        inx
        cpx #8
        bne :-
        lda VERA_DC_VIDEO       ; sprites off, as the program found them
        and #$BF
        sta VERA_DC_VIDEO
        lda #$FF                ; show the mouse, keep sprite 0's image
        ldx #40
        ldy #30
        jsr mouse_config
        ldy #$00
        jsr attrs
        lda VERA_DC_VIDEO
        sta $0418
        ldx #$20
        jsr mouse_get
        sec                     ; as the cc65 driver: the screen's size, then MOUSE_CONFIG 1
        jsr screen_mode
        lda #1
        jsr mouse_config
        ldy #$08
        jsr attrs
        ldx #$24
        jsr mouse_get
        lda #0
        ldx #0
        ldy #0
        jsr mouse_config
        ldy #$10
        jsr attrs
        lda $20                 ; mouse_get wrote zero page: copy it out
        sta $0420
        lda $21
        sta $0421
        lda $22
        sta $0422
        lda $23
        sta $0423
        lda $24
        sta $0424
        lda $25
        sta $0425
        lda $26
        sta $0426
        lda $27
        sta $0427
        DONE

; sprite 0's attributes -> $0400,y
attrs:
        stz VERA_CTRL
        stz VERA_ADDR_L
        lda #$FC
        sta VERA_ADDR_M
        lda #$11
        sta VERA_ADDR_H
        ldx #8
:       lda VERA_DATA0
        sta $0400,y
        iny
        dex
        bne :-
        rts

own:    .byte $00, $02          ; $04000 >> 5, 4 bpp
        .word 10, 20            ; X, Y
        .byte $00               ; no collision mask, Z-depth 0, no flips
        .byte $50               ; 16x16, palette offset 0
