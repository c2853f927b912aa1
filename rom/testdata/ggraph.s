; The graphics calls GRAPH_* (X16 Reference, KERNAL "Graphics") in NCASE seeded random
; cases, after GRAPH_init with VERA's driver on a bitmap of noise: core/rom_gdiff_test.go
; runs it on the built-in ROM and on the official one and wants, case by case, the same
; bitmap and documented results (rom/testdata/ggraph.golden holds the official's). Shapes
; stay on the screen (the official library does not clip): lines with random endpoints
; (one time in 8 one point, in 8 horizontal, in 8 vertical), rectangles (filled or not,
; corner radius 0-15 or any, 0 wide or high one time in 16), ovals (filled or not, at least
; 1x1), overlapping moves, images up to 63x31; windows, colours, GRAPH_clear; text:
; GRAPH_put_char with codes $00-$9F (styles and control codes included: the style carries
; on to later cases) at a random place, GRAPH_get_char_size with a random style. The text
; is in a font of the program's own (FONT, made from the LFSR at the start: chars $20-$7F
; 1-11 wide, 9 high), which GRAPH_set_font installs and every GRAPH_init is followed by:
; the built-in ROM's system font is its own 8x8 one, not the official proportional font
; (docs/BUILTIN-ROM.md), and codes $A0-$FF would read past a GEOS font's index table.
; DEL ($7F, as wide as the last character drawn) is one code in 16. BACKSPACE, DEL/INSERT
; and CURSOR LEFT ($08, $14, $9D) are left out: the official library's move back and then
; draw glyph $9F, past a GEOS font's index table (it passes DEL to its glyph drawing
; without taking $20 off); the built-in ROM only moves back (docs/BUILTIN-ROM.md).
; GRAPH_move_rect down or along the lines (ty >= sy) goes down to the last line: the
; official ROM copies one row more there (from the row below the source to the row below
; the target, here line 240, outside the bitmap), which the built-in ROM does not copy;
; along the lines the target is not right of the source (the official FB_move_pixels
; would repeat pixels: gfb.s).
.include "prg.inc"
.include "api.inc"
.include "gdiff.inc"

NCASE = 1024
NOPS  = 12
PIX   = $6000                   ; 2 KB of random bytes: the images

        sei
        lda #$6D                ; the seed
        sta seed
        lda #$A1
        sta seed+1
        jsr fillram
        jsr mkfont
        stz gC
        stz r0
        stz r0+1
        jsr GRAPH_init
        jsr setfont
        jsr fillbmp
        ldx #15
:       stz r0,x
        dex
        bpl :-
        stz op                  ; case 0: GRAPH_init on the noise
        ldx #<GRAPH_init
        ldy #>GRAPH_init
        jsr call
        jsr setfont
        jsr fillbmp
        lda #1
        sta case
        stz case+1
next:   jsr rnd
        and #$0F
        cmp #NOPS
        bcs next
        cmp #2                  ; GRAPH_init and GRAPH_clear wipe the screen: one time in
        bcs :+                  ; 4 only
        sta op
        jsr rnd
        and #3
        bne next
        lda op
:       sta op
        jsr rnd
        sta gA
        jsr rnd
        sta gX
        jsr rnd
        sta gY
        jsr rnd
        sta gC
        ldx #15                 ; r0-r7: noise
:       jsr rnd
        sta r0,x
        dex
        bpl :-
        lda op
        asl
        tax
        jmp (optab,x)

optab:  .word op_init, op_clear, op_window, op_colors, op_line, op_rect, op_move
        .word op_oval, op_image, op_putchar, op_charsize, op_font

; xpos: r(X) = 0-319; ypos: r(X) = 0-239
xpos:   lda #<320
        sta tmp
        lda #>320
        sta tmp+1
        jmp rndbelow
ypos:   lda #240
        sta tmp
        stz tmp+1
        jmp rndbelow

; size: r(Y) = 1 to the room left from r(X) (limit - r(X)), 1-15 one time in 2;
; A = limit (0 = 320, else 240)
size:   phx
        phy
        cmp #0
        bne :+
        sec
        lda #<320
        sbc r0,x
        sta tmp
        lda #>320
        sbc r0+1,x
        sta tmp+1
        bra :++
:       sec
        sbc r0,x
        sta tmp
        stz tmp+1
