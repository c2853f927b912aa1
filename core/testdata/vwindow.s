; vwindow.s: a DCSEL=1 window (VSTART 40, VSTOP 440) over a 4 bpp 320-wide bitmap on layer 0
; shown at 2x horizontally and 1x vertically, whose source line y has colour (y mod 15) + 1:
; the first line inside the window says which source line the composer starts with. After
; 60 interrupts the SMC switches the machine off (the official emulator then exits).
.include "prg.inc"

start:  stz VERA_CTRL
        stz VERA_ADDR_L         ; bitmap at $00000, 160 bytes a line, 480 lines
        stz VERA_ADDR_M
        lda #$10
        sta VERA_ADDR_H
        stz line
        stz line+1
        lda #1
        sta colour
fill:   lda colour
        asl
        asl
        asl
        asl
        ora colour
        ldx #160
pix:    sta VERA_DATA0
        dex
        bne pix
        inc colour              ; next colour, 1-15
        lda colour
        cmp #16
        bne :+
        lda #1
        sta colour
:       inc line
        bne :+
        inc line+1
:       lda line+1
        beq fill
        lda line
        cmp #480-256
        bne fill
        lda #$06                ; 4 bpp bitmap
        sta VERA_L0_CONFIG
        stz VERA_L0_TILEBASE    ; $00000, 320 wide
        stz $9F31               ; palette offset 0
        lda #64                 ; HSCALE 2x
        sta VERA_DC_HSCALE
        lda #128
        sta VERA_DC_VSCALE
        lda #$11                ; VGA, layer 0 only
        sta VERA_DC_VIDEO
        lda #2                  ; DCSEL 1
        sta VERA_CTRL
        lda #40/2
        sta $9F2B               ; VSTART 40
        lda #440/2
        sta $9F2C               ; VSTOP 440
        stz VERA_CTRL
        ldy #60
wait:   wai
        dey
        bne wait
        ldx #$42
        ldy #$01
        lda #$00
        jsr $FEC9               ; i2c_write_byte: SMC register 1 = 0, power off
        bra *

line:   .res 2
colour: .res 1
