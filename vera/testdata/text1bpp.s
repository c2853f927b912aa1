; text1bpp.s: layer 1 in 16-colour text mode (1 bpp 8x8 tiles, map 128x64 at $1B000,
; font at $1F000), 80x60 characters at 1x scale, layer 0 and sprites off.
;
; The picture: a dense grid of 80x60 cells. Cell (col, row) shows glyph (col xor row) & 7
; (blank, solid block, checkerboard, X, 1, 6, V, E) in foreground colour col & 15 on
; background colour row & 15 of the reset palette, so each text row has one background
; colour (row 0 black, row 1 white, row 2 dark red, ...) and the glyph colours cycle
; through the 16 C64-like colours along the row. "X16 VERA" in white on blue sits at
; column 4 of row 2 (8 pixels in, 16 down); the bottom-right cell (79, 59) is a dark red X
; on white. Checked: row 0 starts black, white block, red/black checker, cyan X, purple 1,
; green 6, blue V, yellow E.
.include "prg.inc"
.include "vera.inc"

MAP  = $1B000
FONT = $1F000
row  = $26
col  = $27
tmp  = $28

        video $21, 128, 128, 0          ; VGA, layer 1 only
        layer 1, $60, MAP, FONT, 0, 0   ; map 128x64, 1 bpp tiles, T256C off
        vaddr FONT, 1
        vcopy font, font_end-font

        ; Map entry (col, row): glyph (col xor row) & 7, background row & 15,
        ; foreground col & 15.
        vaddr MAP, 1
        stz row
@row:   stz col
@col:   lda col
        eor row
        and #7
        sta VERA_DATA0
        lda row
        asl a
        asl a
        asl a
        asl a
        sta tmp
        lda col
        and #15
        ora tmp
        sta VERA_DATA0
        inc col
        bpl @col                        ; 128 columns
        inc row
        lda row
        cmp #64
        bne @row

        ; "X16 VERA" in white on blue at column 4, row 2; an X in the bottom-right cell.
        vaddr MAP+2*(2*128+4), 1
        ldx #0
@msg:   lda message,x
        sta VERA_DATA0
        lda #$61
        sta VERA_DATA0
        inx
        cpx #message_end-message
        bne @msg
        vaddr MAP+2*(59*128+79), 1
        setreg VERA_DATA0, 3
        setreg VERA_DATA0, $12          ; red on white
idle:   bra idle
idle_end:

        VERA_ROUTINES

message: .byte 3, 4, 5, 0, 6, 7, 8, 9
message_end:

font:   .byte $00,$00,$00,$00,$00,$00,$00,$00   ; 0 blank
        .byte $FF,$FF,$FF,$FF,$FF,$FF,$FF,$FF   ; 1 solid
        .byte $AA,$55,$AA,$55,$AA,$55,$AA,$55   ; 2 checker
        .byte $C3,$66,$3C,$18,$3C,$66,$C3,$00   ; 3 X
        .byte $18,$38,$18,$18,$18,$18,$7E,$00   ; 4 1
        .byte $3C,$60,$C0,$FC,$C6,$C6,$7C,$00   ; 5 6
        .byte $C6,$C6,$C6,$6C,$6C,$38,$10,$00   ; 6 V
        .byte $FE,$C0,$C0,$FC,$C0,$C0,$FE,$00   ; 7 E
        .byte $FC,$C6,$C6,$FC,$D8,$CC,$C6,$00   ; 8 R
        .byte $38,$6C,$C6,$C6,$FE,$C6,$C6,$00   ; 9 A
font_end:
