; x16scope built-in ROM: the floating-point math library in ROM bank 4, called through its
; jump table at $FE00-$FE9B (X16 Reference "Math Library"; Prog8's floats and assembly
; programs map bank 4 and JSR there).
;
; Numbers are Microsoft's 40-bit format. Packed in memory (MFLPT, 5 bytes): the exponent
; (bias 128, 0 means the number is 0), then 4 mantissa bytes high first whose top bit is
; the sign (the mantissa's top bit, always 1, is implied). Unpacked in FAC and ARG (the
; official zero-page addresses, kernal.inc "math library": programs read FAC directly):
; exponent, 4 mantissa bytes with the top bit present, a sign byte (bit 7). FAC has a fifth
; mantissa byte, facov, that holds the bits below faclo until a result is rounded (MOVMF,
; MOVAF, ROUND) or dropped.
;
; Results are meant to be bit-identical with the official library's (core/rom_math_test.go
; compares every implemented entry with it): the same truncations when operands are aligned
; and when partial products are summed, the same 34 quotient bits, the same rounding. Its
; quirks are kept where they show in results (an ARG shifted right by 16, 24 ... 136 bits
; takes FAC's rounding byte as its own; a quotient whose exponent works out as exactly 0
; becomes positive with exponent 1), and the raw sign bytes MOVFM/CONUPK store.
;
; Errors: the official library jumps to BASIC's error handler. This ROM has no BASIC: an
; overflow, a division by zero or an illegal quantity stops the CPU at math_error (04:xxxx)
; with X = BASIC's error number (15 OVERFLOW, 20 DIVISION BY ZERO, 14 ILLEGAL QUANTITY).
;
; Every entry of the official table is implemented. INT writes `integr` (the integer's low
; byte, which EXP and FPWR use) in zero page, not at the official $03CA (the graphics state
; lives there in this ROM); RND's seed is at $025B (kernal.inc), not $03CE.
; Registers: the moves, conversions, sign/compare entries, FDIV and FDIVT return P, A, X,
; Y as the official's do (core TestMathRegistersBuiltin); after FADD/FSUB/FMULT and their
; T forms, MUL10, FADDH, FINLOG and QINT (A) the scratch registers may differ.
.include "kernal.inc"
.macpack longbranch

; Math zero page: all inside the official library's own range $A9-$D3 (kernal.inc). The
; scratch at $AD-$B8 lives through one arithmetic call only (FADD, FMULT, FDIV, QINT); the
; temporaries of the functions built on them (tempf1, tempf2, FOUT's and VAL_1's counts,
; tansgn) lie outside it. The official addresses where programs might look (tempf1/2,
; deccnt, polypt); tempf3 is on the stack (TAN, FPWR).
index1  = $A9           ; pointer to the packed operand (2 bytes)
index2  = $AB           ; FCOMP's pointer (2 bytes)
tansgn  = $AC           ; TAN: negate the cosine (index2+1: no FCOMP runs inside TAN)
oldov   = $AD           ; FADD: rounding byte of the operand with the larger exponent
shov    = $AE           ; FADD: shift_right's rounding byte
mtmp    = $AF           ; FADD, QINT: scratch
ncnt    = $B0           ; normal's shift count
integr  = $B1           ; INT: the integer's low byte (EXP, FPWR read it)
mres    = $AD           ; FMULT: the 48-bit sum of partial products, low byte first ($AD-$B2)
a48     = $B3           ; FMULT: the multiplicand FAC:facov as 48 bits, low byte first ($B3-$B8)
quo     = $AD           ; FDIV: the 40-bit quotient, low byte first ($AD-$B1)
mcnt    = $B3           ; FDIV: bits to go
dhi     = $B4           ; FDIV: bit 32 of the shifted dividend
fdecpt  = $B2           ; FOUT: offset in foutbl (only while no FMULT runs)
tempf1  = $B9           ; polynomials: x; SQR: its argument (5 bytes, official address)
tempf2  = $BE           ; polynomials: x squared; SQR: the estimate (5 bytes)
deccnt  = $BF           ; FOUT: power of ten, then digits before the point (official address)
tenexp  = $C0           ; FOUT: the exponent to print
fbufpt  = $D2           ; FOUT: output offset in fbuffr
polypt  = $D2           ; POLY: the coefficient pointer (official address)
degree  = $C9           ; POLY: coefficients to go
dptflg  = $C1           ; VAL_1: decimal point seen (bit 7; bit 6 a second one)
expsgn  = $C2           ; VAL_1: the exponent is negative (bit 7)
sgnflg  = $C9           ; VAL_1: the number is negative (bit 7); SQR: iterations to go
vptr    = index2        ; VAL_1: the text, its length and the offset read
vlen    = $BA
vpos    = $B9
TK_PLUS = $AA           ; BASIC's tokens for + and -, which VAL reads as signs too
TK_MINUS= $AB
fbuffr  = $0100         ; FOUT's text (the official place: programs read it there)

ERR_FC  = 14            ; BASIC's error numbers, in X at math_error
ERR_OV  = 15
ERR_DVO = 20
ERR_LS  = 23
ERR_UNSUP = $FF         ; VAL_1 of "$..." or "%..." (the official evaluates an expression)

.segment "MATH4C"
.scope math

; ---- moving numbers --------------------------------------------------------------------

; MOVFM: FAC = the packed number at (A lo, Y hi). Returns A = the exponent (Z set for 0),
; Y = 0. facsgn gets the whole second byte (only bit 7 counts), as the official does.
movfm:  sta index1
        sty index1+1
        ldy #4
@mant:  lda (index1),y          ; bytes 4, 3, 2: faclo, facmo, facmoh
        sta facexp,y
        dey
        cpy #2
        bcs @mant
        lda (index1),y
        sta facsgn
        ora #$80                ; the implied top bit
        sta facho
        dey
        lda (index1),y
        sta facexp
        sty facov
        rts

; CONUPK: ARG = the packed number at (A lo, Y hi); arisgn = the two signs' XOR. Returns
; A = FAC's exponent with the flags set on it, as FADD/FMULT/FDIV's second halves want.
conupk: sta index1
        sty index1+1
        ldy #4
@mant:  lda (index1),y
        sta argexp,y
        dey
        cpy #2
        bcs @mant
        lda (index1),y
        sta argsgn
        eor facsgn
        sta arisgn
        lda argsgn
        ora #$80
        sta argho
        dey
        lda (index1),y
        sta argexp
        lda facexp
        rts

; MOVMF: round FAC and store it packed at (X lo, Y hi). Returns A = the exponent, Y = 0.
movmf:  jsr round
        stx index1
        sty index1+1
        ldy #4
