; x16scope built-in KERNAL: text screen (VERA layer 1, X16-HARDWARE.md 2.4 and 7):
; initialisation, CHROUT to the screen, PLOT, SCREEN, screen_mode, screen_set_charset.
.include "kernal.inc"

.export screen_init, screen_clear, chrout_screen, plot, screen_size
.export screen_mode, screen_set_charset, cursor_show, cursor_hide, cursor_blink, cursor_undraw
.export pos_addr
.import default_palette, GRAPH_init_k
.import kbd_swap


.segment "CODE"

screen_init:
        stz VERA_CTRL
        stz isomode             ; CINT: PETSCII upper/graphics, the case switch unlocked
        stz verbatim
        stz qtsw
        stz insrt
        lda #2
        sta kmode
        jsr screen_set_charset
        ; layer 1: map 128x64 (height 64 = 1<<6, width 128 = 2<<4), 1 bpp tiles
        lda #$60
        sta VERA_L1_CONFIG
        lda #<(SCREEN_MAP >> 9)
        sta VERA_L1_MAPBASE
        lda #<((CHARSET_VRAM >> 11) << 2)
        sta VERA_L1_TILEBASE
        stz VERA_L1_HSCROLL_L
        stz VERA_L1_HSCROLL_H
        stz VERA_L1_VSCROLL_L
        stz VERA_L1_VSCROLL_H
        ; clear the sprite attributes $1FC00-$1FFFF
        stz VERA_ADDR_L
        lda #$FC
        sta VERA_ADDR_M
        lda #$11
        sta VERA_ADDR_H
        ldx #4
        ldy #0
:       stz VERA_DATA0
        iny
        bne :-
        dex
        bne :-
        lda #$21                ; CINT: VGA, layer 1 only, no sprites (X16 KERNAL docs)
        sta VERA_DC_VIDEO
        clc
        jsr default_palette     ; CINT restores the default palette (palette.s)
        lda #$61                ; white on blue, as the official boot screen
        sta color
        lda #0
        clc
        jmp screen_mode         ; 80x60, clears the screen

; mode table: columns, rows, HSCALE, VSCALE (X16-HARDWARE.md 7.1 screen_mode)
modes:  .byte 80, 60, 128, 128  ; $00
        .byte 80, 30, 128, 64   ; $01
        .byte 40, 60, 64, 128   ; $02
        .byte 40, 30, 64, 64    ; $03
        .byte 40, 15, 64, 32    ; $04
        .byte 20, 30, 32, 64    ; $05
        .byte 20, 15, 32, 32    ; $06
        .byte 22, 23, 64, 64    ; $07: 176x184 of 320x240, in borders
        .byte 64, 50, 128, 128  ; $08: 512x400 of 640x480, in borders
        .byte 64, 25, 128, 64   ; $09
        .byte 32, 50, 64, 128   ; $0A
        .byte 32, 25, 64, 64    ; $0B
NMODES = 12

; per mode: the border in DC_HSTART units (4 pixels) and DC_VSTART units (2 lines) on each
; side, the values the official KERNAL sets (its DCSEL 1 window, measured): the window is
; centred, HSTOP = 160 - left, VSTOP = 240 - top
mborder:.byte 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0  ; $00-$06: the full 640x480
        .byte $24, $1C          ; $07: 352x368 of 640x480 (22x23 cells, doubled)
        .byte $10, $14          ; $08-$0B: 512x400
        .byte $10, $14
        .byte $10, $14
        .byte $10, $14

