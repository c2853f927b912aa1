; VAL_1 ($FE09: FAC = the number in the text at X/Y, A bytes long) over three kinds of text;
; each result is 24 bytes at OUT + (k*NV + i)*24: the packed number (MOVMF), then the text
; read (up to 18 bytes, NUL-padded). k = 0: FOUT's text of A[i] (mathin.inc) read back;
; 1: random texts from the seeded generator (signs, spaces, up to 11 digits, a point,
; exponents with signs or BASIC's +/- tokens, something after); 2: the fixed texts in
; `edges` (index i mod their count). core/rom_math_test.go compares it with the official.
.include "prg.inc"
.include "api.inc"
.macpack longbranch
.include "mathin.inc"

FOUT  = $FE06
VAL_1 = $FE09
NVAR  = 3
SLOT  = 24
TLEN  = 19
tlen  = $40             ; the text's length
ndig  = $41             ; rand_text: digits to write (random uses tmp and vec)
ppos  = $42             ;            the digit the point goes before
esel  = $43             ;            the exponent's sign (esigns index)
tbuf  = $0600           ; the text

main:   lda #4
        sta rom_bank
        jsr make_inputs
        lda #<OUT
        sta po
        lda #>OUT
        sta po+1
        ldx #NVAR*NV*SLOT/256   ; $EE where a call is left out
        ldy #0
        lda #$EE
:       sta (po),y
        iny
        bne :-
        inc po+1
        dex
        bne :-
        lda #>OUT
        sta po+1
        stz opn
@var:   stz idx
        lda #<TBLA
        sta pa
        lda #>TBLA
        sta pa+1
@one:   ldx #TLEN-1             ; no text yet
:       stz tbuf,x
        dex
        bpl :-
        stz tlen
        lda opn
        beq @fout
        cmp #1
        beq @rand
        jsr edge_text
        bra @val
@rand:  jsr rand_text
        bra @val
@fout:  jsr a_exp                ; (the text of numbers near the largest reads back as
        cmp #$FE                ; an overflow: left out)
        bcs @skip
        jsr lda_a
        jsr FOUT
        ldx #0
:       lda $0100,x
        beq :+
        sta tbuf,x
        inx
        cpx #TLEN
        bne :-
:       stx tlen
@val:   ldx #<tbuf
        ldy #>tbuf
        lda tlen
        jsr VAL_1
        jsr store
@skip:  ldy #SLOT-1
        ldx #TLEN-1
:       lda tbuf,x
        sta (po),y
        dey
        dex
        bpl :-
        clc
        lda pa
        adc #5
        sta pa
        bcc :+
        inc pa+1
:       clc
        lda po
        adc #SLOT
        sta po
        bcc :+
        inc po+1
:       inc idx
        lda idx
        cmp #NV
        jne @one
        inc opn
        lda opn
        cmp #NVAR
        jne @var
        DONE
        rts

; put: append A to the text
put:    ldx tlen
        sta tbuf,x
        inc tlen
        rts

; digit: a random digit character
digit:  jsr random
        and #$0F
        cmp #10
        bcc :+
        sbc #6
:       ora #'0'
        rts

rand_text:
        jsr random
        and #3
        beq @nosign
        cmp #1
        beq @minus
        lda #'+'
        bra :+
@minus: lda #'-'
:       jsr put
@nosign:
        lda rng+1
        and #4
        beq :+
        lda #' '
        jsr put
:       jsr random              ; 1-11 digits
        and #7
        sta ndig
        jsr random
        and #3
        sec
        adc ndig
        sta ndig
        jsr random
        and #15
        sta ppos                ; the point goes before this digit (none past the end)
        ldy #0
@dig:   cpy ppos
        bne :+
        lda #'.'
        jsr put
:       phy
        jsr digit
        jsr put
        ply
        iny
        cpy ndig
        bne @dig
        jsr random
        lsr a
        bcc @tail               ; no exponent
        lda #'E'
        jsr put
        jsr random
        and #7
        sta esel
        tax
        lda esigns,x
        beq :+
        jsr put
:       ldx esel
        lda esigns,x
        cmp #'-'
        beq @eneg
        cmp #$AB
        beq @eneg
        jsr random              ; + exponents 0-19 (no overflow with 11 digits)
        and #1
        ora #'0'
        jsr put
        jsr digit
        jsr put
        bra @tail
@eneg:  jsr digit
        jsr put
        jsr digit
        jsr put
@tail:  jsr random
        and #7
        tax
        lda tails,x
        beq :+
        jsr put
:       rts
esigns: .byte 0, '-', '+', '-', 0, $AB, $AA, '-'
tails:  .byte 0, 0, 0, ' ', 'X', ':', '.', 'E'

edge_text:
        lda idx
:       cmp #NEDGE
        bcc :+
        sbc #NEDGE
        bra :-
:       asl a
        tax
        lda edges,x
        sta tmp
        lda edges+1,x
        sta tmp+1
        ldy #0
:       lda (tmp),y
        beq :+
        jsr put
        iny
        bra :-
:       rts

.macro TEXT s
  .local l
  .pushseg
  .segment "RODATA"
l:      .byte s, 0
  .popseg
        .word l
.endmacro
edges:  TEXT ""
        TEXT " "
        TEXT "1"
        TEXT "-1"
        TEXT "+.5"
        TEXT "."
        TEXT "..5"
        TEXT "1.2.3"
        TEXT "1E"
        TEXT "1E-"
        TEXT "1E+3"
        TEXT "-0"
        TEXT "  12  34  "
        TEXT "1e5"
        TEXT "9999999999"
        TEXT "99999999.9"
        TEXT "0.1"
        TEXT "1E-38"
        TEXT "1E-39"
        TEXT "1.6E+38"
        TEXT "1E38"
        TEXT "123456789012"
        TEXT "3.14159265358979"
        TEXT "0000012"
        TEXT "1E-99"
        TEXT "-"
        TEXT "E5"
        TEXT {"2E", $AB, "3"}
        TEXT ":5"
        TEXT "5:6"
        TEXT "-.000000000123456789"
        TEXT "4294967296.5"
NEDGE = (* - edges) / 2
.assert OUT + NVAR*NV*SLOT <= $9F00, error, "results overrun RAM"