@mant:  lda facexp,y
        sta (index1),y
        dey
        cpy #2
        bcs @mant
        lda facsgn              ; the sign replaces the implied bit
        ora #$7F
        and facho
        sta (index1),y
        dey
        lda facexp
        sta (index1),y
        sty facov
        rts

; MOVFA: FAC = ARG.
movfa:  ldx #5
@copy:  lda argexp,x
        sta facexp,x
        dex
        bpl @copy
        lda facexp              ; A = the exponent, X = 0, Z = 1 (as the official's)
        ldx #0
        stx facov
        rts

; MOVAF: ARG = round(FAC). MOVEF: ARG = FAC (as it is). Both clear facov.
movaf:  jsr round
movef:  ldx #5
@copy:  lda facexp,x
        sta argexp,x
        dex
        bpl @copy
        lda facexp              ; A = the exponent, X = 0, Z = 1 (as the official's)
        ldx #0
        stx facov
        rts

; ROUND: add facov's top bit into the mantissa (facov is left shifted by one; the stores
; after it clear it). A mantissa that carries out becomes $80000000 one exponent up.
round:  lda facexp
        beq round_rts
        asl facov
        bcc round_rts
incrnd: inc faclo               ; (EXP enters here with C = 1)
        bne round_rts
        inc facmo
        bne round_rts
        inc facmoh
        bne round_rts
        inc facho
        bne round_rts
        jmp carry_in            ; C = 1: the carry goes back in at the top
round_rts:  rts

; ---- sign, zero, negation --------------------------------------------------------------

; ZEROFC: FAC = 0 (exponent and sign; the mantissa bytes stay). Returns A = 0.
zerofc: lda #0
        sta facexp
        sta facsgn
        rts

; SIGN: A = 0 for 0, 1 for positive, $FF for negative.
sign:   lda facexp
        beq sign_rts
fcsign: lda facsgn
sign_of_bit7:                   ; A = $FF if A's bit 7 is set, else 1
        asl a
        lda #$FF
        bcs sign_rts
        lda #1
sign_rts:
        rts

; SGN: FAC = sgn(FAC) as a number.
sgn:    jsr sign
        ; fall into float

; FLOAT: FAC = A as a signed byte. FLOATS: FAC = facho:facmoh as a signed word. FLOATC:
; FAC = facho:facmoh as a magnitude with exponent X, negative when C = 0.
float:  sta facho
        stz facmoh
        ldx #$88
floats: lda facho
        eor #$FF
        asl a                   ; C = 1 when the word is positive
floatc: lda #0
        sta faclo
        sta facmo
        stx facexp
        sta facov
        sta facsgn
        ; fall into fadflt

; fadflt: normalise FAC; when C = 0 it first takes the two's complement (a negative
; integer that FLOATS/INT left in the mantissa becomes a magnitude with sign $FF).
fadflt: bcs normal
        jsr negfac
        ; fall into normal

; NORMAL: shift the mantissa (with facov) left until its top bit is set, the exponent down
; by as many. Whole bytes first; 32 bits of zeros (whatever facov holds) make it 0, and so
; does an exponent that would reach 0 or below.
normal: ldy #0                  ; (Y = 0 and X = the top byte found, as the official's)
        sty ncnt
@byte:  ldx facho
        bne @bits
        ldx facmoh
        stx facho
        ldx facmo
        stx facmoh
        ldx faclo
        stx facmo
        ldx facov
        stx faclo
        sty facov
        lda ncnt
        clc
        adc #8
        sta ncnt
        cmp #32
        bne @byte
        jmp zerofc
@shl:   inc ncnt
        asl facov
        rol faclo
        rol facmo
        rol facmoh
        rol facho
@bits:  bpl @shl                ; N from facho
        lda facexp
        sec
        sbc ncnt
        bcc @zero
        beq @zero
        sta facexp
        clc
        rts
@zero:  jmp zerofc

; NEGFAC: FAC = -FAC as the two's complement of mantissa and facov, the sign flipped.
negfac: lda facsgn
        eor #$FF
        sta facsgn
negfch: lda facho                ; X and Y are kept
        eor #$FF
        sta facho
        lda facmoh
        eor #$FF
        sta facmoh
        lda facmo
        eor #$FF
        sta facmo
        lda faclo
        eor #$FF
        sta faclo
        lda facov
        eor #$FF
        sta facov
        inc facov
        bne @done
        inc faclo
        bne @done
        inc facmo
        bne @done
        inc facmoh
        bne @done
        inc facho
@done:  rts

; NEGOP: FAC = -FAC (the sign only; 0 stays).
negop:  lda facexp
        beq @done
        lda facsgn
        eor #$FF
        sta facsgn
@done:  rts

; ABS: FAC = |FAC|.
abs:    lsr facsgn
        rts

; FCOMP: compare FAC with the packed number at (A lo, Y hi): A = 0 equal, 1 FAC greater,
; $FF FAC smaller. FAC counts as rounded (facov's top bit).
fcomp:  sta index2
        sty index2+1
        ldy #0
        lda (index2),y
        iny
        tax
        jeq sign                ; against 0: FAC's own sign (Y = 1, as the official's)
        lda (index2),y
        eor facsgn
        jmi fcsign              ; signs differ: FAC's sign decides
        cpx facexp              ; same sign: compare magnitudes; C = 1 when MEM's is larger
        bne @differ
        lda (index2),y
        ora #$80
        cmp facho
        bne @differ
@mid:   iny
        cpy #4
        beq @last
        lda (index2),y
        cmp facexp,y            ; facmoh, facmo
        beq @mid
        bra @differ
@last:  lda #$7F
        cmp facov               ; borrow when FAC would round up
        lda (index2),y
        sbc faclo
        jeq sign_rts            ; equal: A = 0
@differ:
        lda facsgn              ; larger MEM magnitude: FAC is the smaller one if positive
        jcc sign_of_bit7
        eor #$FF
        jmp sign_of_bit7

; ---- integers --------------------------------------------------------------------------

