; sprite_set_image and sprite_set_position (X16 Reference, KERNAL "Sprites") in NCASE seeded
; random cases, a 16-byte record each (kdiff.inc). The sprite attribute table ($1FC00-$1FFFF)
; is filled at random first.
;  0 sprite_set_image(A sprite 0-7, 16x16, 1 bpp, C=1 mask; random pixels and mask): A, C,
;    the sprite's 8 attribute bytes, sums (4 bytes) of the 256-byte image at the address
;    its attributes give. Only this format: it is the one the official KERNAL converts
;    (the call is marked partially implemented in the docs; every other width, height,
;    depth or mask answers C=1 there, while the built-in converts them as documented).
;  1 sprite_set_position(A 0-31, r0 x: 0-1023 or negative one time in 4, r1 y 0-1023): A,
;    x, y, the sprite's attribute bytes 2-7 after, DC_VIDEO bit 6 (sprites on)
; Interrupts are masked throughout.
.include "prg.inc"
.include "api.inc"
.include "kdiff.inc"

NCASE = 400
OUT   = $4000
sprite_set_image    = $FEF0
sprite_set_position = $FEF3
PIX   = $3000                   ; 32 bytes of pixels, then 32 of mask
ptr   = $4C

        sei
        lda #$71
        ldx #$5A
        jsr kd_begin
        stz VERA_CTRL           ; the attribute table at random
        lda #$11
        sta VERA_ADDR_H
        lda #$FC
        sta VERA_ADDR_M
        stz VERA_ADDR_L
        ldx #4
        ldy #0
:       jsr rnd
        sta VERA_DATA0
        iny
        bne :-
        dex
        bne :-
        lda VERA_DC_VIDEO       ; sprites off: sprite_set_position turns them on
        and #$BF
        sta VERA_DC_VIDEO
nextcase:
        jsr rnd
        and #1
        jsr put                 ; (put keeps A, not the flags)
        cmp #0
        bne :+
        jsr op_image
        bra :++
:       jsr op_pos
:       jsr kd_next
        bne nextcase
        lda VERA_DC_VIDEO
        and #$BF
        sta VERA_DC_VIDEO
        cli
        DONE

; attrs: port 0 at sprite A's attribute byte Y (step 1)
attrs:  asl
        asl
        asl
        sta tmp
        tya
        clc
        adc tmp
        stz VERA_CTRL
        sta VERA_ADDR_L
        lda #$FC
        adc #0
        sta VERA_ADDR_M
        lda #$11
        sta VERA_ADDR_H
        rts

op_image:
        ldx #63
:       jsr rnd
        sta PIX,x
        dex
        bpl :-
        lda #<PIX
        sta r0
        lda #>PIX
        sta r0+1
        lda #<(PIX+32)
        sta r1
        lda #>(PIX+32)
        sta r1+1
        lda #1
        sta r2
        jsr rnd
        and #7
        jsr put
        sta tmp+1
        ldx #16
        ldy #16
        sec
        jsr sprite_set_image
        SAVE
        lda #$01
        jsr putp
        lda tmp+1
        ldy #0
        jsr attrs
        lda VERA_DATA0          ; the image address: bits 5-12 in byte 0, 13-16 in byte 1
        jsr put
        sta ptr
        lda VERA_DATA0
        jsr put
        sta ptr+1
        ldx #6
:       lda VERA_DATA0
        jsr put
        dex
        bne :-
        lda ptr                 ; VRAM address = (ptr+1 & $0F : ptr) << 5
        stz tmp+2
        ldx #5
:       asl
        rol tmp+2
        dex
        bne :-
        sta VERA_ADDR_L
        lda ptr+1
        and #$07
        asl
        asl
        asl
        asl
        asl                     ; bits 13-15 of the address to bits 5-7 of ADDR_M
        ora tmp+2
        sta VERA_ADDR_M
        lda ptr+1
        and #$08                ; bit 16
        lsr
        lsr
        lsr
        ora #$10
        sta VERA_ADDR_H
        stz tmp+2
        stz tmp+3
        stz tmp+4
        stz tmp+5
        ldy #0
:       lda VERA_DATA0
        clc
        adc tmp+2
        sta tmp+2
        bcc :+
        inc tmp+3
:       clc
        adc tmp+4
        sta tmp+4
        lda tmp+3
        adc tmp+5
        sta tmp+5
        iny
        bne :--
        ldx #2
:       lda tmp,x
        jsr put
        inx
        cpx #6
        bne :-
        rts

op_pos: jsr rnd
        and #31
        jsr put
        sta tmp+1
        jsr rnd
        sta r0
        jsr put
        jsr rnd
        and #3
        sta r0+1
        jsr rnd
        and #3
        bne :+
        lda r0+1
        ora #$80
        sta r0+1
:       lda r0+1
        jsr put
        jsr rnd
        sta r1
        jsr put
        jsr rnd
        and #3
        sta r1+1
        jsr put
        lda tmp+1
        jsr sprite_set_position
        lda tmp+1
        ldy #2
        jsr attrs
        ldx #6
:       lda VERA_DATA0
        jsr put
        dex
        bne :-
        lda VERA_DC_VIDEO
        and #$40
        jmp put

.include "rnd.inc"
