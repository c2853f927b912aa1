; The registers the math library's entries return (X16 Reference "Math Library"; programs
; such as Prog8's float routines go on with what they leave): each entry is called with
; FAC = A[i], ARG = B[i] (mathin.inc, the first NREG inputs), X = $5A, Y = $A5 where they
; are not inputs, and P, A, X, Y after it are stored at OUT + (k*NV + i)*5 (the fifth byte
; is FAC's exponent). core/rom_math_test.go compares them with the official ROM's.
.include "prg.inc"
.include "api.inc"
.macpack longbranch
.include "mathin.inc"

NREG = 16

main:   lda #4
        sta rom_bank
        jsr make_inputs
        lda #<OUT
        sta po
        lda #>OUT
        sta po+1
        ldx #(NENT*NV*5+255)/256
        ldy #0
        lda #$EE
:       sta (po),y
        iny
        bne :-
        inc po+1
        dex
        bne :-
        stz opn
@op:    lda opn                 ; po = OUT + opn*640
        asl a
        asl a
        adc opn
        sta tmp
        stz tmp+1
        ldx #7
:       asl tmp
        rol tmp+1
        dex
        bne :-
        clc
        lda tmp
        adc #<OUT
        sta po
        lda tmp+1
        adc #>OUT
        sta po+1
        lda #<TBLA
        sta pa
        lda #>TBLA
        sta pa+1
        lda #<TBLB
        sta pb
        lda #>TBLB
        sta pb+1
        stz idx
        lda opn
        asl a
        tax
        lda ents,x
        sta vec
        lda ents+1,x
        sta vec+1
@one:   jsr lda_b               ; ARG = B, FAC = A
        jsr MOVAF
        jsr lda_a
        jsr call_ent
        php
        sta tmp
        pla
        sta (po)
        ldy #1
        lda tmp
        sta (po),y
        iny
        txa
        sta (po),y
        iny
        lda tmp+1
        sta (po),y
        iny
        lda facexp
        sta (po),y
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
        adc #5
        sta po
        bcc :+
        inc po+1
:       inc idx
        lda idx
        cmp #NREG
        jne @one
        inc opn
        lda opn
        cmp #NENT
        jne @op
        DONE
        rts

; call_ent: the entry with X = $5A, Y = $A5 (A = the pointer's low byte for the entries
; that take one); returns with Y in tmp+1
call_ent:
        jsr @go
        sty tmp+1
        rts
@go:    ldx #$5A
        ldy #$A5
        jmp (vec)

; the entries (wrappers load their pointer arguments: MEM = B[i], or a buffer to store to)
ents:   .word e_movfm, e_conupk, e_movmf, MOVFA, MOVAF, MOVEF, ROUND, ABS, NEGOP, NEGFAC
        .word SIGN, e_fcomp, ZEROFC, NORMAL, INT, QINT, SGN, e_float, FLOATS, e_givayf
        .word e_fadd, e_fsub, e_fmult, e_fdiv, e_faddt, e_fsubt, e_fmultt, e_fdivt, e_mul10, DIV10
        .word FADDH, e_finlog
NENT = (* - ents) / 2

e_movfm:
        lda pb
        ldy pb+1
        jmp MOVFM
e_conupk:
        lda pb
        ldy pb+1
        jmp CONUPK
e_movmf:
        ldx #<buf
        ldy #>buf
        jmp MOVMF
e_fcomp:
        lda pb
        ldy pb+1
        jmp FCOMP
e_float:
        lda #$C3
        jmp FLOAT
e_givayf:
        lda #$12
        ldy #$34
        jmp GIVAYF
e_fadd: jsr add_ok
        bcs e_none
        lda pb
        ldy pb+1
        jmp FADD
e_fsub: jsr add_ok
        bcs e_none
        lda pb
        ldy pb+1
        jmp FSUB
e_fmult:
        jsr mul_ok
        bcs e_none
        lda pb
        ldy pb+1
        jmp FMULT
e_fdiv: jsr bdiv_ok              ; B / A here
        bcs e_none
        lda pb
        ldy pb+1
        jmp FDIV
e_fdivt:
        jsr bdiv_ok
        bcs e_none
        jmp FDIVT
e_faddt:
        jsr add_ok
        bcs e_none
        jmp FADDT
e_fsubt:
        jsr add_ok
        bcs e_none
        jmp FSUBT
e_fmultt:
        jsr mul_ok
        bcs e_none
        jmp FMULTT
e_mul10:
        jsr a_exp
        cmp #$FB
        bcs e_none
        jmp MUL10
; bdiv_ok: C = 1 when B/A could overflow or A is 0; keeps FAC
bdiv_ok:
        jsr a_exp
        cmp #1
        bcc @no
        sta tmp
        jsr b_exp
        sec
        sbc tmp
        bcc @ok
        cmp #126
        rts
@ok:    clc
        rts
@no:    sec
        rts
e_finlog:
        lda #$F3
        jmp FINLOG
e_none: lda #$EE
        ldx #$EE
        ldy #$EE
        rts
buf:    .res 5
.assert OUT + NENT*NV*5 <= $9F00, error, "results overrun RAM"
