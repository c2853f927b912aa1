; x16scope built-in KERNAL: text screen (VERA layer 1, X16-HARDWARE.md 2.4 and 7):
; initialisation, CHROUT to the screen, PLOT, SCREEN, screen_mode, screen_set_charset.
.include "kernal.inc"

.import charset_pet1, charset_pet2
.export screen_init, screen_clear, chrout_screen, chrin_screen, plot, screen_size
.export screen_mode, screen_set_charset, cursor_show, cursor_hide

cur_save = $0286        ; character under the cursor while it is shown

.segment "CODE"

screen_init:
        stz VERA_CTRL
        lda #2
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
NMODES = 7

; screen_mode: C=1 get (A = mode, X = columns, Y = rows); C=0 set mode A (C=1 back if
; unsupported). Supported: $00-$06 text modes and $80 (320x240 8 bpp bitmap on layer 0
; under 40x30 text).
screen_mode:
        bcc @set
        lda scrmode
        ldx llen
        ldy nlines
        clc
        rts
@set:   cmp #$80
        beq @bitmap
        cmp #NMODES
        bcs @bad
        sta scrmode
        asl
        asl
        tax
        lda #$21                ; layer 1 only, VGA
        ldy #$61
        bra @apply
@bitmap:sta scrmode
        ldx #3*4                ; 40x30 geometry
        lda #$07                ; layer 0: 8 bpp bitmap, 320 wide, at $00000
        sta VERA_L0_CONFIG
        stz VERA_L0_TILEBASE
        lda #$31                ; layers 0 and 1, VGA
        ldy #$01                ; white on transparent
@apply: stz VERA_CTRL
        sta VERA_DC_VIDEO
        sty color
        lda modes,x
        sta llen
        lda modes+1,x
        sta nlines
        lda modes+2,x
        sta VERA_DC_HSCALE
        lda modes+3,x
        sta VERA_DC_VSCALE
        stz VERA_DC_BORDER
        lda #2                  ; DCSEL 1: full 640x480 window
        sta VERA_CTRL
        stz VERA_DC_HSTART
        lda #640>>2
        sta VERA_DC_HSTOP
        stz VERA_DC_VSTART
        lda #480>>1
        sta VERA_DC_VSTOP
        stz VERA_CTRL
        jsr screen_clear
        clc
        rts
@bad:   sec
        rts

; screen_set_charset: A = 0 upload 2 KB from (X/Y); 2 = PETSCII upper case/graphics;
; 3 = PETSCII upper/lower case. Other sets (ISO and the national ones) are not in this ROM:
; C=1 and nothing changes.
screen_set_charset:
        cmp #0
        beq @custom
        cmp #2
        beq @pet1
        cmp #3
        beq @pet2
        sec
        rts
@pet1:  ldx #<charset_pet1
        ldy #>charset_pet1
        bra @set
@pet2:  ldx #<charset_pet2
        ldy #>charset_pet2
@set:   sta charset
        jsr @addr
        jsr @copy1k
        lda #$FF                ; glyphs 128-255 are the reverse of 0-127
        jsr @copy1k2
        clc
        rts
@custom:jsr @addr
        lda #0
        jsr @copy1k2
        inc ptr1+1              ; the second KB follows
        inc ptr1+1
        inc ptr1+1
        inc ptr1+1
        lda #0
        jsr @copy1k2
        clc
        rts
@addr:  stx ptr1
        sty ptr1+1
        stz VERA_CTRL
        stz VERA_ADDR_L
        lda #>(CHARSET_VRAM & $FFFF)
        sta VERA_ADDR_M
        lda #$11
        sta VERA_ADDR_H
        rts
@copy1k:lda #0
@copy1k2:                       ; copy 1 KB from (ptr1) EOR A
        sta tmp1
        lda ptr1+1
        pha
        ldx #4
        ldy #0
:       lda (ptr1),y
        eor tmp1
        sta VERA_DATA0
        iny
        bne :-
        inc ptr1+1
        dex
        bne :-
        pla
        sta ptr1+1
        rts

; set VERA port 0 to the cursor cell (row cur_row, column cur_col), stepping by 1
cell_addr:
        stz VERA_CTRL
        lda cur_col
        asl
        sta VERA_ADDR_L
        lda cur_row
        clc
        adc #>(SCREEN_MAP & $FFFF)
        sta VERA_ADDR_M
        lda #$11
        sta VERA_ADDR_H
        rts

; clear the screen with the current colour and home the cursor
screen_clear:
        stz cur_row
:       jsr clear_row
        inc cur_row
        lda cur_row
        cmp nlines
        bne :-
        stz cur_row
        stz cur_col
        rts

