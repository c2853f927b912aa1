; An unimplemented call stops the program: with $0410 = 0 the jump-table slot $FF65
; (PFKEY, which the X16 KERNAL leaves empty), with $0410 = 1 extapi function $42, with 2 the
; audio bank's bas_fmplaystring ($C006, through JSRFAR: one the built-in ROM lacks). The
; byte at $0411 becomes 1 only if the program went on after the call (it must not).
.include "prg.inc"
.include "api.inc"

        stz $0411
        lda $0410
        beq @pfkey
        cmp #2
        bne @ext
        jsr JSRFAR
        .word $C006
        .byte 10
        bra @after
@pfkey: jsr $FF65
        bra @after
@ext:   lda #$42
        jsr $FEAB
@after: lda #1
        sta $0411
        DONE