; QINT: facho..faclo = the integer part of FAC, rounded down (toward minus infinity), as a
; signed 32-bit number high byte first. Magnitudes of 2^31 and more give 0 or -1 (the
; official's shift count wraps there). Returns Y = 0.
qint:   lda facexp
        bne @nz
        sta facho
        sta facmoh
        sta facmo
        sta faclo
        tay
        rts
@nz:    bit facsgn
        bpl @pos
        jsr negfch              ; negative: two's complement, shifted in with sign bits
@pos:   lda #$A0
        sec
        sbc facexp              ; bits to shift right
        bcc @fill
        beq @fill
        tay
        lda facsgn
        and #$80
        beq :+
        lda #$FF
:       sta mtmp                ; the sign byte shifted in
@byte:  cpy #8
        bcc @bits
        lda faclo
        sta facov
        lda facmo
        sta faclo
        lda facmoh
        sta facmo
        lda facho
        sta facmoh
        lda mtmp
        sta facho
        tya
        sbc #8                  ; C = 1 from cpy
        tay
        bra @byte
@bits:  cpy #0
        beq @done
@shr:   lda mtmp
        asl a                   ; C = the sign
        ror facho
        ror facmoh
        ror facmo
        ror faclo
        ror facov
        dey
        bne @shr
@done:  ldy #0
        ldx #facexp             ; (X as the official leaves it)
        rts
@fill:  lda facsgn
        and #$80
        beq :+
        lda #$FF
:       sta facho
        sta facmoh
        sta facmo
        sta faclo
        ldy #0
        ldx #facexp
        rts

; INT: FAC = the greatest integer not above FAC (rounded first, so .9+.1 gives 1).
int:    lda facexp
        cmp #$A0
        bcs @done               ; 2^31 and up: already an integer
        jsr round
        jsr qint
        sty facov
        lda facsgn
        sty facsgn
        eor #$80
        asl a                   ; C = 0 when negative: fadflt negates it back
        lda #$A0
        sta facexp
        ldx faclo
        stx integr
        jmp fadflt
@done:  rts

; AYINT: facmo:faclo = FAC as a signed word (high, low); -32768 and up to 32767.
ayint:  lda facexp
        cmp #$90
        jcc qint
        lda #<n32768
        ldy #>n32768
        jsr fcomp
        jeq qint
fcerr:  ldx #ERR_FC
        jmp math_error

; GIVAYF: FAC = A (high) : Y (low) as a signed word.
givayf: sta facho
        sty facmoh
        ldx #$90
        jmp floats

; GETADR: A (high), Y (low) = FAC as an unsigned word (0-65535).
getadr: lda facsgn
        bmi fcerr
        lda facexp
        cmp #$91
        bcs fcerr
        jsr qint
        lda facmo
        ldy faclo
        rts

; math_error: X = BASIC's error number. The official library enters BASIC's error handler;
; here the CPU stops (the machine names the place).
overflow:
        ldx #ERR_OV
        jmp math_error

; carry_in: a carry out of the mantissa (C = 1) goes in at the top, one exponent up.
carry_in:
        inc facexp
        beq overflow
        ror facho
        ror facmoh
        ror facmo
        ror faclo
        ror facov
        rts

; ---- addition and subtraction ----------------------------------------------------------

; FSUB: FAC = MEM - FAC. FSUBT: FAC = ARG - FAC.
fsub:   jsr conupk
fsubt:  lda facsgn
        eor #$FF
        sta facsgn
        eor argsgn
        sta arisgn
        lda facexp
        bra bfaddt

; FADDH: FAC = FAC + 0.5.
faddh:  lda #<fhalf
        ldy #>fhalf
        ; fall into fadd

; FADD: FAC = MEM + FAC.
fadd:   jsr conupk
        bra bfaddt

; FINLOG: FAC = FAC + A (a signed byte).
finlog: pha
        jsr movaf
        pla
        jsr float
        ; fall into faddt

; FADDT: FAC = ARG + FAC.
faddt:  jsr prepare
        ; fall into bfaddt

; bfaddt: FAC = ARG + FAC with arisgn set, Z = (facexp = 0). The operand with the smaller
; exponent is shifted right to the other's (truncating; bits past its rounding byte are
; lost), the mantissas are added or subtracted as 40-bit numbers with the rounding bytes.
bfaddt: bne @facnz
        jmp movfa               ; 0 + ARG
@facnz: lda argexp
        bne @argnz
        rts                     ; FAC + 0
@argnz: sec
        sbc facexp
        beq @same
        bcc @argsmall
        ; ARG is larger: FAC takes its exponent and sign and is shifted right
        tay
        lda argexp
        sta facexp
        lda argsgn
        sta facsgn
        stz oldov
        ldx #facexp
        lda facov
        jsr shift_right
        bra @combine
@same:  ldx facov               ; equal exponents: ARG counts as the smaller
        stx oldov
        ldx #argexp
        bra @combine            ; A = 0: ARG's rounding byte
@argsmall:
        eor #$FF                ; C = 0: the negated difference
        adc #1
        tay
        ldx facov
        stx oldov
        ldx #argexp
        lda #0
        jsr shift_right         ; keeps Y = the count
        ; the official takes FAC's rounding byte for ARG's after a shift by a whole
        ; number of bytes from 16 to 136 bits
        tya
        and #7
        bne @keep
        cpy #16
        bcc @keep
        cpy #137
        bcs @keep
        lda facov
        bra @combine
@keep:  lda shov
@combine:                       ; A = the smaller's rounding byte, X = the smaller
        bit arisgn
        bmi @sub
        clc
        adc oldov
        sta facov
        lda faclo
        adc arglo
        sta faclo
        lda facmo
        adc argmo
        sta facmo
        lda facmoh
        adc argmoh
        sta facmoh
        lda facho
        adc argho
        sta facho
        bcc @done
        jmp carry_in
@done:  rts
@sub:   sta mtmp                ; larger - smaller (Y = the larger)
        ldy #facexp
        cpx #argexp
        beq :+
        ldy #argexp
:       sec
        lda oldov
        sbc mtmp
        sta facov
        lda a:4,y
        sbc a:4,x
        sta faclo
        lda a:3,y
        sbc a:3,x
        sta facmo
        lda a:2,y
        sbc a:2,x
        sta facmoh
        lda a:1,y
        sbc a:1,x
        sta facho
        bcs :+
        jsr negfac              ; the smaller was larger after all: negate, flip the sign
:       jmp normal

