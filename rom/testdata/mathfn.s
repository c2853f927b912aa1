; The math library's functions (ROM bank 4): SQR, LOG, EXP, SIN, COS, TAN, ATN, FPWR, FPWRT,
; RND_0, POLYX, POLY over the inputs of mathin.inc; results packed at OUT + (k*NV + i)*5 as
; in math.s ($EE where a call is left out because the official would stop with an error:
; LOG of 0, EXP or FPWR overflowing). k is the op's place in `ops`; core/rom_math_test.go
; names them in the same order and compares the bytes with the official ROM's.
.include "prg.inc"
.include "api.inc"
.macpack longbranch
.include "mathin.inc"

LOG   = $FE2A
SQR   = $FE30
FPWR  = $FE36
FPWRT = $FE39
EXP   = $FE3C
COS   = $FE3F
SIN   = $FE42
TAN   = $FE45
ATN   = $FE48
RND_0 = $FE57
POLYX = $FE96
POLY  = $FE99

main:   lda #4
        sta rom_bank
        jsr make_inputs
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
        jne @one
        inc opn
        lda opn
        cmp #NOPS
        jne @op
        DONE
        rts

call_op:
        jmp (vec)

ops:    .word op_sqr, op_log, op_exp, op_sin, op_cos, op_tan, op_atn, op_fpwr
        .word op_fpwrneg, op_fpwrt, op_rnd, op_rndseed, op_rndent, op_polyx, op_poly, op_sqrov
        .word op_sinov
NOPS = (* - ops) / 2

abs_a:  jsr lda_a               ; FAC = |A[i]|
        lsr facsgn
        rts

op_sqr: jsr a_exp                ; (exponent $FF: the first estimate wraps, S/x overflows)
        cmp #$FF
        beq skip
        jsr abs_a
        jsr SQR
        jmp store
op_log: jsr a_exp
        beq skip
        jsr abs_a
        jsr LOG
        jmp store
skip:   rts
op_exp: jsr a_exp                ; positive A of 64 and more overflows, and any of
        cmp #$FF                ; exponent $FF (times log2 e)
        beq skip
        ldy #1
        lda (pa),y
        bmi :+
        jsr a_exp
        cmp #$87
        bcs skip
:       jsr lda_a
        jsr EXP
        jmp store
op_sin: jsr lda_a
        jsr SIN
        jmp store
op_cos: jsr lda_a
        jsr COS
        jmp store
op_tan: jsr a_exp                ; 2^23 and up: the fold can give a cosine of 0
        cmp #$98
        bcs skip
        jsr lda_a
        jsr TAN
        jmp store
op_atn: jsr lda_a
        jsr ATN
        jmp store

; pwr_ok: C = 1 unless |A[i]| ^ B[i] stays in range: A not 0, |B| < 32768, |B * ln|A|| < 87
pwr_ok: jsr a_exp
        beq @no
        jsr b_exp               ; |B| < 32768: the product below cannot overflow
        cmp #$90
        bcs @no
        jsr abs_a
        jsr LOG
        lda pb
        ldy pb+1
        jsr FMULT
        lsr facsgn
        lda #<n87
        ldy #>n87
        jsr FCOMP               ; $FF: FAC < 87
        asl a                   ; C = 1 for $FF
        bcs @ok
@no:    sec
        rts
@ok:    clc
        rts
n87:    .byte $87, $2E, $00, $00, $00

op_fpwr:                        ; |A| ^ B
        jsr pwr_ok
        bcs skip2
        jsr abs_a
        jsr MOVAF
        lda pb
        ldy pb+1
        jsr FPWR
        jmp store
op_fpwrt:                       ; |A| ^ B with B in FAC
        jsr pwr_ok
        bcs skip2
        jsr abs_a
        jsr MOVAF
        jsr lda_b
        jsr FPWRT
        jmp store
op_fpwrneg:                     ; -|A| ^ k, k = i%7 - 3 (an integer: the sign by its parity)
        jsr a_exp
        beq skip2
        cmp #$60                ; 2^-32 .. 2^32: no overflow for |k| <= 3
        bcc skip2
        cmp #$A0
        bcs skip2
        lda idx
:       cmp #7
        bcc :+
        sbc #7
        bra :-
:       sec
        sbc #3
        tay
        lda #0
        cpy #$80
        bcc :+
        lda #$FF
:       jsr GIVAYF              ; A:Y = k as a signed word
        ldx #<kf
        ldy #>kf
        jsr MOVMF
        jsr abs_a
        lda #$FF
        sta facsgn
        jsr MOVAF
        lda #<kf
        ldy #>kf
        jsr FPWR
        jmp store
skip2:  rts
kf:     .res 5

op_rnd: lda #1                  ; the next number from the seed (N = 0, Z = 0)
        jsr RND_0
        jmp store
op_rndseed:                     ; A[i] as the seed (N = 1), then the next one
        jsr lda_a
        lda #$FF
        jsr RND_0
        lda #1
        jsr RND_0
        jmp store
op_rndent:                      ; A[i]'s bytes as entropy (Z = 1)
        lda #$02
        pha
        ldy #1
        lda (pa),y
        tax
        iny
        lda (pa),y
        pha
        iny
        lda (pa),y
        tay
        pla
        plp
        jsr RND_0
        jmp store

op_polyx:                       ; a polynomial of our own, |x| < 512 (no overflow)
        jsr a_exp
        cmp #$8A
        bcs skip2
        jsr lda_a
        lda #<cpoly
        ldy #>cpoly
        jsr POLYX
        jmp store
op_poly:
        jsr a_exp
        cmp #$8A
        bcs skip2
        jsr lda_a
        lda #<cpoly
        ldy #>cpoly
        jsr POLY
        jmp store
cpoly:  .byte 3                                 ; 0.25x^3 - 3x^2 + 1.5x + 7
        .byte $7F, $00, $00, $00, $00
        .byte $82, $C0, $00, $00, $00
        .byte $81, $40, $00, $00, $00
        .byte $83, $60, $00, $00, $00

op_sqrov:                       ; SQR(|A*B|): FAC with a rounding byte
        jsr mul_ok
        bcs skip3
        jsr lda_b
        lda pa
        ldy pa+1
        jsr FMULT
        lsr facsgn
        jsr SQR
        jmp store
op_sinov:                       ; SIN(A*B)
        jsr mul_ok
        bcs skip3
        jsr lda_b
        lda pa
        ldy pa+1
        jsr FMULT
        jsr SIN
        jmp store
skip3:  rts
.assert OUT + NOPS*NV*5 <= $9F00, error, "results overrun RAM"
