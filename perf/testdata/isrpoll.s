; isrpoll.s: interrupts stay off; the main loop polls VERA's ISR for VSYNC
; (`lda $9F27 / and #1 / beq -`) and acknowledges it. Per period: sta ISR 4 + bra 3 +
; jsr 6 + work 2007 + two unconfirmed poll passes 2 x 9 = 2038 of work.
.include "prg.inc"

main:   jsr work                ; 6 + 2007
poll:   lda VERA_ISR            ; 4
        and #1                  ; 2
        beq poll                ; 3 taken, 2 not
        sta VERA_ISR            ; 4: acknowledge (A = 1)
        bra main                ; 3

work:   ldx #200
@loop:  sta $2000,x
        dex
        bne @loop
        rts
