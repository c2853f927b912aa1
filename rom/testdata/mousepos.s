; extapi mouse_set_position (12) on screens that count the mouse in double steps: the
; position given is in mouse_get's coordinates, whatever the scale, and the pointer
; sprite 0 goes there (plus mouse_sprite_offset). Results (core/rom_mousepos_test.go),
; each 4 bytes: mouse_get's X, Y (lo, hi) then sprite 0's X, Y (VRAM $1FC02-$1FC05):
;   $0400/$0404 40x30 (both axes double), set (100, 50)
;   $0408/$040C 40x30, set (1000, 1000): limited to the last pixel (319, 239)
;   $0410/$0414 80x30 (only Y double), set (300, 100)
;   $0418/$041C 40x60 (only X double), set (300, 100), sprite offset (-1, -2)
.include "prg.inc"
.include "api.inc"

extapi = $FEAB
MOUSE_SET_POSITION = 12
MOUSE_SPRITE_OFFSET = 3

.macro SETPOS xpos, ypos, out
        lda #<xpos
        sta $22
        lda #>xpos
        sta $23
        lda #<ypos
        sta $24
        lda #>ypos
        sta $25
        ldx #$22
        lda #MOUSE_SET_POSITION
        jsr extapi
        ldx #$30
        jsr mouse_get
        ldx #3
:       lda $30,x
        sta out,x
        dex
        bpl :-
        jsr sprite0
        ldx #3
:       lda $40,x
        sta out+4,x
        dex
        bpl :-
.endmacro

        lda #1
        ldx #40
        ldy #30
        jsr mouse_config
        SETPOS 100, 50, $0400
        SETPOS 1000, 1000, $0408
        lda #1
        ldx #80
        ldy #30
        jsr mouse_config
        SETPOS 300, 100, $0410
        lda #1
        ldx #40
        ldy #60
        jsr mouse_config
        lda #$FF                ; offset (-1, -2) in r0, r1
        sta $02
        sta $03
        lda #$FE
        sta $04
        lda #$FF
        sta $05
        clc
        lda #MOUSE_SPRITE_OFFSET
        jsr extapi
        SETPOS 300, 100, $0418
        lda #0
        ldx #0
        ldy #0
        jsr mouse_config
        DONE

; sprite0: sprite 0's X and Y (VRAM $1FC02-$1FC05) to $40-$43
sprite0:
        stz VERA_CTRL
        lda #$02
        sta VERA_ADDR_L
        lda #$FC
        sta VERA_ADDR_M
        lda #$11
        sta VERA_ADDR_H
        ldx #0
:       lda VERA_DATA0
        sta $40,x
        inx
        cpx #4
        bne :-
        rts
