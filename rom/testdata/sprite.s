; sprite_set_image and sprite_set_position. Sprite 2: a 16x16 1-bpp image with a mask
; (the format both ROMs convert), then placed at (300, 200); sprite 5 is placed and then
; hidden with a negative X. Results (P, A, X, Y) at $0400+; the Go test reads the VRAM
; (image at $15000, attributes at $1FC10 and $1FC28) and DC_VIDEO. With $0410 = 1 (set by
; the test for the built-in ROM only) the other formats follow: sprite 3 8x8 1 bpp without
; a mask, sprite 4 8x8 4 bpp, sprite 6 8x16 8 bpp, and the refused arguments.
.include "prg.inc"
.include "api.inc"

sprite_set_image    = $FEF0
sprite_set_position = $FEF3
r2L = r2

        ; a few attribute bits that must survive: sprite 2's flips + collision mask in
        ; byte 6, sprite 5 shown at Z-depth 2
        stz VERA_CTRL
        lda #<($1FC00 + 2*8 + 6)
        sta VERA_ADDR_L
        lda #>($1FC00 + 2*8 + 6)
        sta VERA_ADDR_M
        lda #$01
        sta VERA_ADDR_H
        lda #$F3                ; collision mask $F, Z-depth 0, V+H flip
        sta VERA_DATA0

        lda #<pixels
        sta r0
        lda #>pixels
        sta r0+1
        lda #<mask
        sta r1
        lda #>mask
        sta r1+1
        lda #1
        sta r2L
        lda #2
        ldx #16
        ldy #16
        sec
        jsr sprite_set_image
        RESULT $0400            ; C=0

        lda #<300
        sta r0
        lda #>300
        sta r0+1
        lda #<200
        sta r1
        lda #>200
        sta r1+1
        lda #2
        jsr sprite_set_position
        RESULT $0404

        lda #<10
        sta r0
        stz r0+1
        lda #<20
        sta r1
        stz r1+1
        lda #5
        jsr sprite_set_position
        lda #$FF
        sta r0+1                ; X negative: hide it
        lda #5
        jsr sprite_set_position
        RESULT $0408

        lda $0410
        bne :+
        jmp @done
:
        ; sprite 3: 8x8 1 bpp, no mask
        lda #<pixels
        sta r0
        lda #>pixels
        sta r0+1
        lda #1
        sta r2L
        lda #3
        ldx #8
        ldy #8
        clc
        jsr sprite_set_image
        RESULT $0420            ; C=0
        ; sprite 4: 8x8 4 bpp (32 bytes, copied)
        lda #4
        sta r2L
        lda #4
        ldx #8
        ldy #8
        clc
        jsr sprite_set_image
        RESULT $0424            ; C=0
        ; sprite 6: 8 wide, 16 high, 8 bpp (128 bytes)
        lda #8
        sta r2L
        lda #6
        ldx #8
        ldy #16
        clc
        jsr sprite_set_image
        RESULT $0428            ; C=0
        ; refused: width 12, bpp 2, a mask with 8 bpp, sprite 8
        lda #1
        sta r2L
        lda #3
        ldx #12
        ldy #8
        clc
        jsr sprite_set_image
        RESULT $0430            ; C=1
        lda #2
        sta r2L
        lda #3
        ldx #8
        ldy #8
        clc
        jsr sprite_set_image
        RESULT $0434            ; C=1
        lda #8
        sta r2L
        lda #3
        ldx #8
        ldy #8
        sec
        jsr sprite_set_image
        RESULT $0438            ; C=1
        lda #1
        sta r2L
        lda #8
        ldx #8
        ldy #8
        clc
        jsr sprite_set_image
        RESULT $043C            ; C=1
@done:  DONE

; 16x16 pixels, 2 bytes a row: row r = $A5 xor r, $0F + r
pixels:
.repeat 16, r
        .byte $A5 ^ r, $0F + r
.endrepeat
.repeat 96, i                   ; more bytes for the 4- and 8-bpp copies (128 in all)
        .byte <(i * 7 + 3)
.endrepeat
; the mask: a 12-pixel-wide opaque bar (bits 2-13 of each row), the top row all clear
mask:
        .byte 0, 0
.repeat 15
        .byte $3F, $FC
.endrepeat
