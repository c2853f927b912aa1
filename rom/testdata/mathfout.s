; FOUT ($FE06) and FOUTC ($FE93) over the math test inputs (mathin.inc): the text each
; leaves at $0100 is copied to OUT + (k*NV + i)*16 (NUL-padded, $EE for skipped ones), k the
; variant: 0 A[i]; 1 A[i]/B[i] (a rounding byte left in FAC); 2 B[i]; 3 10^(i%76-38) built
; from 1 by MUL10/DIV10, less its last bit (i odd); 4 FOUTC of A[i] with Y = 1 + i%5.
; core/rom_math_test.go compares it with the official ROM's.
.include "prg.inc"
.include "api.inc"
.macpack longbranch
.include "mathin.inc"

FOUT  = $FE06
FOUTC = $FE93
NVAR  = 5
SLOT  = 16

main:   lda #4
        sta rom_bank
        jsr make_inputs
        lda #<OUT
        sta po
        lda #>OUT
        sta po+1
        ldx #NVAR*NV*SLOT/256
        ldy #0
        lda #$EE
:       sta (po),y
        iny
        bne :-
        inc po+1
        dex
        bne :-
        lda #<OUT
        sta po
        lda #>OUT
        sta po+1
        stz opn
@var:   stz idx
        lda #<TBLA
        sta pa
        lda #>TBLA
        sta pa+1
        lda #<TBLB
        sta pb
        lda #>TBLB
        sta pb+1
@one:   jsr variant
        clc
        lda pa
        adc #5
        sta pa
        bcc :+
        inc pa+1
:       clc
        lda pb
        adc #5
        sta pb
        bcc :+
        inc pb+1
:       clc
        lda po
        adc #SLOT
        sta po
        bcc :+
        inc po+1
:       inc idx
        lda idx
        cmp #NV
        bne @one
        inc opn
        lda opn
        cmp #NVAR
        bne @var
        DONE
        rts

variant:
        lda opn
        beq @a
        cmp #1
        beq @div
        cmp #2
        beq @b
        cmp #3
        beq @pow
        ; 4: FOUTC at 1 + i%5
        jsr lda_a
        lda idx
:       cmp #5
        bcc :+
        sbc #5
        bra :-
:       tay
        iny
        sty tmp
        lda #$AA                ; what FOUTC does not write before its text
        ldx #0
:       sta $0100,x
        inx
        cpx #SLOT
        bne :-
        ldy tmp
        jsr FOUTC
        bra copy
@a:     jsr lda_a
        bra out
@b:     jsr lda_b
        bra out
@div:   jsr div_ok
        bcs @skip
        jsr lda_b
        lda pa
        ldy pa+1
        jsr FDIV
        bra out
@skip:  rts
@pow:   lda #<one
        ldy #>one
        jsr MOVFM
        lda idx                 ; k = i%76 - 38: 10^-38 .. 10^37
:       cmp #76
        bcc :+
        sbc #76
        bra :-
:       sec
        sbc #38
        beq @lsb
        bcc @divs
        tax
:       phx
        jsr MUL10
        plx
        dex
        bne :-
        bra @lsb
@divs:  eor #$FF
        inc a
        tax
:       phx
        jsr DIV10
        plx
        dex
        bne :-
@lsb:   lda idx                 ; odd i: one unit in the last place less
        lsr a
        bcc out
        ldx #<tmpf
        ldy #>tmpf
        jsr MOVMF
        ldx #4                  ; mantissa - 1, the borrow running up
:       dec tmpf,x
        lda tmpf,x
        cmp #$FF
        bne :+
        dex
        bne :-
:
        lda #<tmpf
        ldy #>tmpf
        jsr MOVFM
out:    ldx #SLOT-1
        lda #0
:       sta $0100,x
        dex
        bpl :-
        jsr FOUT
copy:   ldy #SLOT-1
:       lda $0100,y
        sta (po),y
        dey
        bpl :-
        rts

one:    .byte $81, $00, $00, $00, $00
tmpf:   .res 5
.assert OUT + NVAR*NV*SLOT <= $9F00, error, "results overrun RAM"
