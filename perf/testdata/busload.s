; busload.s: a fixed VRAM bus load. Layer 0 is an 8 bpp bitmap (160 words a line, 162 with
; the RTL's over-fetch), layer 1 a 4 bpp 8x8 tile layer with a 32x32 map and no scroll (80
; tile + 40 map words a line, 123 with the over-fetch), X16-HARDWARE.md 4.3. Each frame, right after VSYNC, the CPU sets ADDR0 (3 writes, one
; prefetch slot each) and writes 100 bytes through DATA0 (2 slots each), then polls ISR.
.include "prg.inc"

start:  lda #$07                ; bitmap, 8 bpp
        sta VERA_L0_CONFIG
        lda #$02                ; tiles, 4 bpp, 32x32 map
        sta VERA_L1_CONFIG
        stz VERA_L1_MAPBASE
        stz VERA_L1_TILEBASE    ; 8x8 tiles
        lda #$31                ; VGA, layers 0 and 1 on, sprites off
        sta VERA_DC_VIDEO
frame:  stz VERA_ADDR_L
        stz VERA_ADDR_M
        lda #$10                ; increment 1, bank 0
        sta VERA_ADDR_H
        ldx #100
fill:   stx VERA_DATA0
        dex
        bne fill
poll:   lda VERA_ISR
        and #1
        beq poll
        sta VERA_ISR
        bra frame
