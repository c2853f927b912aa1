; The math library in ROM bank 4 ($FE00 jump table, X16 Reference "Math Library") run over
; a table of inputs, every result stored packed in RAM: core/rom_math_test.go runs it on the
; built-in ROM and on the official one and wants the same bytes (and a golden copy of the
; official's, rom/testdata/math.golden, when no official ROM is at hand).
;
; Inputs: NV (128) values A[i] at TBLA and B[i] at TBLB (5-byte packed floats). The first NFIX of
; each are fixed edge cases; the rest come from a seeded xorshift generator: A's exponents
; over the whole range (even i) or near 1 (odd i), B's independent (i%4=0), A's exponent
; nudged by up to +-8 with a random mantissa (1), A with its lowest byte changed (2), and
; A or -A exactly (3). Results: op k, input i at OUT + (k*NV + i)*5; calls whose operands
; would overflow (the official then enters BASIC's error handler) are skipped and leave
; $EE bytes. The op list is `ops` below; the Go test names them in the same order.
.include "prg.inc"
.include "api.inc"
.macpack longbranch

.include "mathin.inc"

main:   lda #4
        sta rom_bank
        jsr make_inputs
        ; fill the results with $EE (skipped calls keep it)
        lda #<OUT
        sta po
        lda #>OUT
        sta po+1
        ldx #(NOPS*NV*5+255)/256
        ldy #0
        lda #$EE
:       sta (po),y
        iny
        bne :-
        inc po+1
        dex
        bne :-

        stz opn
@op:    stz idx
        ; po = OUT + opn*NV*5
        lda opn
        sta tmp
        stz tmp+1
        ; NV*5 = 640 = (5 << 7): tmp*640 = (tmp*5) << 7
        lda tmp
        asl a
        asl a
        adc tmp                 ; *5 (opn < 51)
        sta tmp
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
        lda opn
        asl a
        tax
        lda ops,x
        sta vec
        lda ops+1,x
        sta vec+1
@one:   jsr call_op
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
        cmp #NV
        bne @one
        inc opn
        lda opn
        cmp #NOPS
        jne @op
        DONE
        rts

call_op:
        jmp (vec)

; ---- the ops (each: inputs -> the 5 result bytes at po) -----------------------------------
ops:    .word op_move, op_int, op_abs, op_negop, op_negfac, op_sgn, op_mul10, op_div10
        .word op_faddh, op_finlog, op_sign, op_qint, op_ayint, op_getadr, op_givayf, op_float
        .word op_floats, op_floatc, op_movaf, op_fadd, op_fsub, op_fmult, op_fdiv, op_faddt
        .word op_fsubt, op_fmultt, op_fdivt, op_fcomp, op_fcompov, op_chain, op_round, op_normal
        .word op_intov
NOPS = (* - ops) / 2

op_move:
        jsr lda_a
        jmp store
op_int: jsr lda_a
        jsr INT
        jmp store
op_abs: jsr lda_a
        jsr ABS
        jmp store
op_negop:
        jsr lda_a
        jsr NEGOP
        jmp store
op_negfac:
        jsr lda_a
        jsr NEGFAC
        jmp store
op_sgn: jsr lda_a
        jsr SGN
        jmp store
op_mul10:
        jsr a_exp
        cmp #$FB
        bcs skip
        jsr lda_a
        jsr MUL10
        jmp store
op_div10:
        jsr lda_a
        jsr DIV10
        jmp store
op_faddh:
        jsr a_exp
        cmp #$FE
        bcs skip
        jsr lda_a
        jsr FADDH
        jmp store
op_finlog:
        jsr a_exp
        cmp #$FE
        bcs skip
        jsr lda_a
        lda idx
        asl a
        asl a
        adc idx                 ; a signed byte from the index
        eor #$5A
        jsr FINLOG
        jmp store
skip:   rts
op_sign:
        jsr lda_a
        jsr SIGN
        sta (po)
        rts
op_qint:
        jsr lda_a
        jsr QINT
        ldy #3
:       lda facho,y
        sta (po),y
        dey
        bpl :-
        rts
op_ayint:
        jsr a_exp
        cmp #$90
        bcc @go
        bne skip
        ldy #1                  ; exponent $90: only -32768 ($90 80 00 00 00)
        lda (pa),y
        cmp #$80
        bne skip
        iny
        lda (pa),y
        iny
        ora (pa),y
        iny
        ora (pa),y
        bne skip
@go:    jsr lda_a
        jsr AYINT
        lda facmo
        sta (po)
        ldy #1
        lda faclo
        sta (po),y
        rts
op_getadr:
        jsr a_exp
        cmp #$91
        bcs skip
        ldy #1
        lda (pa),y
        bmi skip
        jsr lda_a
        jsr GETADR
        sta (po)
        tya
        ldy #1
        sta (po),y
        rts
op_givayf:
        ldy #1
        lda (pa),y
        pha
        iny
        lda (pa),y
        tay
        pla
        jsr GIVAYF
        jmp store
op_float:
        ldy #2
        lda (pa),y
        jsr FLOAT
        jmp store
op_floats:
        ldy #1
        lda (pa),y
        sta facho
        iny
        lda (pa),y
        sta facmoh
        jsr FLOATS
        jmp store
op_floatc:
        ldy #1
        lda (pa),y
        sta facho
        iny
        lda (pa),y
        sta facmoh
        iny
        lda (pa),y
        tax                     ; the exponent
        iny
        lda (pa),y
        lsr a                   ; C = the sign's complement
        jsr FLOATC
        jmp store
op_movaf:                       ; FAC = A*B (facov set), ARG = round(FAC), FAC = ARG
        jsr mul_ok
        bcs skip2
        jsr lda_b
        lda pa
        ldy pa+1
        jsr FMULT
        jsr MOVAF
        jsr ZEROFC
        jsr MOVFA
        jmp store
op_fadd:
        jsr add_ok
        bcs skip2
        jsr lda_b
        lda pa
        ldy pa+1
        jsr FADD
        jmp store
op_fsub:
        jsr add_ok
        bcs skip2
        jsr lda_b
        lda pa
        ldy pa+1
        jsr FSUB
        jmp store
op_fmult:
        jsr mul_ok
        bcs skip2
        jsr lda_b
        lda pa
        ldy pa+1
        jsr FMULT
        jmp store
op_fdiv:
        jsr div_ok
        bcs skip2
        jsr lda_b
        lda pa
        ldy pa+1
        jsr FDIV
        jmp store
skip2:  rts
op_faddt:
        jsr add_ok
        bcs skip2
        jsr lda_b
        jsr arg_a
        jsr FADDT
        jmp store
op_fsubt:
        jsr add_ok
        bcs skip2
        jsr lda_b
        jsr arg_a
        jsr FSUBT
        jmp store
op_fmultt:
        jsr mul_ok
        bcs skip2
        jsr lda_b
        jsr arg_a
        jsr FMULTT
        jmp store
op_fdivt:
        jsr div_ok
        bcs skip2
        jsr lda_b
        jsr arg_a
        jsr FDIVT
        jmp store
op_fcomp:
        jsr lda_b
        lda pa
        ldy pa+1
        jsr FCOMP
        sta (po)
        rts
op_fcompov:                     ; FAC = A+B with its rounding byte, compared with A and B
        jsr add_ok
        bcs skip2
        jsr lda_b
        lda pa
        ldy pa+1
        jsr FADD
        lda pa
        ldy pa+1
        jsr FCOMP
        sta (po)
        lda pb
        ldy pb+1
        jsr FCOMP
        ldy #1
        sta (po),y
        rts
op_chain:                       ; ((A*B)+A)/B, the rounding bytes carried along
        jsr b_exp               ; exponents $60-$9F only: nothing overflows
        jsr mid_exp
        jcs skip2
        jsr a_exp
        jsr mid_exp
        jcs skip2
        jsr lda_b
        lda pa
        ldy pa+1
        jsr FMULT
        lda pa
        ldy pa+1
        jsr FADD
        jsr MOVEF               ; ARG = FAC, unrounded
        jsr lda_b
        jsr FDIVT
        jmp store
op_round:                       ; A/B then ROUND, stored as FAC is (unrounded store)
        jsr div_ok
        bcs skip3
        jsr lda_b
        lda pa
        ldy pa+1
        jsr FDIV
        jsr ROUND
        ldy #4
:       lda facexp,y
        sta (po),y
        dey
        bpl :-
        rts
op_normal:                      ; an unnormalised FAC: A[i]'s mantissa shifted right
        jsr lda_a
        lda idx
        and #15
        tax
        beq :++
:       lsr facho
        ror facmoh
        ror facmo
        ror faclo
        dex
        bne :-
:       jsr NORMAL
        jmp store
op_intov:                       ; INT of A+B (a rounding byte in FAC)
        jsr add_ok
        bcs skip3
        jsr lda_b
        lda pa
        ldy pa+1
        jsr FADD
        jsr INT
        jmp store
skip3:  rts

.assert OUT + NOPS*NV*5 <= $9F00, error, "results overrun RAM"
