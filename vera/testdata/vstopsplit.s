; vstopsplit.s: a split screen made by closing the vertical window mid-screen (VSTOP
; lowered from a LINE interrupt) and opening it again further down (VSTOP raised). The
; layer is a 4 bpp 320-wide bitmap whose line s shows s in binary: pixels 8i-8i+7 (16
; screen pixels at HSCALE 2x) are white (colour 1) where bit i of s is set and red (2)
; where it is clear, bits 0-8 from the left; the rest is black. The border is blue (6).
;
; Each frame (interrupts polled with SEI/WAI):
;   - LINE 100: VSTOP = 110, written early in line 100 (ahead of line 110).
;   - LINE 149: VSTOP = 480, written late in line 149, in its horizontal blank (cycle
;     ~230 of 256: after pixel 640), so no visible part of line 149 changes.
;
; What the RTL shows (composer.v:138-169): the render of output line y starts at the start
; of scan-out line y-1 and advances the source line only when y-1 is inside [VSTART,
; VSTOP) as the registers are at that moment. Lines 0-109 show source lines 0-109; 110-149
; are border. Source line 110 was rendered (during line 109, still inside) but shown on
; no line; the source counter then stands still while the window is closed. Line 150 is
; inside again, but its render would have started at the start of line 149, when VSTOP was
; still 110: no render, so it shows its line buffer as last written (two lines ago, ...,
; during line 109): source line 110. Line 151 shows 111, and line y shows y-40 down to
; source line 439 on line 479. (A model that reads VSTOP at the start of line 150 instead
; shows 111 there and never shows 110.)
.include "prg.inc"
.include "vera.inc"

frames = $2A            ; frames left before power-off

BITMAP = $00000
sl     = $26            ; source line being written (16 bits)
sh     = $27
t0     = $28
t1     = $29

        video $11, 64, 128, 6
        layer 0, $06, 0, BITMAP, 0, 0   ; 4 bpp bitmap, 320 wide

        ; Source line s: 9 bits x 4 bytes (8 pixels), then 124 zero bytes (160 a line).
        vaddr BITMAP, 1
        stz sl
        stz sh
@line:  lda sl
        sta t0
        lda sh
        sta t1
        ldx #9
@bit:   lsr t1
        ror t0                          ; carry = the next bit of s, bit 0 first
        lda #$22
        bcc :+
        lda #$11
:       sta VERA_DATA0
        sta VERA_DATA0
        sta VERA_DATA0
        sta VERA_DATA0
        dex
        bne @bit
        ldx #124
@zero:  stz VERA_DATA0
        dex
        bne @zero
        inc sl
        bne :+
        inc sh
:       lda sl
        cmp #<480
        bne @line
        lda sh
        cmp #>480
        bne @line

        sei
        setreg VERA_ISR, $07            ; clear stale VSYNC/LINE/SPRCOL flags
        setreg frames, 90
idle:   setreg VERA_IRQLINE, 100
        setreg VERA_IEN, $02            ; LINE, IRQLINE bit 8 = 0
        wai                             ; wakes at the start of scan-out of line 100
        setreg VERA_CTRL, 2             ; DCSEL 1
        setreg VERA_DC_BORDER, 110/2    ; VSTOP 110
        stz VERA_CTRL
        setreg VERA_ISR, $02            ; acknowledge LINE
        setreg VERA_IRQLINE, 149
        wai                             ; wakes at the start of scan-out of line 149
        ldx #42                         ; 42 x 5 cycles: into the horizontal blank
@wait:  dex
        bne @wait
        setreg VERA_CTRL, 2
        setreg VERA_DC_BORDER, 480/2    ; VSTOP 480, at cycle ~230 of line 149
        stz VERA_CTRL
        setreg VERA_ISR, $02
        dec frames
        bne idle
idle_end:
        ; Power off after 90 frames, so that the official emulator's -gif run ends
        ; (core: the ...AgainstX16emu tests).
        ldx #$42
        ldy #$01
        lda #$00
        jsr $FEC9                       ; i2c_write_byte: SMC register 1 = 0, power off
        bra *

        VERA_ROUTINES