; screen_mode: C=1 get (A = mode, X = columns, Y = rows); C=0 set mode A (C=1 back if
; unsupported). Supported: $00-$0B text modes and $80 (320x240 8 bpp bitmap on layer 0
; under 40x30 text).
screen_mode:
        bcc @set
        ; the mode's own text size, not the editor's (extapi scnsiz may have changed that;
        ; SCREEN returns the editor's)
        lda scrmode
        bpl :+
        lda #3                  ; $80: 40x30, as mode 3
:       asl
        asl
        tax
        ldy modes+1,x
        lda modes,x
        tax
        lda scrmode
        clc
        rts
@set:   cmp #$80
        beq @bitmap
        cmp #NMODES
        bcc :+
        jmp @bad
:       jsr mode_switch
        sta scrmode
        asl
        asl
        tax
        lda #$20                ; layer 1 only
        ldy #$61                ; the official default colour (its NVRAM's)
        bra @apply
@bitmap:jsr mode_switch
        sta scrmode
        ldx #3*4                ; 40x30 geometry
        lda #$07                ; layer 0: 8 bpp bitmap, 320 wide, at $00000
        sta VERA_L0_CONFIG
        stz VERA_L0_TILEBASE
        lda #$30                ; layers 0 and 1
        ldy #$0E                ; light blue on transparent, as the official mode $80
@apply: stz VERA_CTRL
        ; DC_VIDEO: only the layer enables and the 240-line bit change, as in the official
        ; KERNAL (sprites, chroma and the output mode stay). Bit 3 (240P) is set for the
        ; modes of 240 lines or fewer.
        pha
        lda VERA_DC_VIDEO
        and #%11000111
        sta VERA_DC_VIDEO
        pla
        cpx #NMODES*4
        bcs :+
        bit modes+3,x           ; VSCALE 128: 480 lines, progressive
        bmi :++
:       ora #%00001000
:       ora VERA_DC_VIDEO
        sta VERA_DC_VIDEO
        bit tmp4                ; the colour changes only with a text/graphics switch
        bpl :+
        sty color
:
        lda modes,x
        sta llen
        lda modes+1,x
        sta nlines
        lda modes+2,x
        sta VERA_DC_HSCALE
        lda modes+3,x
        sta VERA_DC_VSCALE
        stz VERA_DC_BORDER
        txa                     ; X = mode * 4 (mode 3's for $80): Y = mode * 2
        lsr
        tay
        lda #2                  ; DCSEL 1: the display window, centred in 640x480
        sta VERA_CTRL
        lda mborder,y
        sta VERA_DC_HSTART
        lda #640>>2
        sec
        sbc mborder,y
        sta VERA_DC_HSTOP
        lda mborder+1,y
        sta VERA_DC_VSTART
        lda #480>>1
        sec
        sbc mborder+1,y
        sta VERA_DC_VSTOP
        stz VERA_CTRL
        lda scrmode             ; graphics: GRAPH_init(r0 = 0) as the official mode $80 does
        bpl :+                  ; (the VERA driver, the full-screen window, colours 0/10/1,
        stz r0L                 ; the bitmap cleared to white, the system font)
        stz r0H
        jsr GRAPH_init_k
:       jsr screen_clear
        clc
        rts
@bad:   sec
        rts

; mode_switch: tmp4 bit 7 = 1 if mode A and the current mode are one text and one graphics
mode_switch:
        pha
        eor scrmode
        sta tmp4
        pla
        rts

; screen_set_charset ($FF62): A = 1-12 uploads a set of ROM bank 6 to VERA $1F000 the way
; the official KERNAL composes it (X16 KERNAL docs): 1 ISO, 2/3 PETSCII upper/graphics and
; upper/lower, 4/5 the thin PETSCII pair, 6 thin ISO, 7 CP437, 8/9 Cyrillic, 10/11 Eastern
; Latin (ISO or thin ISO $00-$9F under the set's $A0-$FF), 12 katakana (thin ISO below,
; with the yen at '\', the alternative '~' and a blank $A0). A PETSCII set is 128 glyphs
; followed by their reverse. A = 0: the 2 KB at (X/Y), read as the official KERNAL reads
; it (FETCH with bank 6): at $A000-$BFFF from RAM bank 6, at $C000+ from ROM bank 6. C=1
; and nothing changes for A >= 13.
screen_set_charset:
        cmp #13
        bcs @bad
        stz VERA_CTRL
        stz VERA_ADDR_L
        pha
        lda #>(CHARSET_VRAM & $FFFF)
        sta VERA_ADDR_M
        lda #$11
        sta VERA_ADDR_H
        stz tmp3                ; no reversed copy
        pla
        beq @custom
        sta charset
        lda kmode               ; the official mode byte keeps the set in its low nibble
        and #$F0
        ora charset
        sta kmode
        lda charset
        tax
        cpx #2
        bcc @one
        cpx #6
        bcs @one
        lda #1                  ; PETSCII: port 1 writes the reverse at $1F400 as port 0
        sta VERA_CTRL           ; writes the glyphs, so each byte is fetched once
        stz VERA_ADDR_L
        lda #>((CHARSET_VRAM + $400) & $FFFF)
        sta VERA_ADDR_M
        lda #$11
        sta VERA_ADDR_H
        stz VERA_CTRL
        dec tmp3
@one:   lda cs_src1-1,x
        ldy cs_len1-1,x
        phx
        jsr cs_pages
        plx
        lda cs_src2-1,x         ; the national sets' upper half
        ldy cs_len2-1,x
        jsr cs_pages
        lda charset
        cmp #12
        bne @done
        jsr cs_katakana
@done:  clc
        rts
@bad:   sec
        rts
@custom:cpy #$C0
        bcc @ram
        stx ptr2
        sty ptr2+1
        ldy #8
        jsr cs_from
        clc
        rts
@ram:   stx ptr1                ; RAM: 8 pages from (ptr1)
        sty ptr1+1
        lda ram_bank
        pha
        cpy #$A0
        bcc :+
        lda #BANK_CHARSET       ; banked RAM: bank 6, as the official KERNAL reads the set
        sta ram_bank            ; with FETCH and bank 6
:       ldx #8
        ldy #0
:       lda (ptr1),y
        sta VERA_DATA0
        iny
        bne :-
        inc ptr1+1
        dex
        bne :-
        pla
        sta ram_bank
        clc
        rts

; per set 1-12: first part (bank-6 page, pages), second part (page, pages; 0 pages = none)
cs_src1:.byte >CHR_ISO, >CHR_PET, (>CHR_PET)+4, >CHR_PET2, (>CHR_PET2)+4, >CHR_ISO2
        .byte >CHR_ANSI, >CHR_ISO, >CHR_ISO2, >CHR_ISO, >CHR_ISO2, >CHR_ISO2
cs_len1:.byte 8, 4, 4, 4, 4, 8, 8, 5, 5, 5, 5, 5
cs_src2:.byte 0, 0, 0, 0, 0, 0, 0, >CHR_CYR, >CHR_CYR2, >CHR_LAE, >CHR_LAE2, >CHR_KAT
cs_len2:.byte 0, 0, 0, 0, 0, 0, 0, 3, 3, 3, 3, 3

; copy Y pages (0 = none) of ROM bank 6 from page A to VERA (cs_run)
cs_pages:
        sta ptr2+1
        stz ptr2
cs_from:                        ; the same from (ptr2)
        cpy #0
        beq @end
        stz tmp2                ; to the end of each page
@page:  phy
        ldy #0
        jsr cs_run
        ply
        inc ptr2+1
        dey
        bne @page
@end:   rts

; copy bytes (ptr2),Y to (ptr2),tmp2-1 (tmp2 = 0: to the end of the page) of ROM bank 6 to
; VERA DATA0, and their reverse to DATA1 while tmp3 bit 7 is set. fetch_ram maps bank 6
; over this code for each byte; bank 6 has no interrupt vectors (nor has the official one),
; so interrupts wait for a page.
cs_run: php
        sei
        ldx rom_bank            ; the bank fetch_ram maps back
@byte:  lda #BANK_CHARSET
        jsr fetch_ram
        sta VERA_DATA0
        bit tmp3
        bpl :+
        eor #$FF
        sta VERA_DATA1
:       iny
        cpy tmp2
        bne @byte
        plp
        rts

; set 12's fix-ups of the thin ISO lower half: '\' is the yen, '~' the katakana set's
; first glyph, $A0 (which got that glyph) a blank
cs_katakana:
        lda #<(CHARSET_VRAM + $7E*8)
        sta VERA_ADDR_L
        lda #>(CHARSET_VRAM + $7E*8)
        sta VERA_ADDR_M
        stz ptr2
        lda #>CHR_KAT
        sta ptr2+1
        ldy #0
        lda #8
        sta tmp2
        jsr cs_run
        lda #<(CHARSET_VRAM + $5C*8)
        sta VERA_ADDR_L
        lda #>(CHARSET_VRAM + $5C*8)
        sta VERA_ADDR_M
        lda #>(CHR_ISO2 + $A5*8)
        sta ptr2+1
        ldy #<(CHR_ISO2 + $A5*8)
        tya
        clc
        adc #8
        sta tmp2
        jsr cs_run
        lda #<(CHARSET_VRAM + $A0*8)
        sta VERA_ADDR_L
        lda #>(CHARSET_VRAM + $A0*8)
        sta VERA_ADDR_M
        ldx #8
:       stz VERA_DATA0
        dex
        bne :-
        rts

; The screen editor's logical lines, as the official editor keeps them: a line typed or
; printed past a row's last column goes on in the next row (up to 80 characters: 2 rows
; in 40 columns, 4 in 20; in 80 columns a row is a line). ldtb has a bit per row, set if
; the row starts a logical line. cur_col is the column in the logical line (past llen on
; its later rows, as the official pntr), cur_row the cursor's row, lstart the row the
; line starts on and lnmx its last column.

bitmask:.byte 1, 2, 4, 8, 16, 32, 64, 128

; row_mask: X = row -> Y = its byte in ldtb, A = its bit; X kept
row_mask:
        txa
        and #7
        tay
        lda bitmask,y
        pha
        txa
        lsr
        lsr
        lsr
        tay
        pla
        rts

; row_is_start: X = row -> Z clear if the row starts a logical line; X kept
row_is_start:
        jsr row_mask
        and ldtb,y
        rts

; link_next: row X continues the line above it and the row after it starts a line; the
; line grows by a row (lnmx)
link_next:
        phx
        jsr row_mask
        eor #$FF
        and ldtb,y
        sta ldtb,y
        inx
        jsr row_mask
        ora ldtb,y
        sta ldtb,y
        plx
        lda lnmx
        clc
        adc llen
        sta lnmx
        rts

; locate: cur_row and cur_col (a column of that row) -> the logical line: lstart, lnmx and
; cur_col as a column of the line
locate:
        ldx cur_row
@back:  cpx #0
        beq @start
        jsr row_is_start
        bne @start
        dex
        lda cur_col
        clc
        adc llen
        sta cur_col
        bra @back
@start: stx lstart
        lda llen
        dec
        sta lnmx
@fwd:   inx
        cpx #64
        bcs @done
        jsr row_is_start
        bne @done
        lda lnmx
        clc
        adc llen
        sta lnmx
        bra @fwd
@done:  rts

; pos_addr: VERA port 0 (stepping by 1) to column A of the logical line at lstart; X, Y kept
pos_addr:
        phx
        ldx lstart
@row:   cmp llen
        bcc :+
        sbc llen
        inx
        bra @row
:       asl
        stz VERA_CTRL
        sta VERA_ADDR_L
        txa
        clc
        adc #>(SCREEN_MAP & $FFFF)
        sta VERA_ADDR_M
        lda #$11
        sta VERA_ADDR_H
        plx
        rts

; set VERA port 0 to the cursor cell, stepping by 1
cell_addr:
        lda cur_col
        bra pos_addr

; row_addr: VERA port 0 to column 0 of row X, stepping by 1
row_addr:
        stz VERA_CTRL
        stz VERA_ADDR_L
        txa
        clc
        adc #>(SCREEN_MAP & $FFFF)
        sta VERA_ADDR_M
        lda #$11
        sta VERA_ADDR_H
        rts

; clear the screen with the current colour, every row a line of its own, home the cursor
screen_clear:
        lda #$FF
        ldx #7
:       sta ldtb,x
        dex
        bpl :-
        ldx #0
:       jsr clear_row
        inx
        cpx nlines
        bne :-
        stz cur_row
        stz cur_col
        jmp locate

; fill row X with spaces in the current colour (the visible columns); X kept
clear_row:
        jsr row_addr
        phx
        ldx llen
        lda #' '
        ldy color
:       sta VERA_DATA0
        sty VERA_DATA0
        dex
        bne :-
        plx
        rts

; scroll_up: the screen up one row, the line table with it, again while row 0 continues a
; line (a logical line leaves the screen whole); cur_row, lstart, lsxp and edtmp go up a
; row each time
scroll_up:
        ldx #0
@row:   jsr row_addr
        lda #1
        sta VERA_CTRL
        stz VERA_ADDR_L
        txa
        clc
        adc #>(SCREEN_MAP & $FFFF)+1
        sta VERA_ADDR_M
        lda #$11
        sta VERA_ADDR_H
        stz VERA_CTRL
        lda llen
        asl
        tay
:       lda VERA_DATA1
        sta VERA_DATA0
        dey
        bne :-
        inx
        txa
        inc
        cmp nlines
        bcc @row
        jsr clear_row
        sec
        ldx #7
:       ror ldtb,x
        dex
        bpl :-
        dec cur_row
        dec lstart
        dec lsxp
        dec edtmp
        lda ldtb
        lsr
        bcc scroll_up
        rts

; open_row: a blank row for the logical line that ends before the first line start after
; row X: the rows from there down move down one (the last is lost) or, at the bottom, the
; screen scrolls up; the row joins the line (link_next)
open_row:
@find:  inx
        jsr row_is_start
        beq @find
        cpx nlines
        bcc @down
        stx edtmp               ; the row after the bottom one: after the scroll, the
        jsr scroll_up           ; row that came in
        ldx edtmp
        jmp link_next
@down:  stx edtmp
        ldx nlines              ; rows nlines-2 .. X move down a row
        dex
@mv:    dex
        bmi @moved
        cpx edtmp
        bcc @moved
        phx
        jsr row_addr            ; port 0 reads row X, port 1 writes row X+1
        lda #1
        sta VERA_CTRL
        stz VERA_ADDR_L
        txa
        clc
        adc #>(SCREEN_MAP & $FFFF)+1
        sta VERA_ADDR_M
        lda #$11
        sta VERA_ADDR_H
        stz VERA_CTRL
        lda llen
        asl
        tay
:       lda VERA_DATA0
        sta VERA_DATA1
        dey
        bne :-
        jsr row_mask            ; the row's start bit moves down with it
        and ldtb,y
        pha
        inx
        jsr row_mask
        sta tmp1
        pla
        beq :+
        lda tmp1
        ora ldtb,y
        bra :++
:       lda tmp1
        eor #$FF
        and ldtb,y
:       sta ldtb,y
        plx
        bra @mv
@moved: ldx edtmp
        jsr clear_row
        jmp link_next

; next_line: to the start of the next logical line (scrolling at the bottom), as RETURN
; and the cursor going off a line's end do
next_line:
        lsr lsxp
        ldx cur_row
@n:     inx
        cpx nlines
        bne :+
        stx edtmp
        jsr scroll_up
        ldx edtmp
:       jsr row_is_start
        beq @n
        stx cur_row
        jmp locate

; chk_down: at the last column of one of the line's rows, the cursor goes a row down (not
; past nlines)
chk_down:
        lda llen
        dec
        jsr on_row_edge
        bne @no
        lda cur_row
        cmp nlines
        beq @no
        inc cur_row
@no:    rts

; chk_back: at the first column of one of the line's rows, the cursor goes a row up
chk_back:
        lda #0
        jsr on_row_edge
        bne :+
        dec cur_row
:       rts

; on_row_edge: Z set if cur_col is A, A + llen, ... (4 rows, within 255)
on_row_edge:
        ldx #4
:       cmp cur_col
        beq @yes
        clc
        adc llen
        bcs @no
        dex
        bne :-
@no:    lda #1
@yes:   rts

; CHROUT to the screen: PETSCII in A; A, X, Y preserved, C=0.
chrout_screen:
        pha
        phx
        phy
        php                     ; a blinking cursor (cc65's cursor(1)) is taken off the
        sei                     ; cell first; the interrupt draws it again where the
        jsr cursor_undraw       ; cursor has moved to
        plp
        tsx
        lda $0103,x             ; the character
        stz crsw                ; printing ends a line input's delivery (official prt)
        jsr put_char
        lda insrt               ; while spaces INST made are left, quote mode does not
        beq :+                  ; hold (after any character, as the official editor)
        lsr qtsw
:       ply
        plx
        pla
        clc
        rts

put_char:
        bit verbatim            ; after the $80 prefix: the glyph of any code (the official
        bpl @plain              ; editor's verbatim mode)
        stz verbatim
        bit isomode
        bvc @vpet
        cmp #$20                ; ISO: every code is its screen code, and $00-$1F are
        bcs @vput               ; never reversed (the official editor's)
        stz rvs
        bra @vput
@vpet:  cmp #$20
        bcc @vlow
        cmp #$80
        bcc @vput
        cmp #$A0
        bcs @vput
        and #$7F                ; $80-$9F: reversed, as PETSCII $60-$7F
        ora #$60
        bra @vrev
@vlow:  ora #$40                ; $00-$1F: reversed, as PETSCII $40-$5F
@vrev:  ldx #$80
        stx rvs
@vput:  jsr @print
        stz rvs                 ; reverse and quote mode end with the verbatim character
        stz qtsw
        rts
@plain: cmp #$80
        bne :+
        sta verbatim
        rts
:       cmp #$0D
        beq @crj
        cmp #$8D
        bne @notcr
@crj:   jmp @cr
@notcr: cmp #$20
        bcc @toctrl
        cmp #$80
        bcc @print
        cmp #$A0
        bcs @print
@toctrl:jmp @ctrl
@print: cmp #'"'                ; a quote mark toggles quote mode (the official editor's)
        bne :+
        pha
        lda qtsw
        eor #1
        sta qtsw
        pla
:       bit isomode
        bvs @code               ; ISO mode: the code is the screen code
        ; PETSCII -> screen code
        cmp #$FF
        bne :+
        lda #$5E
        bra @code
:       cmp #$40
        bcc @code               ; $20-$3F
        cmp #$60
        bcs :+
        and #$3F                ; $40-$5F -> $00-$1F
        bra @code
:       cmp #$80
        bcs :+
        sec                     ; $60-$7F -> $40-$5F
        sbc #$20
        bra @code
:       cmp #$C0
        bcs :+
        sec                     ; $A0-$BF -> $60-$7F
        sbc #$40
        bra @code
:       sec                     ; $C0-$FE -> $40-$7E
        sbc #$80
@code:  ldx rvs                 ; reverse on: any value but 0 (CHROUT $12 leaves $12
        beq :+                  ; there, as the official editor; cc65's revers() $80)
        ora #$80
:       pha
        jsr cell_addr
        pla
        sta VERA_DATA0
        lda color
        sta VERA_DATA0
        ldx insrt               ; a character printed in insert mode fills one inserted
        beq :+                  ; space
        dec insrt
:       jmp advance
@cr:    stz cur_col
        stz rvs
        stz qtsw
        stz insrt
        jmp next_line
@ctrl:  ldx insrt               ; insert mode (spaces INST made are left): a control code
        beq @noins              ; but INST prints as its glyph
        cmp #$94
        beq @noins
        bit isomode
        bvs @code               ; ISO: the code is the screen code
        bra @glyph
@noins: ldx qtsw                ; quote mode: a control code but DEL prints as its
        beq @noq                ; reversed glyph (PETSCII) or as its own screen code
        cmp #$14                ; (ISO), as the official editor does
        beq @noq
        bit isomode
        bvc @glyph
        jmp @code
@glyph: cmp #$80
        bcc :+
        and #$1F                ; $80-$9F: screen codes $C0-$DF
        ora #$40
:       ora #$80                ; $00-$1F: screen codes $80-$9F
        jmp @code
@noq:   ; colour codes
        ldx #15
:       cmp colcodes,x
        beq @color
        dex
        bpl :-
        cmp #$11
        bne :+
        jmp @down
:       cmp #$91
        bne :+
        jmp @up
:       cmp #$1D
        bne :+
        jmp @right
:       cmp #$9D
        bne :+
        jmp @left
:       cmp #$13
        bne :+
        jmp @home
:       cmp #$93
        bne :+
        jmp @clear
:       cmp #$14
        bne :+
        jmp @del
:       cmp #$94
        bne :+
        jmp insert_char
:       cmp #$01
        bne :+
        jmp swap_colors
:       cmp #$19
        bne :+
        jmp fwd_delete
:       cmp #$04
        bne :+
        jmp line_end
:       cmp #$07
        bne :+
        jmp bell
:       cmp #$84
        bne :+
        stz cur_col             ; SHIFT+END: the bottom row's first column
        ldx nlines
        dex
        stx cur_row
        jmp locate
:       jmp ctrl_mode
@done:  rts
@color: lda color
        and #$F0
        sta color
        txa
        ora color
        sta color
        rts
@down:  lda cur_col              ; the same column a row down: in the line, or the
        clc                     ; next line's first row
        adc llen
        inc cur_row
        cmp lnmx
        bcc :+
        beq :+
        dec cur_row
        lda cur_col
@mod:   cmp llen
        bcc @nx
        sbc llen
        bra @mod
@nx:    sta cur_col
        jmp next_line
:       sta cur_col
        rts
@up:    lda cur_row             ; a row up: in the line, or the line above's last row;
        bne :+                  ; at the top a blank row comes in
        ldx #$FF
        jsr open_row
        lda ldtb                ; it is a line of its own
        ora #1
        sta ldtb
        jmp locate
:       dec cur_row
        lda cur_col
        sec
        sbc llen
        bcc :+
        sta cur_col
        rts
:       jmp locate
@right: jsr chk_down
        inc cur_col
        lda cur_col
        dec
        cmp lnmx
        bcc @done
        dec cur_row             ; past the line's end: the next line's start
        jsr next_line
        stz cur_col
        rts
@left:  lda cur_col
        beq :+
        jsr chk_back
        dec cur_col
        rts
:       jmp back_line
@home:  stz cur_row
        stz cur_col
        jmp locate
@clear: jmp screen_clear
@del:   jmp delete_char
; CHROUT's mode control codes: $0B swaps the keyboard layout with the previous one (kbd_swap),
; $0F ISO mode on (ISO-8859-15 set and encoding, cleared
; screen), $8F off (PETSCII upper/graphics; both thin after a thin set); and, in PETSCII
; mode only, reverse on/off ($12/$92) and the case sets ($0E upper/lower, $8E upper/graphics).
ctrl_mode:
        cmp #$08                ; case switch locked / unlocked: bit 7 of the mode byte
        bne :+
        lda #$80
        tsb kmode
        rts
:       cmp #$09
        bne :+
        lda #$80
        trb kmode
        rts
:       cmp #$0B                ; the official editor's keyboard layout swap
        bne :+
        jmp kbd_swap
:       cmp #$0F
        beq @isoon
        cmp #$8F
        beq @isooff
        cmp #$92                ; reverse off in both modes, on in PETSCII only
        beq @rvsoff
        bit isomode
        bvs @done
        cmp #$12
        beq @rvson
        cmp #$0E
        bne :+
        lda #3                  ; upper/lower: 3, or 5 in the thin sets (kmode bit 2)
        bra @case
:       cmp #$8E
        bne @done
        lda #2                  ; upper/graphics: 2, or 4
@case:  pha
        lda kmode
        and #4
        lsr                     ; +2 for the thin pair
        sta tmp1
        pla
        clc
        adc tmp1
        jmp screen_set_charset
@done:  rts
@rvson: sta rvs                 ; $12, as the official editor keeps it
        rts
@rvsoff:stz rvs
        rts
@isoon: lda #$40
        tsb kmode
        lda #$9F                ; entering ISO mode resets the ISO cursor (iso_cursor_char)
        sta iso_cur
        ldx #$40
        lda #1                  ; ISO
        ldy #6                  ; thin ISO
        bra @sw
@isooff:lda #$40
        trb kmode
        ldx #0
        lda #2                  ; PETSCII upper/graphics
        ldy #4                  ; thin PETSCII
@sw:    stx isomode             ; (reverse stays on, as in the official editor)
        pha
        lda kmode               ; as the official editor: the thin set after a set with
        and #4                  ; bit 2 set (4-7, 12)
        beq :+
        pla
        tya
        pha
:       pla
        jsr screen_set_charset
        jmp screen_clear

; BELL ($07, CTRL+G), as the official editor: PSG voice 0 plays a square wave (pulse width
; 63) at 440 Hz (frequency word 1181), full volume left and right, while the CPU waits
; about 1.3 million cycles (4 x 65536 turns of a 5-cycle loop), then goes silent with the
; left/right bits it had. VERA port 0 is left pointing into the PSG registers.
BELL_PSG = $1F9C0
bell:
        stz VERA_CTRL
        lda #<BELL_PSG
        sta VERA_ADDR_L
        lda #>BELL_PSG
        sta VERA_ADDR_M
        lda #$10 | ^BELL_PSG
        sta VERA_ADDR_H
        lda #<1181
        sta VERA_DATA0
        lda #>1181
        sta VERA_DATA0
        lda VERA_DATA0          ; the old volume and left/right bits
        and #$C0
        pha
        dec VERA_ADDR_L
        lda #$FF                ; left, right, volume 63
        sta VERA_DATA0
        lda #$3F                ; pulse, width 63
        sta VERA_DATA0
        lda #4
        sta tmp1
        ldy #0
        ldx #0
@wait:  dex
        bne @wait
        dey
        bne @wait
        dec tmp1
        bne @wait
        lda #<(BELL_PSG + 2)
        sta VERA_ADDR_L
        pla
        sta VERA_DATA0          ; volume 0
        rts

; the forward DEL ($19, the DEL key): as the official editor, the cursor goes right (as
; CRSR RIGHT: off the line's end to the next line's start) and DEL ($14) deletes left of
; it, so the character under the cursor goes and the rest of the line moves left
fwd_delete:
        lda #$1D                ; (reached out of quote and insert mode: CRSR RIGHT moves)
        jsr put_char
        jmp delete_char

; END ($04), as the official editor: the cursor to the column after the line's last
; non-blank character (column 0 is not looked at: a line blank from column 1 gives 0);
; on a line full to its last column, to the first column of the next logical line (the
; bottom row's last column if there is none). The column is a column of the line's first
; row (where the cursor row goes), as PLOT then reads it.
line_end:
        ldy lnmx
@trim:  tya
        jsr pos_addr
        lda VERA_DATA0
        cmp #' '
        bne @found
        dey
        bne @trim
        dey
@found: iny
        ldx lstart
        cpy lnmx
        bcc @set
        beq @set
        ldy #0
@next:  inx
        cpx nlines
        bcs @last
        jsr row_is_start
        beq @next
        bra @set
@last:  ldx nlines
        dex
        ldy llen
        dey
@set:   stx cur_row
        sty cur_col
        jmp locate

; advance: after a character is put: the next column; past a row's end, the next row of
; the line; past the line's end, the line grows by a row (in a line of less than 80
; columns: on the row below, which while a typed key is echoed (autodn) is first opened by
; moving the rows below down; else scrolling at the bottom) or the cursor goes to the
; next line's start
advance:
        jsr chk_down
        inc cur_col
        lda lnmx
        cmp cur_col
        bcs @done
        cmp #79
        bcs @newline
        lda autodn
        beq @link
        ldx cur_row
        dex
        jmp open_row
@link:  lda cur_row
        cmp nlines
        bcc :+
        jsr scroll_up
:       ldx cur_row
        jmp link_next
@newline:
        dec cur_row
        jsr next_line
        stz cur_col
@done:  rts

; back_line: from a line's first column to the last column of the line above (C=1); at
; the top row the cursor stays (C=0)
back_line:
        ldx cur_row
        bne :+
        stz cur_col
        clc
        rts
:       dex
        stx cur_row
        jsr locate
        lda lnmx
        sta cur_col
        sec
        rts

; DEL ($14), as the official editor: the character left of the cursor goes and the rest
; of the logical line moves left one cell, its last cell blanked; at the line's first
; column the cursor goes to the end of the line above and blanks that cell.
delete_char:
        lda cur_col
        bne @mid
        jsr back_line
        bcs @blank
        rts
@mid:   jsr chk_back
        dec cur_col
        ldy cur_col
@move:  cpy lnmx
        beq @blank
        iny
        tya
        jsr pos_addr
        lda VERA_DATA0
        sta tmp1
        lda VERA_DATA0
        sta tmp2
        dey
        tya
        jsr pos_addr
        lda tmp1
        sta VERA_DATA0
        lda tmp2
        sta VERA_DATA0
        iny
        bra @move
@blank: lda lnmx
        jsr pos_addr
        lda #' '
        sta VERA_DATA0
        lda color
        sta VERA_DATA0
        rts

; INST ($94), as the official editor: the cells from the cursor to the logical line's end
; move right one cell and the cursor's cell becomes a space; the cursor stays. A line whose
; last cell is not blank (or is the cursor's) first grows by a row, if it is shorter than
; 80 columns; else nothing happens. Each INST counts one more character of insert mode, in
; which control codes print as glyphs (put_char).
insert_char:
        lda lnmx
        jsr pos_addr
        lda VERA_DATA0
        cmp #' '
        bne @grow
        lda lnmx
        cmp cur_col
        bne @shift
@grow:  lda lnmx
        cmp #79
        bcs @out
        ldx cur_row
        jsr open_row
@shift: ldy lnmx
@move:  cpy cur_col
        beq @blank
        dey
        tya
        jsr pos_addr
        lda VERA_DATA0
        sta tmp1
        lda VERA_DATA0
        sta tmp2
        iny
        tya
        jsr pos_addr
        lda tmp1
        sta VERA_DATA0
        lda tmp2
        sta VERA_DATA0
        dey
        bra @move
@blank: jsr cell_addr
        lda #' '
        sta VERA_DATA0
        lda color
        sta VERA_DATA0
        inc insrt               ; insert mode: one more character to fill in
        bne @out
        dec insrt
@out:   rts

swap_colors:
        lda color               ; swap the nibbles: foreground <-> background
        asl
        adc #$80
        rol
        asl
        adc #$80
        rol
        sta color
        rts

; PETSCII colour codes for palette entries 0-15
colcodes:
        .byte $90, $05, $1C, $9F, $9C, $1E, $1F, $9E
        .byte $81, $95, $96, $97, $98, $99, $9A, $9B

; The cursor: the cell's character reversed, in the current colour, blinking from the
; VSYNC interrupt (cursor_blink) while blnsw is 0, kept in the official variables cc65's
; cgetc() reads and writes (blnsw = CURS_FLAG, blnon = CURS_STATE, gdbln = CURS_CHAR,
; gdcol = CURS_COLOR). cursor_show draws it now and lets it blink; cursor_hide stops it and
; puts the cell back.
BLINK_RATE = 20                 ; frames per blink phase, as the official KERNAL

cursor_show:
        php
        sei
        stz blnsw
        lda #BLINK_RATE
        sta blnct
        lda blnon
        bne :+
        jsr cursor_draw
:       plp
        rts

cursor_hide:
        php
        sei
        lda #1
        sta blnsw
        jsr cursor_undraw
        plp
        rts

; cursor_draw: save the cell under the cursor, show it reversed (blnon = 1); in ISO mode,
; whose set has other glyphs at $80-$FF, show the ISO cursor character (iso_cur,
; extapi iso_cursor_char) instead, as the official editor does
cursor_draw:
        jsr cell_addr
        lda VERA_DATA0
        sta gdbln
        lda VERA_DATA0
        sta gdcol
        jsr cell_addr
        lda gdbln
        eor #$80
        bit isomode
        bvc :+
        lda iso_cur
:       sta VERA_DATA0
        lda color
        sta VERA_DATA0
        lda #1
        sta blnon
        rts

; cursor_undraw: put the saved cell back if the cursor is drawn (blnon = 0)
cursor_undraw:
        lda blnon
        beq :+
        stz blnon
        jsr cell_addr
        lda gdbln
        sta VERA_DATA0
        lda gdcol
        sta VERA_DATA0
:       rts

; cursor_blink (VSYNC interrupt): every BLINK_RATE frames while blnsw is 0, draw or undraw
; the cursor. VERA's port 0 and CTRL are saved and restored around it: the interrupted
; program may be in the middle of a DATA0 stream.
cursor_blink:
        lda blnsw
        bne @done
        dec blnct
        bne @done
        lda #BLINK_RATE
        sta blnct
        lda VERA_CTRL
        pha
        stz VERA_CTRL
        lda VERA_ADDR_L
        pha
        lda VERA_ADDR_M
        pha
        lda VERA_ADDR_H
        pha
        lda blnon
        beq @on
        jsr cursor_undraw
        bra @restore
@on:    jsr cursor_draw
@restore:
        pla
        sta VERA_ADDR_H
        pla
        sta VERA_ADDR_M
        pla
        sta VERA_ADDR_L
        pla
        sta VERA_CTRL
@done:  rts

; PLOT: C=1 read (X = row, Y = column), C=0 set the cursor to row X, column Y
plot:
        bcc @set
        ldx cur_row
        ldy cur_col
        rts
@set:   php                     ; a drawn cursor leaves the cell it is on
        sei
        jsr cursor_undraw
        plp
        stx cur_row
        sty cur_col
        phx
        phy
        jsr locate              ; the column in the row's logical line
        ply
        plx
        clc
        rts

; SCREEN: X = columns, Y = rows
screen_size:
        ldx llen
        ldy nlines
        rts
