; The built-in math library's errors (rom/src/math.s): where the official library enters
; BASIC's error handler, the built-in one stops the CPU at math_error with X = BASIC's error
; number. The program starts with an overflow (FMULT of two numbers near 2^127); the Go
; test (core/rom_math_test.go) then moves the PC to err_dvz (FDIV by 0), err_fc (AYINT of
; 40000) and err_val (VAL_1 of "$FF") in turn. Each stops before its `sta`: $0400-$0403
; stay 0.
.include "prg.inc"
.include "api.inc"

FMULT = $FE1E
FDIV  = $FE24
AYINT = $FE00
MOVFM = $FE63
VAL_1 = $FE09

        stz $0400
        stz $0401
        stz $0402
        stz $0403
        lda #4
        sta rom_bank
        lda #<big
        ldy #>big
        jsr MOVFM
        lda #<big
        ldy #>big
        jsr FMULT               ; stops: X = 15 (OVERFLOW)
        sta $0400
        rts

err_dvz:
        lda #4
        sta rom_bank
        lda #<zero
        ldy #>zero
        jsr MOVFM
        lda #<big
        ldy #>big
        jsr FDIV                ; big / 0 stops: X = 20 (DIVISION BY ZERO)
        sta $0401
        rts

err_fc: lda #4
        sta rom_bank
        lda #<n40000
        ldy #>n40000
        jsr MOVFM
        jsr AYINT               ; stops: X = 14 (ILLEGAL QUANTITY)
        sta $0402
        rts

err_val:                        ; VAL_1 of "$FF" (BASIC would evaluate it): X = $FF
        lda #4
        sta rom_bank
        ldx #<hextext
        ldy #>hextext
        lda #3
        jsr VAL_1
        sta $0403
        rts

hextext: .byte "$FF"
big:    .byte $FE, $40, $00, $00, $00   ; 1.5 * 2^125
zero:   .byte $00, $00, $00, $00, $00
n40000: .byte $90, $1C, $40, $00, $00   ; 40000
