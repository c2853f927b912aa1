; Browser smoke test program: a known picture and a known, varying frame budget.
; Picture: palette entry 0 becomes green ($0F0) and the border red (palette 2, $800), with
; the active area 80-559 x 60-419, layers and sprites off, so every pixel is one of two
; colours computed by hand (X16-HARDWARE.md 2.2, 2.5).
; Budget: each frame waits for VSYNC (polling ISR), then, framed by markers $F0/$F1
; (PROFILER.md 3), runs region 1 "compute" (a delay loop whose length depends on the frame
; counter; every 16th frame it is longer than a frame: an overrun) and region 2, which
; pushes 64 bytes through DATA0 (CPU port bus traffic).
.include "prg.inc"

frame = $22                     ; frame counter (zero page, free without a ROM)

start:
        sei
        stz VERA_CTRL
        stz VERA_ADDR_L         ; palette entry 0 at $1FA00, increment 1
        lda #$FA
        sta VERA_ADDR_M
        lda #$11
        sta VERA_ADDR_H
        lda #$F0                ; green 7:4 = $F, blue 3:0 = 0
        sta VERA_DATA0
        stz VERA_DATA0          ; red = 0
        lda #$02                ; DCSEL = 1: active area registers
        sta VERA_CTRL
        lda #20                 ; HSTART = 20 x 4 = 80
        sta VERA_DC_VIDEO
        lda #140                ; HSTOP = 140 x 4 = 560
        sta VERA_DC_HSCALE
        lda #30                 ; VSTART = 30 x 2 = 60
        sta VERA_DC_VSCALE
        lda #210                ; VSTOP = 210 x 2 = 420
        sta VERA_DC_BORDER
        stz VERA_CTRL
        lda #$01                ; VGA output, layers and sprites off
        sta VERA_DC_VIDEO
        lda #128                ; 1x scale
        sta VERA_DC_HSCALE
        sta VERA_DC_VSCALE
        lda #2                  ; border: palette entry 2 (red)
        sta VERA_DC_BORDER
        stz frame
loop:
        lda #1
        sta VERA_ISR            ; clear the VSYNC flag
wait:   lda VERA_ISR
        and #1
        beq wait
        lda #$F0                ; guest frame begins
        sta EMU_MARKER
        lda #1                  ; enter region 1: compute
        sta EMU_MARKER
        lda frame
        and #15
        cmp #15
        beq long
        and #7
        asl
        asl
        clc
        adc #8                  ; 8-36 passes of about 1,280 cycles
        tax
        bra work
long:   ldx #160                ; about 205,000 cycles: more than a frame
work:   ldy #0
inner:  dey
        bne inner
        dex
        bne work
        lda #0                  ; leave region 1
        sta EMU_MARKER
        lda #2                  ; enter region 2: 64 bytes through the data port
        sta EMU_MARKER
        stz VERA_ADDR_L
        stz VERA_ADDR_M
        lda #$10
        sta VERA_ADDR_H
        ldy #64
push:   sty VERA_DATA0
        dey
        bne push
        lda #0                  ; leave region 2
        sta EMU_MARKER
        lda #$F1                ; guest frame ends: waiting until the next $F0
        sta EMU_MARKER
        inc frame
        jmp loop
