; A Prog8 program with floats maps ROM bank 4 and calls the BASIC math library there. This
; one runs the X16 Reference's example (the distance fallen: d = 1/2 g t^2 for g = 9.81,
; t = 5) through MOVFM, FDIV, CONUPK, FMULTT and FOUT, prints FOUT's text with CHROUT from
; bank 4 and stores it at $0400 (core/rom_prog8_test.go wants " 122.625").
.include "prg.inc"
.include "api.inc"

FOUT   = $FE06
FMULTT = $FE21
FDIV   = $FE24
CONUPK = $FE5A
MOVFM  = $FE63

        lda #4
        sta rom_bank            ; as the startup code of a program with floats
        lda #<flt_two
        ldy #>flt_two
        jsr MOVFM
        lda #<flt_g
        ldy #>flt_g
        jsr FDIV                ; g/2
        lda #<flt_time
        ldy #>flt_time
        jsr CONUPK
        jsr FMULTT              ; g/2 * t
        lda #<flt_time
        ldy #>flt_time
        jsr CONUPK
        jsr FMULTT              ; g/2 * t * t
        jsr FOUT                ; the text at $0100 (A/Y point at it)
        sta r0
        sty r0+1
        ldy #0
:       lda (r0),y
        sta $0400,y
        beq :+
        jsr CHROUT              ; the KERNAL still works from bank 4
        iny
        bne :-
:       stz rom_bank
        DONE
        rts

flt_g:    .byte $84, $1C, $F5, $C2, $8F ; 9.81
flt_time: .byte $83, $20, $00, $00, $00 ; 5
flt_two:  .byte $82, $00, $00, $00, $00 ; 2
