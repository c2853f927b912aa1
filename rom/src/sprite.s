; x16scope built-in KERNAL: sprite_set_image and sprite_set_position (X16 KERNAL
; documentation "Sprites"; sprite attributes at VRAM $1FC00, 8 bytes each: address 12:5,
; mode + address 16:13, X 7:0, X 9:8, Y 7:0, Y 9:8, collision/Z-depth/flips, height/width/
; palette offset). Images live at VRAM $13000 + 4 KB per sprite (sprites 0-7), as the X16
; KERNAL places them.
.include "kernal.inc"

.export sprite_set_image, sprite_set_position

SPRITE_ATTR = $1FC00
SPRITE_IMG  = $13000

.segment "CODE"

; sprite_set_position ($FEF3): A = sprite (0-31), r0 = X, r1 = Y. A negative X hides the
; sprite (Z-depth 0); otherwise the position is set, a hidden sprite gets Z-depth 3 (in
; front of both layers) and sprites are switched on in DC_VIDEO. A, X changed.
sprite_set_position:
        and #31
        asl
        asl
        asl
        ldx VERA_CTRL
        phx
        stz VERA_CTRL
        ldx #>SPRITE_ATTR
        stx VERA_ADDR_M
        ldx r0H
        bpl @show
        ora #6                  ; byte 6: Z-depth in bits 3:2
        sta VERA_ADDR_L
        lda #^SPRITE_ATTR       ; no stepping: read, then write back
        sta VERA_ADDR_H
        lda VERA_DATA0
        and #$F3
        sta VERA_DATA0
        bra @done
@show:  ora #2
        sta VERA_ADDR_L
        lda #$10 | ^SPRITE_ATTR
        sta VERA_ADDR_H
        lda r0L
        sta VERA_DATA0
        lda r0H
        sta VERA_DATA0
        lda r1L
        sta VERA_DATA0
        lda r1H
        sta VERA_DATA0
        lda #^SPRITE_ATTR       ; byte 6, no stepping
        sta VERA_ADDR_H
        lda VERA_DATA0
        bit #$0C
        bne :+
        ora #$0C
        sta VERA_DATA0
:       lda VERA_DC_VIDEO
        ora #$40                ; sprites on
        sta VERA_DC_VIDEO
@done:  pla
        sta VERA_CTRL
        rts

; sprite_set_image ($FEF0): A = sprite (0-7), X = width, Y = height (8, 16, 32 or 64),
; r2L = bits per pixel of the data at r0: 1 (converted to 8 bpp: 1 = white, 0 = black;
; with C=1 the 1-bpp mask at r1 makes its 0 bits transparent), 4 or 8 (the hardware's own
; formats, copied). The attributes get the image address, the mode and the size; position,
; Z-depth and flips stay. C=1 (nothing changed) for arguments the hardware cannot show.
; Rows are top to bottom, 1- and 4-bpp bytes hold the leftmost pixel in the high bits.
img_n    = tmp3                 ; sprite number
img_mask = tmp4                 ; $80: apply the mask
img_pix  = tmp1                 ; 1 bpp: the pixel byte being converted
img_wc   = ext_tmp              ; width code (0-3 = 8-64)
img_hc   = ext_tmp+1            ; height code
img_mptr = lz_src               ; 1 bpp: the mask byte (a mainline temp of this ROM)
sprite_set_image:
        sta img_n
        lda #0
        ror
        sta img_mask
        lda img_n
        cmp #8
        bcs @bad
        txa
        jsr size_code
        bcs @bad
        sta img_wc
        tya
        jsr size_code
        bcs @bad
        sta img_hc
        lda r2L
        cmp #1
        beq @ok
        bit img_mask
        bmi @bad                ; a mask only goes with 1-bpp data
        cmp #4
        beq @ok
        cmp #8
        beq @ok
@bad:   sec
        rts
@ok:    ; ptr1 = bytes of source data = 2^(6 + wc + hc) * bpp / 8
        lda img_wc
        clc
        adc img_hc
        adc #6                  ; log2(width * height)
        ldx r2L
        cpx #8
        beq :+
        dec                     ; 4 bpp: half as many bytes
        cpx #4
        beq :+
        dec                     ; 1 bpp: an eighth
        dec
:       tax
        lda #1
        sta ptr1
        stz ptr1+1
:       asl ptr1
        rol ptr1+1
        dex
        bne :-
        lda VERA_CTRL
        pha
        stz VERA_CTRL
        stz VERA_ADDR_L
        lda img_n
        asl
        asl
        asl
        asl
        adc #>(SPRITE_IMG & $FFFF)
        sta VERA_ADDR_M
        lda #$10 | ^SPRITE_IMG
        sta VERA_ADDR_H
        lda r0L
        sta ptr2
        lda r0H
        sta ptr2+1
        lda r1L
        sta img_mptr
        lda r1H
        sta img_mptr+1
        lda r2L
        cmp #1
        beq @conv
@copy:  lda (ptr2)
        sta VERA_DATA0
        jsr @next
        bne @copy
        bra @attr
@conv:  ; 1 bpp -> 8 bpp: mask bit 0 -> 0 (transparent), pixel 1 -> 1, pixel 0 -> 16
        lda (ptr2)
        sta img_pix
        lda #$FF
        bit img_mask
        bpl :+
        lda (img_mptr)
:       ldx #8
@bit:   asl
        pha
        bcs :+
        stz VERA_DATA0          ; masked out: transparent
        asl img_pix
        bra @nb
:       asl img_pix
        lda #16
        bcc :+
        lda #1
:       sta VERA_DATA0
@nb:    pla
        dex
        bne @bit
        jsr @next
        bne @conv
@attr:  ; attributes 0-1: the image address $13000 + n * $1000 in 32-byte units, the mode
        lda img_n
        asl
        asl
        asl
        sta VERA_ADDR_L
        lda #>SPRITE_ATTR
        sta VERA_ADDR_M
        lda #$10 | ^SPRITE_ATTR
        sta VERA_ADDR_H
        lda img_n
        lsr
        lda #0
        ror                     ; bit 0 of n = bit 12 of the address
        clc
        adc #<(SPRITE_IMG >> 5)
        sta VERA_DATA0
        lda img_n
        lsr
        adc #>(SPRITE_IMG >> 5)
        ldx r2L
        cpx #4
        beq :+
        ora #$80                ; 8 bpp
:       sta VERA_DATA0
        lda VERA_ADDR_L
        clc
        adc #5
        sta VERA_ADDR_L         ; attribute 7: height, width (palette offset 0)
        lda img_hc
        asl
        asl
        ora img_wc
        asl
        asl
        asl
        asl
        sta VERA_DATA0
        pla
        sta VERA_CTRL
        clc
        rts
; @next: ptr2 and the mask pointer + 1, ptr1 - 1; Z=1 when ptr1 reaches 0
@next:  inc ptr2
        bne :+
        inc ptr2+1
:       inc img_mptr
        bne :+
        inc img_mptr+1
:       lda ptr1
        bne :+
        dec ptr1+1
:       dec ptr1
        lda ptr1
        ora ptr1+1
        rts

; size_code: A = 8, 16, 32 or 64 -> A = 0-3, C=0; C=1 for any other size
size_code:
        ldx #3
:       cmp sizes,x
        beq :+
        dex
        bpl :-
        sec
        rts
:       txa
        clc
        rts
sizes:  .byte 8, 16, 32, 64