; shift_right: shift the mantissa at X+1..X+4 (an exponent's address) and the rounding
; byte A right by Y bits, truncating. Returns A = the rounding byte (also in shov), Y kept.
shift_right:
        sta shov
        phy
@byte:  cpy #8
        bcc @bits
        lda a:4,x
        sta shov
        lda a:3,x
        sta a:4,x
        lda a:2,x
        sta a:3,x
        lda a:1,x
        sta a:2,x
        stz a:1,x
        tya
        sbc #8
        tay
        bra @byte
@bits:  cpy #0
        beq @done
@shr:   lsr a:1,x
        ror a:2,x
        ror a:3,x
        ror a:4,x
        ror shov
        dey
        bne @shr
@done:  ply
        lda shov
        rts

; prepare: arisgn = the signs' XOR, Z = (facexp = 0), for the ...T entries.
prepare:
        lda argsgn
        eor facsgn
        sta arisgn
        ldx facexp
        rts

; ---- multiplication --------------------------------------------------------------------

; FMULT: FAC = MEM * FAC. FMULTT: FAC = ARG * FAC.
fmult:  jsr conupk
        bra bfmultt
fmultt: jsr prepare
        ; fall into bfmultt

; bfmultt: the product's mantissa is the 48-bit sum, over each set bit k of ARG's byte j
; (0 = lowest), of FAC:facov (40 bits, shifted left k) with its lowest 3-j bytes dropped;
; its top 40 bits are normalised. ARG's mantissa ends as 0.
bfmultt:
        bne @facnz
        rts                     ; 0 * ARG: FAC stays
@facnz: lda argexp
        jeq @zero
        clc
        adc facexp
        bcc @small
        jmi @ovf                ; 384 and more: too large
        clc
        adc #$80                ; sum - 128
        bra @exp
@small: jpl @zero               ; under 128: too small
        adc #$80
        jeq @zero
@exp:   sta facexp
        lda arisgn
        sta facsgn
        lda facov
        sta a48
        lda faclo
        sta a48+1
        lda facmo
        sta a48+2
        lda facmoh
        sta a48+3
        lda facho
        sta a48+4
        stz a48+5
        ldx #5
:       stz mres,x
        dex
        bpl :-
        lda #8                  ; rounds to go, on the stack
        pha
@round: ldx #3                  ; X = 3 - j: ARG's byte j is argho+X
@term:  lsr argho,x
        bcc @next
        phx                     ; add a48[X..5] into mres[0..5-X]: X runs from X-6
        txa                     ; up to 0 (zero-page indexing wraps), Y from 0
        sec
        sbc #6
        tax
        ldy #0
        clc
@add:   lda mres,y
        adc <(a48+6),x
        sta mres,y
        iny
        inx
        bne @add
        bcc @added
@carry: cpy #6                  ; the carry runs on up
        beq @added
        lda mres,y
        inc a
        sta mres,y
        bne @added
        iny
        bra @carry
@added: plx
@next:  dex
        bpl @term
        asl a48
        rol a48+1
        rol a48+2
        rol a48+3
        rol a48+4
        rol a48+5
        tsx
        dec $0101,x
        bne @round
        pla
        lda mres+5
        sta facho
        lda mres+4
        sta facmoh
        lda mres+3
        sta facmo
        lda mres+2
        sta faclo
        lda mres+1
        sta facov
        jmp normal
@zero:  stz facexp
        stz facsgn
        rts
@ovf:   jmp overflow

; MUL10: FAC = FAC * 10 (as (4 * FAC) + FAC, then doubled).
mul10:  jsr movaf
        tax
        beq @done
        clc
        adc #2
        bcs @ovf
        sta facexp
        stz arisgn
        jsr bfaddt              ; Z is clear
        inc facexp
        beq @ovf
@done:  rts
@ovf:   jmp overflow

; ---- division --------------------------------------------------------------------------

; DIV10: FAC = |FAC| / 10.
div10:  jsr movaf
        ldx #0
        stx arisgn
        lda #<tenc
        ldy #>tenc
        jsr movfm
        bra bfdivt

; FDIV: FAC = MEM / FAC. FDIVT: FAC = ARG / FAC.
fdiv:   jsr conupk
        bra bfdivt
fdivt:  jsr prepare
        ; fall into bfdivt

; bfdivt: FAC (rounded first) divides ARG: 34 quotient bits by shift and subtract, the
; last two in facov's top bits, normalised.
bfdivt: bne @nz
        ldx #ERR_DVO
        jmp math_error
@nz:    jsr round
        lda argexp
        bne :+
        jmp zerofc
:       sec
        sbc facexp              ; exponent = ARG's - FAC's + 129
        bcc @neg
        jmi @ovf
        adc #$7F                ; C = 1: + 128
        bra @exp
@neg:   jpl @zero               ; below -128
        adc #$80
@exp:   sta facexp
        bne @sign
        stz facsgn              ; exactly 0 (the official's path): positive, exponent 1
        bra @up
@sign:  lda arisgn
        sta facsgn
@up:    inc facexp
        beq @ovf
        ldx #4
:       stz quo,x
        dex
        bpl :-
        stz dhi
        lda #34
        sta mcnt
@step:  lda dhi
        bne @one                ; bit 32 set: larger than any divisor
        ldx #0
@cmp:   lda argho,x
        cmp facho,x
        bne @decide
        inx
        cpx #4
        bne @cmp                ; equal: C = 1
@decide:
        bcc @bit
@one:   sec
        lda arglo
        sbc faclo
        sta arglo
        lda argmo
        sbc facmo
        sta argmo
        lda argmoh
        sbc facmoh
        sta argmoh
        lda argho
        sbc facho
        sta argho
        sec
@bit:   rol quo
        rol quo+1
        rol quo+2
        rol quo+3
        rol quo+4
        asl arglo
        rol argmo
        rol argmoh
        rol argho
        lda #0
        rol a
        sta dhi
        dec mcnt
        bne @step
        ldx #6                  ; 34 bits at the top of 40
:       asl quo
        rol quo+1
        rol quo+2
        rol quo+3
        rol quo+4
        dex
        bne :-
        lda quo+4
        sta facho
        lda quo+3
        sta facmoh
        lda quo+2
        sta facmo
        lda quo+1
        sta faclo
        lda quo
        sta facov
        jmp normal
@zero:  jmp zerofc
@ovf:   jmp overflow

; ---- number to text --------------------------------------------------------------------

; FOUT: FAC as text at fbuffr ($0100), NUL-terminated, as BASIC's PRINT shows it: a space
; or "-", up to 9 significant digits, trailing zeros dropped, E notation outside
; 0.01 .. 999999999. FOUTC: the same text from fbuffr-1+Y on. Returns A/Y = fbuffr (the
; text's start for FOUT). FAC is destroyed.
;
; FAC is scaled by tens into 99999999.9 .. 999999999.25 (with MUL10/DIV10, FMULT by 1e9 for
; numbers under 1, as the official does: the same roundings give the same digits), made an
; integer (+0.5, QINT), and the digits come out by repeated adding of -10^8, +10^7, -10^6
; ... (each digit counts the adds until the sign of the sum changes).
fout:   ldy #1
foutc:  lda #' '
        bit facsgn
        bpl :+
        lda #'-'
:       sta fbuffr-1,y
        sta facsgn              ; positive from now on (bit 7 clear)
        sty fbufpt
        iny
        ldx facexp
        bne @nz
        lda #'0'
        sta fbuffr-1,y
        jmp @end
@nz:    lda #0
        cpx #$81
        bcs @count              ; 1 and more: no pre-scaling
        lda #<n1e9
        ldy #>n1e9
        jsr fmult
        lda #$F7                ; -9
@count: sta deccnt              ; the power of ten FAC has been multiplied by, negated
@big:   lda #<n9999             ; above 999999999.25: divide by ten
        ldy #>n9999
        jsr fcomp
        beq @int                ; equal: already as large as it can be, no rounding add
        bpl @down
@small: lda #<n0999             ; at most 99999999.9: multiply by ten
        ldy #>n0999
        jsr fcomp
        beq @up
        bpl @round
@up:    jsr mul10
        dec deccnt
        bne @small
@down:  jsr div10
        inc deccnt
        bne @big
@round: jsr faddh
@int:   jsr qint
        ; where the point goes: E notation for 10^9 and more, or under 0.01
        ldx #1
        lda deccnt
        clc
        adc #10
        bmi @enot
        cmp #11
        bcs @enot1              ; C = 1
        adc #$FF                ; digits before the point: deccnt + 9
        tax
        lda #2                  ; tenexp 0
@enot:  sec
@enot1: sbc #2
        sta tenexp
        stx deccnt
        txa
        beq @point
        bpl @digits
@point: ldy fbufpt              ; no digits before the point: "." (and "0" for .0x)
        iny
        lda #'.'
        sta fbuffr-1,y
        txa
        beq :+
        iny
        lda #'0'
        sta fbuffr-1,y
:       sty fbufpt
@digits:
        ldy #0                  ; offset in foutbl
        ldx #$80                ; bit 7: this digit subtracts (the first does)
@add:   clc
        lda faclo
        adc foutbl+3,y
        sta faclo
        lda facmo
        adc foutbl+2,y
        sta facmo
        lda facmoh
        adc foutbl+1,y
        sta facmoh
        lda facho
        adc foutbl,y
        sta facho
        inx
        ; go on while the carry matches the direction (bit 7 of X): the sum has not yet
        ; changed sign
        bcs :+
        bpl @add
        bra @digit
:       bmi @add
@digit: txa
        bcc :+
        eor #$FF                ; counting up from below: 11 - count
        adc #10
:       adc #'0'-1
        iny
        iny
        iny
        iny
        sty fdecpt
        ldy fbufpt
        iny
        tax
        and #$7F
        sta fbuffr-1,y
        dec deccnt
        bne :+
        lda #'.'
        iny
        sta fbuffr-1,y
:       sty fbufpt
        ldy fdecpt
        txa
        eor #$FF
        and #$80                ; the next digit goes the other way
        tax
        cpy #foutbl_end-foutbl
        bne @add
        ldy fbufpt              ; drop trailing zeros (and a point left at the end)
@strip: lda fbuffr-1,y
        dey
        cmp #'0'
        beq @strip
        cmp #'.'
        beq :+
        iny
:       lda #'+'
        ldx tenexp
        beq @end
        bpl :+
        lda #0
        sec
        sbc tenexp
        tax
        lda #'-'
:       sta fbuffr+1,y          ; "E", the sign, two digits
        lda #'E'
        sta fbuffr,y
        txa
        ldx #'0'-1
        sec
:       inx
        sbc #10
        bcs :-
        adc #'0'+10
        sta fbuffr+3,y
        txa
        sta fbuffr+2,y
        lda #0
        sta fbuffr+4,y
        bra @ret
@end:   lda #0
        sta fbuffr,y
@ret:   lda #<fbuffr
        ldy #>fbuffr
        rts

; ---- text to number --------------------------------------------------------------------

; VAL_1: FAC = the number in the text at (X lo, Y hi), A bytes long, read as BASIC's VAL
; reads it: spaces anywhere are skipped; a sign, digits with one decimal point, then "E"
; with a sign (also the BASIC tokens for + and -) and digits; the first other character
; ends it (no number: 0). The digits are gathered by MUL10 and FINLOG, then the decimal
; exponent applied by MUL10/DIV10, as the official does, for the same roundings. An
; exponent of 100 or more with a + sign is an overflow (math_error X=15). Unlike the
; official (which uses BASIC's string space and needs BASIC's zero page), the text is read
; where it is. Text starting with "$" or "%" (BASIC evaluates it as an expression there)
; stops at math_error with X = $FF; 255 bytes, BASIC's STRING TOO LONG, with X = 23.
val_1:  stx vptr
        sty vptr+1
        sta vlen
        cmp #0
        bne :+
        jmp zerofc
:       inc a
        bne :+
        ldx #ERR_LS
        jmp math_error
:       stz vpos
        jsr chrgot
        bcc @fin
        cmp #'$'
        jeq @expr
        cmp #'%'
        jeq @expr
        sec
@fin:   php
        ldx #10                 ; clear deccnt, tenexp, dptflg, expsgn, FAC and sgnflg
:       stz deccnt,x
        dex
        bpl :-
        plp
        bcc @digit
        cmp #'-'
        bne :+
        stx sgnflg              ; X = $FF
        bra @next
:       cmp #'+'
        bne @other
@next:  jsr chrget
        bcc @digit
@other: cmp #'.'
        beq @point
        cmp #'E'
        bne @scale
        jsr chrget              ; the exponent's sign or first digit
        bcc @edigit
        cmp #TK_MINUS
        beq @eneg
        cmp #'-'
        beq @eneg
        cmp #TK_PLUS
        beq @enext
        cmp #'+'
        beq @enext
        bra @eend
@eneg:  ror expsgn              ; C = 1: negative
@enext: jsr chrget
        bcc @edigit
@eend:  bit expsgn
        bpl @scale
        lda #0
        sec
        sbc tenexp
        bra @scale1
@point: ror dptflg              ; C = 1: bit 7 for the first point, bit 6 too for a second
        bit dptflg
        bvc @next
@scale: lda tenexp
@scale1:
        sec
        sbc deccnt              ; digits after the point scale down
        sta tenexp
        beq @sign
        bpl @mul
@div:   jsr div10
        inc tenexp
        bne @div
        bra @sign
@mul:   jsr mul10
        dec tenexp
        bne @mul
@sign:  lda sgnflg
        bpl :+
        jmp negop
:       rts
@digit: pha
        bit dptflg
        bpl :+
        inc deccnt
:       jsr mul10
        pla
        sec
        sbc #'0'
        jsr finlog
        bra @next
@edigit:                        ; tenexp = tenexp * 10 + the digit (capped at 100)
        sta mtmp
        lda tenexp
        cmp #10
        bcc :+
        lda #100
        bit expsgn
        bmi @eset
        jmp overflow
:       asl a
        asl a
        clc
        adc tenexp
        asl a
        clc
        adc mtmp
        sec
        sbc #'0'
@eset:  sta tenexp
        bra @enext
@expr:  ldx #ERR_UNSUP
        jmp math_error

; chrget: the next character of VAL_1's text, spaces skipped; 0 past its end. C = 0 for a
; digit. chrgot: the current one.
chrget: inc vpos
chrgot: ldy vpos
        lda #0
        cpy vlen
        bcs :+
        lda (vptr),y
:       cmp #':'
        bcs @done               ; not a digit
        cmp #' '
        beq chrget
        sec
        sbc #'0'
        sec
        sbc #$D0                ; C = 0 for '0'-'9', A back as it was
@done:  rts

; ---- polynomials -----------------------------------------------------------------------

; POLYX: FAC = x * P(x^2) for the polynomial at (A lo, Y hi) (a count byte, degree - 1, then
; the coefficients packed, highest first). POLY: FAC = P(x). Horner's rule: each step one
; FMULT and one FADD, x rounded into tempf1/tempf2 first (as the official keeps it).
polyx:  sta polypt
        sty polypt+1
        ldx #tempf1
        ldy #0
        jsr movmf
        lda #tempf1             ; Y = 0
        jsr fmult
        jsr poly1
        lda #tempf1
        ldy #0
        jmp fmult
poly:   sta polypt
        sty polypt+1
poly1:  ldx #tempf2
        ldy #0
        jsr movmf               ; Y = 0
        lda (polypt),y
        sta degree
        inc polypt              ; the first coefficient
        bne :+
        inc polypt+1
:       lda polypt
        ldy polypt+1
@step:  jsr fmult               ; the first time by the coefficient, then by x
        clc
        lda polypt
        adc #5
        sta polypt
        bcc :+
        inc polypt+1
:       lda polypt
        ldy polypt+1
        jsr fadd
        lda #tempf2
        ldy #0
        dec degree
        bne @step
        rts

; ---- square root -----------------------------------------------------------------------

; SQR: FAC = sqrt(FAC) by two Newton steps x' = (x + S/x)/2 from a first estimate: half
; the exponent, the top mantissa byte from sqrtab (the other bytes and facov stay as they
; were, as in the official). A negative FAC is an illegal quantity.
sqr:    lda facexp
        bne :+
        rts
:       bit facsgn
        bpl :+
        jmp fcerr
:       ldx #4                  ; tempf1 = S (exponent and mantissa as they are)
:       ldy facexp,x
        sty tempf1,x
        dex
        bpl :-
        inc a
        lsr a
        php
        clc
        adc #$40
        sta facexp
        lda facho
        asl a
        plp
        ror a                   ; index: the exponent's parity, then the mantissa's 7 bits
        tax
        lda sqrtab,x
        sta facho
        lda #2
        sta sgnflg
@step:  ldx #4
:       lda facexp,x            ; tempf2 = x; ARG = S
        sta tempf2,x
        lda tempf1,x
        sta argexp,x
        dex
        bpl :-
        stz arisgn
        lda facexp
        jsr bfdivt              ; S / x
        ldx #4
:       lda tempf2,x            ; ARG = x
        sta argexp,x
        dex
        bpl :-
        lda facexp
        jsr bfaddt              ; (ARG's sign byte is left as it was, as the official's)
        dec facexp
        dec sgnflg
        bne @step
        rts

; ---- logarithm, exponential, power -----------------------------------------------------

; LOG: FAC = ln(FAC) = (n + log2(f)) * ln 2 for FAC = f * 2^n, log2(f) by a polynomial in
; (f*sqrt(2) - 1)/(f*sqrt(2) + 1) shaped as the official's (fadd, fdiv, fsub, polyx).
log:    jsr sign
        beq @err
        bpl @ok
@err:   jmp fcerr
@ok:    lda facexp              ; C = 0 (sign's shift of a clear bit 7)
        sbc #$7F                ; n = exponent - 128
        pha
        lda #$80
        sta facexp              ; f in [0.5, 1)
        lda #<sqr05
        ldy #>sqr05
        jsr fadd
        lda #<sqr20
        ldy #>sqr20
        jsr fdiv
        lda #<fone
        ldy #>fone
        jsr fsub
        lda #<logcn2
        ldy #>logcn2
        jsr polyx
        lda #<neghlf
        ldy #>neghlf
        jsr fadd
        pla
        jsr finlog
        lda #<log2
        ldy #>log2
        jmp fmult

; EXP: FAC = e^FAC = 2^(FAC*log2 e): the integer part scales the exponent, the fraction goes
; through the polynomial expcon. Too large: an overflow, or 0 for a negative argument.
exp:    lda #<logeb2
        ldy #>logeb2
        jsr fmult
        lda facov
        clc                     ; (the official's FMULT leaves C = 0 here)
        adc #$50
        bcc :+
        jsr incrnd
:       pha                     ; the rounding byte, for the fraction
        jsr movef
        lda facexp
        cmp #$88
        bcs @range              ; |x*log2 e| >= 128
        jsr int
        lda integr
        clc
        adc #$81
        beq @range
        sec
        sbc #1
        tax
        pla
        phx                     ; the scale: 2^integer as an exponent offset
        pha
        ldx #5                  ; swap FAC and ARG: FAC = x*log2 e, ARG = its integer
:       lda argexp,x
        ldy facexp,x
        sta facexp,x
        sty argexp,x
        dex
        bpl :-
        pla
        sta facov
        jsr fsubt
        jsr negop               ; the fraction
        lda #<expcon
        ldy #>expcon
        jsr poly
        stz arisgn
        pla                     ; add the scale to the exponent, checking both ways
        beq @zero
        clc
        adc facexp
        bcc @lo
        bmi @ovf
        clc
        bra @set
@lo:    bpl @zero
@set:   adc #$80
        sta facexp
        bne :+
        sta facsgn              ; exactly 0: positive (as the official's)
        rts
:       lda arisgn
        sta facsgn
        rts
@range: pla
        lda facsgn
        bpl @ovf
@zero:  jmp zerofc
@ovf:   jmp overflow

; FPWR: FAC = ARG ^ MEM. FPWRT: FAC = ARG ^ FAC. exp(y * ln x); a negative x needs an
; integer y (its parity gives the sign), else LOG stops with an illegal quantity. 0^0 = 1.
; y is kept rounded on the stack (the official's tempf3).
fpwr:   jsr movfm
        bra bfpwrt
fpwrt:  jsr prepare
bfpwrt: bne :+
        jmp exp                 ; y = 0: e^0 = 1
:       lda argexp
        bne :+
        jmp zerofc              ; 0^y = 0
:       tsx                     ; 5 bytes on the stack for y
        txa
        sec
        sbc #5
        tax
        txs
        inx                     ; y at $0100+X
        ldy #>$0100
        jsr movmf               ; Y = 0
        lda argsgn
        bpl @pos
        jsr int
        tsx
        inx
        txa
        ldy #>$0100
        jsr fcomp
        bne @pos                ; not an integer: A = $FF makes x negative for LOG
        tya                     ; A = 4: positive
        ldy integr              ; bit 0: odd
@pos:   sta facsgn              ; FAC = |x| (or x when y is not an integer)
        ldx #4
:       lda argexp,x
        sta facexp,x
        dex
        bpl :-
        stz facov
        phy                     ; the parity
        jsr log
        tsx
        inx
        inx                     ; y, above the parity
        txa
        ldy #>$0100
        jsr fmult
        jsr exp
        pla
        tay
        tsx                     ; free y
        txa
        clc
        adc #5
        tax
        txs
        tya
        lsr a
        bcc :+
        jmp negop
:       rts

; ---- trigonometry ----------------------------------------------------------------------

; COS: FAC = cos(FAC) = sin(FAC + pi/2).
cos:    lda #<pi2
        ldy #>pi2
        jsr fadd
        ; fall into sin

; SIN: FAC = sin(FAC): FAC/(2 pi) less its integer part, folded into -1/4 .. 1/4 by
; quadrant, then x * P(x^2) with sincon. TAN reads the quadrant from tansgn.
sin:    jsr movaf
        ldx argsgn
        stx arisgn
        lda #<twopi
        ldy #>twopi
        jsr movfm
        jsr bfdivt              ; ARG / 2 pi with ARG's sign (Z clear)
        jsr movaf
        jsr int
        stz arisgn
        jsr fsubt               ; the fraction
        lda #<fr4
        ldy #>fr4
        jsr fsub                ; 1/4 - fraction
        lda facsgn
        pha
        bpl sin1
        jsr faddh
        lda facsgn
        bmi sin2
        lda tansgn              ; quadrants II and III
        eor #$FF
        sta tansgn
sin1:   jsr negop
sin2:   lda #<fr4
        ldy #>fr4
        jsr fadd
        pla
        bpl :+
        jsr negop
:       lda #<sincon
        ldy #>sincon
        jmp polyx

; TAN: FAC = sin/cos; the cosine from the folded argument SIN left in tempf1. The sine is
; kept rounded on the stack (the official's tempf3).
tan:    ldx #tempf1
        ldy #0
        jsr movmf
        stz tansgn
        jsr sin
        tsx                     ; 5 bytes on the stack for the sine
        txa
        sec
        sbc #5
        tax
        txs
        inx
        ldy #>$0100
        jsr movmf
        lda #tempf1
        ldy #0
        jsr movfm
        stz facsgn
        lda tansgn              ; the cosine's quadrant, into SIN's fold
        jsr cosc
        tsx
        inx
        txa
        ldy #>$0100
        jsr fdiv
        tsx                     ; free the sine
        txa
        clc
        adc #5
        tax
        txs
        rts
cosc:   pha                     ; SIN's tail pulls it as it pulls sin's own quadrant
        jmp sin1

; ATN: FAC = atan(FAC): odd (the sign taken off and put back), atan(x) = pi/2 - atan(1/x)
; for |x| >= 1, x * P(x^2) with atncon.
atn:    lda facsgn
        pha
        bpl :+
        jsr negop
:       lda facexp
        pha
        cmp #$81
        bcc :+
        lda #<fone
        ldy #>fone
        jsr fdiv
:       lda #<atncon
        ldy #>atncon
        jsr polyx
        pla
        cmp #$81
        bcc :+
        lda #<pi2
        ldy #>pi2
        jsr fsub
:       pla
        bpl :+
        jmp negop
:       rts

; ---- random numbers --------------------------------------------------------------------

; RND_0: by the caller's flags: N = 1: FAC becomes the new seed; Z = 1: A, X, Y (entropy)
; make it; else the next number from the seed rndx (times rmulc plus raddc). The mantissa
; bytes are reordered, the old exponent shifted in below, and the result (0 .. 1) stored
; as the next seed.
rnd_0:  bmi @mix
        bne @next
        sta facho
        stx facmoh
        sty facmo
        sta faclo
        bra @norm
@next:  lda #<rndx
        ldy #>rndx
        jsr movfm
        lda #<rmulc
        ldy #>rmulc
        jsr fmult
        lda #<raddc
        ldy #>raddc
        jsr fadd
@mix:   ldx faclo               ; swap the outer and the inner mantissa bytes
        lda facho
        sta faclo
        stx facho
        ldx facmoh
        lda facmo
        sta facmoh
        stx facmo
@norm:  stz facsgn
        lda facexp
        sta facov
        lda #$80
        sta facexp
        jsr normal
        ldx #<rndx
        ldy #>rndx
        jmp movmf

; ---- constants -------------------------------------------------------------------------
n32768: .byte $90, $80, $00, $00, $00   ; -32768
fhalf:  .byte $80, $00, $00, $00, $00   ; 0.5
tenc:   .byte $84, $20, $00, $00, $00   ; 10
n0999:  .byte $9B, $3E, $BC, $1F, $FD   ; 99999999.9
n9999:  .byte $9E, $6E, $6B, $27, $FD   ; 999999999.25
n1e9:   .byte $9E, $6E, $6B, $28, $00   ; 10^9
fone:   .byte $81, $00, $00, $00, $00   ; 1
sqr05:  .byte $80, $35, $04, $F3, $34   ; sqrt(0.5)
sqr20:  .byte $81, $35, $04, $F3, $34   ; sqrt(2)
neghlf: .byte $80, $80, $00, $00, $00   ; -0.5
log2:   .byte $80, $31, $72, $17, $F8   ; ln 2
logeb2: .byte $81, $38, $AA, $3B, $29   ; log2 e
pi2:    .byte $81, $49, $0F, $DA, $A2   ; pi/2
twopi:  .byte $83, $49, $0F, $DA, $A2   ; 2 pi
fr4:    .byte $7F, $00, $00, $00, $00   ; 1/4
rmulc:  .byte $98, $35, $44, $7A, $00   ; RND's multiplier and addend
raddc:  .byte $68, $28, $B1, $46, $00
; polynomial coefficients (the official library's numbers), highest power first
logcn2: .byte 3
        .byte $7F, $5E, $56, $CB, $79   ; 0.43425594188
        .byte $80, $13, $9B, $0B, $64   ; 0.57658454134
        .byte $80, $76, $38, $93, $16   ; 0.96180075921
        .byte $82, $38, $AA, $3B, $20   ; 2.8853900728
expcon: .byte 7
        .byte $71, $34, $58, $3E, $56   ; 0.000021498763697
        .byte $74, $16, $7E, $B3, $1B   ; 0.00014352314036
        .byte $77, $2F, $EE, $E3, $85   ; 0.0013422634824
        .byte $7A, $1D, $84, $1C, $2A   ; 0.0096140170199
        .byte $7C, $63, $59, $58, $0A   ; 0.055505126860
        .byte $7E, $75, $FD, $E7, $C6   ; 0.24022638462
        .byte $80, $31, $72, $18, $10   ; 0.69314718600
        .byte $81, $00, $00, $00, $00   ; 1
sincon: .byte 5
        .byte $84, $E6, $1A, $2D, $1B
        .byte $86, $28, $07, $FB, $F8
        .byte $87, $99, $68, $89, $01
        .byte $87, $23, $35, $DF, $E1
        .byte $86, $A5, $5D, $E7, $28
        .byte $83, $49, $0F, $DA, $A2
atncon: .byte 11
        .byte $76, $B3, $83, $BD, $D3
        .byte $79, $1E, $F4, $A6, $F5
        .byte $7B, $83, $FC, $B0, $10
        .byte $7C, $0C, $1F, $67, $CA
        .byte $7C, $DE, $53, $CB, $C1
        .byte $7D, $14, $64, $70, $4C
        .byte $7D, $B7, $EA, $51, $7A
        .byte $7D, $63, $30, $88, $7E
        .byte $7E, $92, $44, $99, $3A
        .byte $7E, $4C, $CC, $91, $C7
        .byte $7F, $AA, $AA, $AA, $13
        .byte $81, $00, $00, $00, $00

; sqrtab: SQR's first estimate of the top mantissa byte, round(128 * sqrt(m)) for the middle
; m of each index's range (255 at most): indexes 0-127 cover 1 + i/128 (odd exponents),
; 128-255 cover 2 + (i-128)/64. Computed here as round(sqrt(N)), N = 128^2 * m.
sqrtab:
.scope
r .set 128
.repeat 256, i
  .if i < 128
n .set 16448 + 128 * i
  .else
n .set 32896 + 256 * (i - 128)
  .endif
  .repeat 2
    .if (r + 1) * (r + 1) <= n
r .set r + 1
    .endif
  .endrepeat
  .if n > r * r + r
v .set r + 1
  .else
v .set r
  .endif
  .if v > 255
v .set 255
  .endif
        .byte v
.endrepeat
.endscope
foutbl: .dbyt $FA0A, $1F00              ; -10^8 .. -1, signs alternating, 32 bits high first
        .dbyt $0098, $9680              ; 10^7
        .dbyt $FFF0, $BDC0              ; -10^6
        .dbyt $0001, $86A0              ; 10^5
        .dbyt $FFFF, $D8F0              ; -10^4
        .dbyt $0000, $03E8              ; 10^3
        .dbyt $FFFF, $FF9C              ; -100
        .dbyt $0000, $000A              ; 10
        .dbyt $FFFF, $FFFF              ; -1
foutbl_end:

; ---- the jump table ($FE00, the official order) ----------------------------------------
.macro ENTRY target
        jmp target
.endmacro
.macro NONE                     ; not implemented: STP at the entry names the call
        stp
        nop
        nop
.endmacro

.segment "MATH4"
        ENTRY ayint             ; $FE00
        ENTRY givayf            ; $FE03
        ENTRY fout              ; $FE06
        ENTRY val_1             ; $FE09
        ENTRY getadr            ; $FE0C
        ENTRY floatc            ; $FE0F
        ENTRY fsub              ; $FE12
        ENTRY fsubt             ; $FE15
        ENTRY fadd              ; $FE18
        ENTRY faddt             ; $FE1B
        ENTRY fmult             ; $FE1E
        ENTRY fmultt            ; $FE21
        ENTRY fdiv              ; $FE24
        ENTRY fdivt             ; $FE27
        ENTRY log             ; $FE2A
        ENTRY int               ; $FE2D
        ENTRY sqr             ; $FE30
        ENTRY negop             ; $FE33
        ENTRY fpwr            ; $FE36
        ENTRY fpwrt           ; $FE39
        ENTRY exp             ; $FE3C
        ENTRY cos             ; $FE3F
        ENTRY sin             ; $FE42
        ENTRY tan             ; $FE45
        ENTRY atn             ; $FE48
        ENTRY round             ; $FE4B
        ENTRY abs               ; $FE4E
        ENTRY sign              ; $FE51
        ENTRY fcomp             ; $FE54
        ENTRY rnd_0           ; $FE57
        ENTRY conupk            ; $FE5A
        ENTRY conupk            ; $FE5D ROMUPK
        ENTRY movfm             ; $FE60 MOVFRM
        ENTRY movfm             ; $FE63
        ENTRY movmf             ; $FE66
        ENTRY movfa             ; $FE69
        ENTRY movaf             ; $FE6C
        ENTRY faddh             ; $FE6F
        ENTRY zerofc            ; $FE72
        ENTRY normal            ; $FE75
        ENTRY negfac            ; $FE78
        ENTRY mul10             ; $FE7B
        ENTRY div10             ; $FE7E
        ENTRY movef             ; $FE81
        ENTRY sgn               ; $FE84
        ENTRY float             ; $FE87
        ENTRY floats            ; $FE8A
        ENTRY qint              ; $FE8D
        ENTRY finlog            ; $FE90
        ENTRY foutc             ; $FE93
        ENTRY polyx           ; $FE96
        ENTRY poly            ; $FE99
.assert * = $FE9C, error, "math jump table: wrong size"
.endscope

; math_init (bank 0, called at boot): RND's first seed, the official BASIC's cold-start one.
.segment "CODE"
.export math_init
math_init:
        ldx #4
:       lda rnd_seed,x
        sta rndx,x
        dex
        bpl :-
        rts
rnd_seed:
        .byte $80, $4F, $C7, $52, $58

.segment "MATH4C"
.export math_error
math_error:                     ; X = BASIC's error number
        stp
        bra math_error