:       ply
        phy
        tya
        tax                     ; r(Y) = 0 .. room-1
        jsr rndbelow
        jsr rnd
        bmi :+
        lda r0,x
        and #$0F
        sta r0,x
        stz r0+1,x
:       inc r0,x                ; 1 .. room
        bne :+
        inc r0+1,x
:       ply
        plx
        lda r0,x                ; r(Y) > room (1-15 beyond): clamp
        clc
        adc r0,y
        rts

; box: r0 = x, r1 = y, r2 = width, r3 = height, all on the screen
box:    ldx #0
        jsr xpos
        ldx #2
        jsr ypos
        ldx #0
        ldy #4
        lda #0
        jsr size
        jsr clampw
        ldx #2
        ldy #6
        lda #240
        jsr size
        jmp clamph
; clampw: r2 = min(r2, 320 - r0); clamph: r3 = min(r3, 240 - r1)
clampw: sec
        lda #<320
        sbc r0
        sta tmp
        lda #>320
        sbc r0+1
        sta tmp+1
        lda r2+1
        cmp tmp+1
        bcc @ok
        bne @cl
        lda r2
        cmp tmp
        bcc @ok
        beq @ok
@cl:    lda tmp
        sta r2
        lda tmp+1
        sta r2+1
@ok:    rts
clamph: sec
        lda #240
        sbc r1
        cmp r3
        bcs :+
        sta r3
        stz r3+1
:       rts

op_init:
        stz r0
        stz r0+1
        ldx #<GRAPH_init
        ldy #>GRAPH_init
        jmp done
op_clear:
        ldx #<GRAPH_clear
        ldy #>GRAPH_clear
        jmp done
op_window:                      ; a random window, the whole screen one time in 4
        jsr box
        jsr rnd
        and #3
        bne :+
        stz r0
        stz r0+1
        stz r1
        stz r1+1
        lda #<320
        sta r2
        lda #>320
        sta r2+1
        lda #240
        sta r3
        stz r3+1
:       ldx #<GRAPH_set_window
        ldy #>GRAPH_set_window
        jmp done
op_colors:
        ldx #<GRAPH_set_colors
        ldy #>GRAPH_set_colors
        jmp done
op_line:                        ; (r0, r1) to (r2, r3)
        ldx #0
        jsr xpos
        ldx #2
        jsr ypos
        ldx #4
        jsr xpos
        ldx #6
        jsr ypos
        jsr rnd
        and #7
        sta tmp
        cmp #1
        bne :+
        lda r1                  ; horizontal
        sta r3
:       lda tmp
        beq :+                  ; one point
        cmp #2
        bne :++                 ; vertical
:       lda r0
        sta r2
        lda r0+1
        sta r2+1
        lda tmp
        bne :+
        lda r1
        sta r3
:       ldx #<GRAPH_draw_line
        ldy #>GRAPH_draw_line
        jmp done
op_rect:                        ; C = filled, r4 = radius
        jsr box
        jsr rnd
        and #$0F
        bne :+
        stz r2                  ; 0 wide
        stz r2+1
:       cmp #1
        bne :+
        stz r3                  ; 0 high
        stz r3+1
:       jsr rnd
        bmi :+
        and #$0F
        sta r4
        stz r4+1
:       ldx #<GRAPH_draw_rect
        ldy #>GRAPH_draw_rect
        jmp done
op_move:                        ; (r0, r1) to (r2, r3), r4 x r5; one time in 2 the target
        jsr box                 ; is the source moved -8..7 each way
        lda r2
        sta r4
        lda r2+1
        sta r4+1
        lda r3
        sta r5
        stz r5+1
        jsr rnd
        bmi @near
        ldx #4                  ; anywhere the rectangle fits
        jsr xpos
        ldx #6
        jsr ypos
        bra @fit
@near:  jsr rnd
        and #$0F
        sec
        sbc #8
        tax                     ; -8..7
        clc
        adc r0
        sta r2
        txa
        and #$80
        beq :+
        lda #$FF
:       adc r0+1
        sta r2+1
        bpl :+
        stz r2
        stz r2+1
:       jsr rnd
        and #$0F
        sec
        sbc #8
        clc
        adc r1
        cmp #240
        bcc :+
        lda #0
:       sta r3
        stz r3+1
