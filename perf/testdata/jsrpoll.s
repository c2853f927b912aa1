; jsrpoll.s: a wait loop that calls a subroutine (`jsr getin / beq -`), the automatic
; detector's blind spot: JSR writes the stack, so it reads as work until an idle zone covers
; `poll` and `getin`. With that zone, per period: IRQ 36 + bra 3 + jsr 6 + work 2007 = 2052.
.include "prg.inc"

flag = $22

start:  lda #$4C                ; "jmp irq" at $0400
        sta $0400
        lda #<irq
        sta $0401
        lda #>irq
        sta $0402
        lda #1
        sta VERA_IEN
        cli
main:   jsr work                ; 6 + 2007
poll:   jsr getin               ; 6
        beq poll                ; 3 taken, 2 not
pollend:
        bra main                ; 3

getin:  lda flag                ; like the KERNAL's GETIN: non-zero when something arrived
        beq @none
        stz flag
@none:  rts

irq:    pha                     ; 3
        lda VERA_ISR            ; 4
        sta VERA_ISR            ; 4
        lda #1                  ; 2
        sta flag                ; 3
        pla                     ; 4
        rti                     ; 6

work:   ldx #200
@loop:  sta $2000,x
        dex
        bne @loop
        rts