; fill row cur_row with spaces in the current colour (the visible columns)
clear_row:
        lda cur_col
        pha
        stz cur_col
        jsr cell_addr
        pla
        sta cur_col
        ldx llen
        lda #' '
        ldy color
:       sta VERA_DATA0
        sty VERA_DATA0
        dex
        bne :-
        rts

; scroll the text window up one row: port 1 reads row r+1, port 0 writes row r
scroll_up:
        ldx #0
@row:   stz VERA_CTRL
        stz VERA_ADDR_L
        txa
        clc
        adc #>(SCREEN_MAP & $FFFF)
        sta VERA_ADDR_M
        lda #$11
        sta VERA_ADDR_H
        lda #1
        sta VERA_CTRL
        stz VERA_ADDR_L
        txa
        clc
        adc #>(SCREEN_MAP & $FFFF)+1
        sta VERA_ADDR_M
        lda #$11
        sta VERA_ADDR_H
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
        stz VERA_CTRL
        lda cur_row
        pha
        stx cur_row
        jsr clear_row
        pla
        sta cur_row
        rts

; move to the next row, scrolling at the bottom
line_feed:
        inc cur_row
        lda cur_row
        cmp nlines
        bcc :+
        dec cur_row
        jsr scroll_up
:       rts

; CHROUT to the screen: PETSCII in A; A, X, Y preserved, C=0.
chrout_screen:
        pha
        phx
        phy
        jsr put_char
        ply
        plx
        pla
        clc
        rts

put_char:
        cmp #$0D
        beq @cr
        cmp #$8D
        beq @cr
        cmp #$20
        bcc @ctrl
        cmp #$80
        bcc @print
        cmp #$A0
        bcc @ctrl
@print: ; PETSCII -> screen code
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
@code:  ora rvs
        pha
        jsr cell_addr
        pla
        sta VERA_DATA0
        lda color
        sta VERA_DATA0
        inc cur_col
        lda cur_col
        cmp llen
        bcc @done
        stz cur_col
        jmp line_feed
@cr:    stz cur_col
        stz rvs
        jmp line_feed
@ctrl:  ; colour codes
        ldx #15
:       cmp colcodes,x
        beq @color
        dex
        bpl :-
        cmp #$11
        beq @down
        cmp #$91
        beq @up
        cmp #$1D
        beq @right
        cmp #$9D
        beq @left
        cmp #$13
        beq @home
        cmp #$93
        beq @clear
        cmp #$12
        beq @rvson
        cmp #$92
        beq @rvsoff
        cmp #$14
        beq @del
        cmp #$01
        bne :+
        jmp swap_colors
:
        cmp #$0E
        bne :+
        lda #3
        jmp screen_set_charset
:       cmp #$8E
        bne @done
        lda #2
        jmp screen_set_charset
@done:  rts
@color: lda color
        and #$F0
        sta color
        txa
        ora color
        sta color
        rts
@down:  jmp line_feed
@up:    lda cur_row
        beq @done
        dec cur_row
        rts
@right: inc cur_col
        lda cur_col
        cmp llen
        bcc @done
        stz cur_col
        jmp line_feed
@left:  lda cur_col
        beq :+
        dec cur_col
        rts
:       lda cur_row
        beq @done
        dec cur_row
        ldx llen
        dex
        stx cur_col
        rts
@home:  stz cur_row
        stz cur_col
        rts
@clear: jmp screen_clear
@rvson: lda #$80
        sta rvs
        rts
@rvsoff:stz rvs
        rts
@del:   lda cur_col             ; backspace: step left and blank the cell
        beq @done
        dec cur_col
        jsr cell_addr
        lda #' '
        sta VERA_DATA0
        lda color
        sta VERA_DATA0
        rts
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

; show/hide the cursor as a reversed cell (used while CHRIN waits for a key)
cursor_show:
        jsr cell_addr
        lda VERA_DATA0
        sta cur_save
        jsr cell_addr
        lda cur_save
        eor #$80
        sta VERA_DATA0
        rts
cursor_hide:
        jsr cell_addr
        lda cur_save
        sta VERA_DATA0
        rts

; CHRIN from the screen (device 3): this ROM has no screen-line reading; it returns CR.
chrin_screen:
        lda #$0D
        clc
        rts

; PLOT: C=1 read (X = row, Y = column), C=0 set the cursor to row X, column Y
plot:
        bcc @set
        ldx cur_row
        ldy cur_col
        rts
@set:   stx cur_row
        sty cur_col
        clc
        rts

; SCREEN: X = columns, Y = rows
screen_size:
        ldx llen
        ldy nlines
        rts