@fit:   lda r0                  ; the target's room bounds the size too
        pha
        lda r0+1
        pha
        lda r1
        pha
        lda r2
        sta r0
        lda r2+1
        sta r0+1
        lda r3
        sta r1
        lda r4                  ; width in r2 for clampw
        pha
        lda r4+1
        pha
        lda r2
        sta tmp
        pla
        sta r2+1
        pla
        sta r2
        lda r5
        sta r3
        jsr clampw
        jsr clamph
        lda r2
        sta r4
        lda r2+1
        sta r4+1
        lda r3
        sta r5
        lda r0
        sta r2
        lda r0+1
        sta r2+1
        lda r1
        sta r3
        stz r3+1
        pla
        sta r1
        pla
        sta r0+1
        pla
        sta r0
        lda r3                  ; a move down or along (ty >= sy): down to the last line
        cmp r1
        bcc @go
        pha
        lda #240
        sec
        sbc r3
        sta r5
        pla
        cmp r1
        bne @go
        lda r0                  ; along the lines: tx > sx becomes tx = sx
        cmp r2
        lda r0+1
        sbc r2+1
        bcs @go
        lda r0
        sta r2
        lda r0+1
        sta r2+1
@go:    ldx #<GRAPH_move_rect
        ldy #>GRAPH_move_rect
        jmp done
op_oval:                        ; C = filled
        jsr box
        ldx #<GRAPH_draw_oval
        ldy #>GRAPH_draw_oval
        jmp done
op_image:                       ; (r0, r1), r2 = PIX + 0-1023, r3 x r4 = 1-63 x 1-31
        jsr box
        lda r2
        and #$3F
        bne :+
        inc
:       sta r3
        stz r3+1
        jsr clampw2
        lda r1
        eor #$FF
        sec
        adc #240                ; 240 - y
        sta tmp
        jsr rnd
        and #$1F
        bne :+
        inc
:       cmp tmp
        bcc :+
        lda tmp
:       sta r4
        stz r4+1
        lda #3
        ldx #4
        jsr rndw                ; r2 = PIX + 0-1023
        lda r2+1
        ora #>PIX
        sta r2+1
        ldx #<GRAPH_draw_image
        ldy #>GRAPH_draw_image
        jmp done
; clampw2: r3 = min(r3, 320 - r0)
clampw2:
        lda r3
        sta r2
        stz r2+1
        jsr clampw
        lda r2
        sta r3
        rts
op_putchar:                     ; A = $00-$9F at (r0, r1): x 0-319, y 8-239; one time
        jsr rnd                 ; in 2 in a window of the whole screen (set first),
        bmi :+                  ; else in the window as it is
        stz r0
        stz r0+1
        stz r1
        stz r1+1
        lda #<320
        sta r2
        lda #>320
        sta r2+1
        lda #240
        sta r3
        stz r3+1
        jsr GRAPH_set_window
        ldx #15
:       jsr rnd
        sta r0,x
        dex
        bpl :-
        jsr code
        ldx #0
        jsr xpos
        ldx #2
        jsr ypos
        lda r1
        cmp #8
        bcs :+
        adc #8
        sta r1
:       ldx #<GRAPH_put_char
        ldy #>GRAPH_put_char
        jmp done
op_charsize:                    ; A = $00-$9F, X = a style (random)
        jsr code
        ldx #<GRAPH_get_char_size
        ldy #>GRAPH_get_char_size
        jmp done
op_font:                        ; r0 = the program's font
        lda #<FONT
        sta r0
        lda #>FONT
        sta r0+1
        ldx #<GRAPH_set_font
        ldy #>GRAPH_set_font
done:   jsr call
        lda op
        bne :+
        jsr setfont             ; after GRAPH_init
:       inc case
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

; code: gA = a code $00-$9F
code:   jsr rnd
        and #$0F                ; DEL one time in 16
        bne @any
        lda #$7F
        sta gA
        rts
@any:   jsr rnd
        cmp #$A0
        bcs @any
        cmp #$08
        beq @any
        cmp #$14
        beq @any
        cmp #$9D
        beq @any
        sta gA
        rts

vera_home:
        sta VERA_CTRL
        stz VERA_ADDR_L
        lda #$B0
        sta VERA_ADDR_M
        lda #$11
        sta VERA_ADDR_H
        rts
