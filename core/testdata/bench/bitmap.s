; bitmap.s: a benchmark shaped like an X16 drawing demo. 320x240 at 8 bpp (layer 0 bitmap,
; 2x scale). Every frame, after the VSYNC interrupt (the KERNAL's handler is live; the main
; loop sleeps in WAI), it draws a 4-line colour bar through DATA0 at a row that moves down
; the screen, then fills a triangle with VERA FX's polygon helper: DATA1 reads step both
; edges and point ADDR1 at the left edge, the fill length is read from FX_POLY_FILL, and the
; span is written through DATA1. The apex and the colour move every frame.
.include "prg.inc"

FX_CTRL     = $9F29             ; DCSEL 2
FX_X_INCR_L = $9F29             ; DCSEL 3
FX_X_INCR_H = $9F2A
FX_Y_INCR_L = $9F2B
FX_Y_INCR_H = $9F2C
FX_X_POS_L  = $9F29             ; DCSEL 4
FX_X_POS_H  = $9F2A
FX_Y_POS_L  = $9F2B
FX_Y_POS_H  = $9F2C
FX_FILL_L   = $9F2B             ; DCSEL 5
FX_FILL_H   = $9F2C
ROWS        = 80                ; triangle height

frame   = $22
row     = $23                   ; bar row (0-235)
apexy   = $24
colour  = $25
rows    = $26
addr    = $27                   ; 3 bytes: a row's VRAM address
tmp     = $2A

start:
        sei
        stz VERA_CTRL
        lda #$11                ; layer 0, VGA
        sta VERA_DC_VIDEO
        lda #64                 ; 2x: 320x240
        sta VERA_DC_HSCALE
        sta VERA_DC_VSCALE
        stz VERA_DC_BORDER
        lda #$07                ; bitmap, 8 bpp
        sta VERA_L0_CONFIG
        stz VERA_L0_TILEBASE    ; at $00000, 320 wide
        stz VERA_L0_HSCROLL_H   ; palette offset 0
        jsr clear
        stz frame
        stz row
        lda #1                  ; VSYNC interrupt on (the KERNAL's handler acknowledges it)
        sta VERA_IEN
        cli

main:   wai
        jsr bar
        jsr triangle
        inc frame
        bra main

; clear the bitmap (240 rows of 320 bytes) to colour 0
clear:  stz VERA_ADDR_L
        stz VERA_ADDR_M
        lda #$10
        sta VERA_ADDR_H
        ldy #240
@row:   ldx #160
:       stz VERA_DATA0
        stz VERA_DATA0
        dex
        bne :-
        dey
        bne @row
        rts

; rowaddr: addr = A * 320 (A = row 0-239)
rowaddr:
        sta addr+1              ; row * 256
        stz addr
        stz addr+2
        lsr
        ror tmp                 ; row * 64 = row >> 2 (high), (row & 3) << 6 (low)
        lsr
        ror tmp
        sta tmp+1
        lda tmp
        and #$C0
        clc
        adc addr
        sta addr
        lda tmp+1
        adc addr+1
        sta addr+1
        bcc :+
        inc addr+2
:       rts

setaddr0:
        lda addr
        sta VERA_ADDR_L
        lda addr+1
        sta VERA_ADDR_M
        lda addr+2
        ora #$10                ; increment 1
        sta VERA_ADDR_H
        rts

; four rows of a colour ramp at the moving bar row
bar:    lda row
        clc
        adc #4
        cmp #236
        bcc :+
        lda #0
:       sta row
        jsr rowaddr
        jsr setaddr0
        ldy #4
@r:     ldx #0
        lda frame
@p:     sta VERA_DATA0          ; 256 + 64 pixels
        inc a
        inx
        bne @p
        ldx #64
@q:     sta VERA_DATA0
        inc a
        dex
        bne @q
        dey
        bne @r
        rts

; the triangle: apex at (128 + frame & 63, frame mod 128), edges -1 and +1 pixel a row (each
; row reads DATA0 and DATA1, and both step the edges by the half-pixel increments)
triangle:
        lda frame
        and #127
        sta apexy
        jsr rowaddr
        stz VERA_CTRL           ; ADDR0: the apex row, increment 320 (one row down a read)
        lda addr
        sta VERA_ADDR_L
        lda addr+1
        sta VERA_ADDR_M
        lda addr+2
        ora #$E0
        sta VERA_ADDR_H
        lda #1                  ; ADDR1: increment 1 (the span)
        sta VERA_CTRL
        lda #$10
        sta VERA_ADDR_H
        lda #2<<1               ; DCSEL 2: polygon mode
        sta VERA_CTRL
        lda #$02
        sta FX_CTRL
        lda #3<<1               ; DCSEL 3: X1 -0.5, X2 +0.5 (6.9 fixed point)
        sta VERA_CTRL
        stz FX_X_INCR_L
        lda #$7F
        sta FX_X_INCR_H
        stz FX_Y_INCR_L
        lda #$01
        sta FX_Y_INCR_H
        lda #4<<1               ; DCSEL 4: both edges at the apex
        sta VERA_CTRL
        lda frame
        and #63
        clc
        adc #128
        sta FX_X_POS_L
        stz FX_X_POS_H
        sta FX_Y_POS_L
        stz FX_Y_POS_H
        lda #5<<1               ; DCSEL 5: the fill length
        sta VERA_CTRL
        lda frame
        ora #$10
        sta colour
        lda #ROWS
        sta rows
@row:   lda VERA_DATA1          ; step the edges; ADDR1 = ADDR0 + X1
        lda FX_FILL_H           ; length 9:3 in 7:1
        lsr
        tay
        lda FX_FILL_L           ; length 2:0 in 3:1
        lsr
        and #7
        tax
        lda colour
        cpx #0
        beq @eights
:       sta VERA_DATA1
        dex
        bne :-
@eights:cpy #0
        beq @next
:       sta VERA_DATA1
        sta VERA_DATA1
        sta VERA_DATA1
        sta VERA_DATA1
        sta VERA_DATA1
        sta VERA_DATA1
        sta VERA_DATA1
        sta VERA_DATA1
        dey
        bne :-
@next:  lda VERA_DATA0          ; next row (and the edges step again)
        dec rows
        bne @row
        lda #2<<1               ; FX off, DCSEL 0
        sta VERA_CTRL
        stz FX_CTRL
        stz VERA_CTRL
        rts
