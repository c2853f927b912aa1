; vramrow.s: which output row a VRAM write made right after a LINE interrupt reaches. Layer 0
; is an 8 bpp 640-wide bitmap shown at VSCALE 0, so every row shows bitmap line 0 (all red,
; colour 2) and a write into it shows on every row rendered after it (the KEFRENBARS trick).
; Each frame (interrupts polled with SEI/WAI):
;   - LINE 200: pixels 600-607 of bitmap line 0 become white (1), written at cycles
;     ~15-45 of line 200 (beam pixels ~50-140).
;   - LINE 300: they become red again, likewise.
;
; What the RTL shows: the LINE interrupt for line L fires as scan-out of line L starts
; (composer.v:96-106), when line L is already in its line buffer (rendered during line
; L-1) and the render of line L+1 is starting (top.v:729-738, layer_renderer.v:319-325).
; The renderer reads VRAM as it goes, about one pixel a clock, so pixels 600-607 of line
; L+1 are fetched near clock 600 of line L, long after the writes. So rows 0-200 show red
; at pixels 600-607, rows 201-300 white, rows 301-479 red. (The official emulator draws a
; line at the end of its own scan-out, from VRAM as it is then, and shows rows 200-299
; white: one row higher than the hardware can, since row L was rendered before the
; interrupt that wrote it.)
.include "prg.inc"
.include "vera.inc"

frames = $2A            ; frames left before power-off

BITMAP = $00000

        video $11, 128, 0, 0
        layer 0, $07, 0, BITMAP | 1, 0, 0   ; 8 bpp bitmap, 640 wide
        vaddr BITMAP, 1
        vfill 2, 640                    ; bitmap line 0: red

        sei
        setreg VERA_ISR, $07            ; clear stale VSYNC/LINE/SPRCOL flags
        setreg frames, 90
idle:   setreg VERA_IRQLINE, 200
        setreg VERA_IEN, $02            ; LINE, IRQLINE bit 8 = 0
        wai                             ; wakes at the start of scan-out of line 200
        lda #1
        jsr paint
        setreg VERA_IRQLINE, 300 & $FF
        setreg VERA_IEN, $82            ; LINE, IRQLINE bit 8 = 1
        wai                             ; line 300
        lda #2
        jsr paint
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

; paint: write A to pixels 600-607 of bitmap line 0, then acknowledge LINE.
paint:  ldx #<600
        stx VERA_ADDR_L
        ldx #>600
        stx VERA_ADDR_M
        ldx #$10                        ; increment 1, bank 0
        stx VERA_ADDR_H
        sta VERA_DATA0
        sta VERA_DATA0
        sta VERA_DATA0
        sta VERA_DATA0
        sta VERA_DATA0
        sta VERA_DATA0
        sta VERA_DATA0
        sta VERA_DATA0
        setreg VERA_ISR, $02
        rts

        VERA_ROUTINES
