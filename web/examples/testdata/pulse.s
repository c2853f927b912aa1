; Pulse: a docs demo with a frame budget that breathes. Each frame waits for VSYNC, sets
; palette entry 0 (the whole picture: layers off, border entry 0) to a colour from a
; 64-step ramp, then runs region 1 "update" for a time that grows and shrinks with the
; ramp, from a small part of the frame to about three quarters of it. The profiler's bars
; rise and fall with the colour.
.include "prg.inc"

step = $22                      ; position in the ramp, advanced once per frame

start:
        sei
        stz VERA_CTRL
        lda #$01                ; VGA output, layers and sprites off
        sta VERA_DC_VIDEO
        lda #128                ; 1x scale
        sta VERA_DC_HSCALE
        sta VERA_DC_VSCALE
        stz VERA_DC_BORDER      ; border: palette entry 0, like the background
        stz step
frame:
        lda #1
        sta VERA_ISR            ; clear the VSYNC flag
vsync:  lda VERA_ISR
        and #1
        beq vsync
        lda #$F0                ; guest frame begins
        sta EMU_MARKER
        stz VERA_ADDR_L         ; palette entry 0 at $1FA00, increment 1
        lda #$FA
        sta VERA_ADDR_M
        lda #$11
        sta VERA_ADDR_H
        lda step
        and #63
        tax
        lda ramp,x              ; level 0-15
        tay
        asl                     ; green/blue byte: green = blue = level
        asl
        asl
        asl
        ora ramp,x
        sta VERA_DATA0
        tya                     ; red = level / 2
        lsr
        sta VERA_DATA0
        lda #1                  ; enter region 1: update
        sta EMU_MARKER
        tya                     ; 4 + 5 x level passes of about 1,280 cycles
        sta $24
        asl
        asl
        clc
        adc $24
        adc #4
        tax
work:   ldy #0
inner:  dey
        bne inner
        dex
        bne work
        lda #0                  ; leave region 1
        sta EMU_MARKER
        lda #$F1                ; guest frame ends
        sta EMU_MARKER
        inc step
        bra frame

; A triangle wave, 0 up to 15 and back, 64 steps.
ramp:
        .byte 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7
        .byte 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13, 14, 14, 15, 15
        .byte 15, 15, 14, 14, 13, 13, 12, 12, 11, 11, 10, 10, 9, 9, 8, 8
        .byte 7, 7, 6, 6, 5, 5, 4, 4, 3, 3, 2, 2, 1, 1, 0, 0
