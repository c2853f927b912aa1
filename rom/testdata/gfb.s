; The framebuffer calls FB_* (X16 Reference, KERNAL "Framebuffer") in NCASE seeded random
; cases on a bitmap filled with noise: core/rom_gdiff_test.go runs it on the built-in ROM and
; on the official one and wants, case by case, the same bitmap (VRAM $00000-$12BFF), palette
; and documented results (rom/testdata/gfb.golden holds the official's). Each case picks a
; call; a pixel call starts, 7 times in 8, at a random FB_cursor_position (recorded in r6,
; r7 of the record's arguments), else where the cursor was left. Counts stay below 512:
; the official FB_filter_pixels and FB_move_pixels copy 2048 pixels for each 256 past the
; first 256 (their block counter is not reloaded), a defect this test does not pin down.
;  The official FB_filter_pixels sets both ports' ADDR_H to $10, so a cursor at line 204
; or below (VRAM $10000+) filters the pixels 64K before it: filter cases start on lines
; 0-203. GRAPH_init comes first: on the official ROM, only it installs VERA's FB driver.
.include "prg.inc"
.include "api.inc"
.include "gdiff.inc"

NCASE = 1024
NOPS  = 14
PIX   = $6000                   ; 2 KB of random bytes: pixels and palettes passed
BUF   = $6800                   ; FB_get_pixels' target (512 bytes)
fval  = $5D

        sei
        lda #$9B                ; the seed
        sta seed
        lda #$2E
        sta seed+1
        jsr fillram
        stz gC
        stz op
        stz r0                  ; the official ROM's FB_* vectors are set by GRAPH_init
        stz r0+1                ; (VERA's driver: r0 = 0) only
        jsr GRAPH_init
        ldx #15
:       stz r0,x
        dex
        bpl :-
        ldx #<FB_init
        ldy #>FB_init
        jsr call
        jsr fillbmp
        lda #1
        sta case
        stz case+1
next:   jsr rnd
        and #$0F
        cmp #NOPS
        bcs next
        sta op
        jsr rnd
        sta gA
        jsr rnd
        sta gX
        jsr rnd
        sta gY
        ldx #11                 ; r0-r5: noise; r6, r7 = $FFFF: not positioned
:       jsr rnd
        sta r0,x
        dex
        bpl :-
        lda #$FF
        sta r6
        sta r6+1
        sta r7
        sta r7+1
        lda op
        cmp #4
        bcc :+
        cmp #12                 ; FB_filter_pixels: always positioned, in VRAM
        beq @pos                ; bank 0 (lines 0-203)
        jsr rnd
        and #7
        beq :+
@pos:   jsr randpos             ; a random cursor position in r6, r7
        lda op
        cmp #12
        bne @set
        lda r7
        cmp #204
        bcc @set
        sbc #64
        sta r7
@set:
        lda r0
        pha
        lda r0+1
        pha
        lda r1
        pha
        lda r1+1
        pha
        lda r6
        sta r0
        lda r6+1
        sta r0+1
        lda r7
        sta r1
        lda r7+1
        sta r1+1
        jsr FB_cursor_position
        pla
        sta r1+1
        pla
        sta r1
        pla
        sta r0+1
        pla
        sta r0
:       lda op
        asl
        tax
        jmp (optab,x)

optab:  .word op_init, op_info, op_palette, op_position, op_nextline, op_getpixel
        .word op_getpixels, op_setpixel, op_setpixels, op_set8, op_set8opaque, op_fill
        .word op_filter, op_move

; randpos: r6 = 0-319, r7 = 0-239
randpos:
        lda #<320
        sta tmp
        lda #>320
        sta tmp+1
        ldx #r6-r0
        jsr rndbelow
        lda #240
        sta tmp
        stz tmp+1
        ldx #r7-r0
        jmp rndbelow

; count: r(X) = 0-511 (0 one time in 8, 1-8 one time in 8)
count:  jsr rnd
        and #7
        bne :+
        stz r0,x
        stz r0+1,x
        rts
:       cmp #1
        bne :+
        jsr rnd
        and #7
        inc
        sta r0,x
        stz r0+1,x
        rts
:       lda #1
        jmp rndw

op_init:
        ldx #<FB_init
        ldy #>FB_init
        jmp done
op_info:
        ldx #<FB_get_info
        ldy #>FB_get_info
        jmp done
op_palette:                     ; r0 = PIX + 0-1023, A = first entry, X = count (0 = 256)
        lda #3
        ldx #0
        jsr rndw
        lda r0+1
        ora #>PIX
        sta r0+1
        ldx #<FB_set_palette
        ldy #>FB_set_palette
        jmp done
op_position:
        jsr randpos
        lda r6
        sta r0
        lda r6+1
        sta r0+1
        lda r7
        sta r1
        lda r7+1
        sta r1+1
        ldx #<FB_cursor_position
        ldy #>FB_cursor_position
        jmp done
op_nextline:
        ldx #<FB_cursor_next_line
        ldy #>FB_cursor_next_line
        jmp done
op_getpixel:
        jsr randpos
        lda r6
        sta r0
        lda r6+1
        sta r0+1
        lda r7
        sta r1
        lda r7+1
        sta r1+1
        ldx #<FB_get_pixel
        ldy #>FB_get_pixel
        jmp done
op_getpixels:                   ; into BUF, which is cleared to $EE first
        ldx #0
        lda #$EE
:       sta BUF,x
        sta BUF+256,x
        inx
        bne :-
        lda #<BUF
        sta r0
        lda #>BUF
        sta r0+1
        ldx #r1-r0
        jsr count
        ldx #<FB_get_pixels
        ldy #>FB_get_pixels
        jmp done
op_setpixel:
        ldx #<FB_set_pixel
        ldy #>FB_set_pixel
        jmp done
op_setpixels:
        lda #3
        ldx #0
        jsr rndw
        lda r0+1
        ora #>PIX
        sta r0+1
        ldx #r1-r0
        jsr count
        ldx #<FB_set_pixels
        ldy #>FB_set_pixels
        jmp done
op_set8:
        ldx #<FB_set_8_pixels
        ldy #>FB_set_8_pixels
        jmp done
op_set8opaque:
        ldx #<FB_set_8_pixels_opaque
        ldy #>FB_set_8_pixels_opaque
        jmp done
op_fill:                        ; A colour, r0 count, r1 step: 0-2, a step VERA has
        jsr rnd                 ; (4-160), 320 or any below 512; counts 0-511 with
        and #7                  ; steps up to 2, else 0-127 (VRAM below $1F9C0)
        cmp #3
        bcs @big
        sta r1
        stz r1+1
        ldx #0
        jsr count
        bra @go
@big:   cmp #4
        bcs @any
        jsr rnd
        and #$0F
        tax
        lda steps,x
        sta r1
        lda steps+16,x
        sta r1+1
        bra @cnt
@any:   lda #1
        ldx #r1-r0
        jsr rndw
@cnt:   jsr rnd
        and #$7F
        sta r0
        stz r0+1
@go:    ldx #<FB_fill_pixels
        ldy #>FB_fill_pixels
        jmp done
steps:  .byte 4, 8, 16, 32, 40, 64, 80, 128, 160, <320, 1, 2, 3, 5, 255, 0
        .byte 0, 0, 0, 0, 0, 0, 0, 0, 0, >320, 0, 0, 0, 0, 0, 1
op_filter:                      ; r0 count, r1 = filter (EOR with a random byte)
        ldx #0
        jsr count
        lda #<filter
        sta r1
        lda #>filter
        sta r1+1
        lda gY
        sta fval
        ldx #<FB_filter_pixels
        ldy #>FB_filter_pixels
        jmp done
filter: eor fval
        rts
op_move:                        ; r0, r1 source, r2, r3 target, r4 count; one time in 4
        jsr randpos             ; the target is the source's line, 0-15 pixels back
        lda r6
        sta r0
        lda r6+1
        sta r0+1
        lda r7
        sta r1
        lda r7+1
        sta r1+1
        jsr randpos
        lda r6
        sta r2
        lda r6+1
        sta r2+1
        lda r7
        sta r3
        lda r7+1
        sta r3+1
        jsr rnd
        and #3
        bne :+
        lda r1
        sta r3
        jsr rnd
        and #15
        sta tmp
        sec
        lda r0
        sbc tmp
        sta r2
        lda r0+1
        sbc #0
        sta r2+1
        bcs :+
        stz r2
        stz r2+1
:       ldx #r4-r0
        jsr count
        ldx #<FB_move_pixels
        ldy #>FB_move_pixels
done:   jsr call
        inc case
        bne :+
        inc case+1
:       lda case
        cmp #<NCASE
        bne :+
        lda case+1
        cmp #>NCASE
        beq :++
:       jmp next
:       lda #1                  ; both ports back on the text screen (see memdiff.s)
        jsr vera_home
        lda #0
        jsr vera_home
        cli
        DONE

vera_home:
        sta VERA_CTRL
        stz VERA_ADDR_L
        lda #$B0
        sta VERA_ADDR_M
        lda #$11
        sta VERA_ADDR_H
        rts

