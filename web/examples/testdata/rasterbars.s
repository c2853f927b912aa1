; Raster bars: a docs demo that races the beam. Layers are off and the border uses palette
; entry 0, so the whole picture is that one colour; the program rewrites its green/blue
; byte on every scanline of the visible area, which draws horizontal bands of colour that
; scroll one step per frame. Changing a colour per line means polling SCANLINE for the
; whole visible part of the frame, so the profiler shows region 1 "race the beam" taking
; most of each frame: the cost of this effect, made visible. A frame is marked from VSYNC
; ($F0) to the end of the race at line 464 ($F1), so the race never hides the next VSYNC.
.include "prg.inc"

phase = $22                     ; band offset, advanced once per frame
last  = $23                     ; the scanline whose colour was last written

start:
        sei
        stz VERA_CTRL
        lda #$01                ; VGA output, layers and sprites off
        sta VERA_DC_VIDEO
        lda #128                ; 1x scale
        sta VERA_DC_HSCALE
        sta VERA_DC_VSCALE
        stz VERA_DC_BORDER      ; border: palette entry 0, like the background
        stz VERA_ADDR_L         ; palette entry 0's green/blue byte at $1FA00, increment 0:
        lda #$FA                ; every DATA0 write lands on it (red stays 0)
        sta VERA_ADDR_M
        lda #$01
        sta VERA_ADDR_H
        stz phase
frame:
        lda #1
        sta VERA_ISR            ; clear the VSYNC flag
vsync:  lda VERA_ISR
        and #1
        beq vsync
        lda #$F0                ; guest frame begins (line 480)
        sta EMU_MARKER
newf:   lda VERA_IEN            ; wait for SCANLINE 1-255: bit 8 is set from line 256 to
        and #$40                ; the end of the frame, except on line 511, where VERA's
        bne newf                ; render counter wraps and reads 0 (SCANLINE follows the RTL)
        lda VERA_IRQLINE
        beq newf
        lda #1                  ; enter region 1: race the beam
        sta EMU_MARKER
        lda #$FF
        sta last
line:   lda VERA_IEN            ; stop at line 464: SCANLINE bit 8 set, bits 7:0 >= $D0
        and #$40
        beq same
        lda VERA_IRQLINE
        cmp #$D0
        bcs done
same:   lda VERA_IRQLINE        ; SCANLINE bits 7:0
        cmp last
        beq line                ; still the same line
        sta last
        lsr                     ; bands 4 lines high
        lsr
        clc
        adc phase
        and #31
        tax
        lda bands,x
        sta VERA_DATA0
        bra line
done:   lda #0                  ; leave region 1
        sta EMU_MARKER
        lda #$F1                ; guest frame ends
        sta EMU_MARKER
        inc phase
        bra frame

; Green/blue bytes (green in bits 7:4, blue in 3:0): a blue band, a cyan band and dark gaps.
bands:
        .byte $01, $02, $04, $06, $08, $0A, $0C, $0F
        .byte $0C, $0A, $08, $06, $04, $02, $01, $00
        .byte $10, $31, $52, $74, $96, $B8, $DA, $FF
        .byte $DA, $B8, $96, $74, $52, $31, $10, $00
