; waitwai.s: a 60 fps main loop that waits with WAI for its VSYNC interrupt.
;   IRQ: entry 7 + jmp 3 + handler 21 = 31
;   work: 2007 (see flagpoll.s); per period: 31 + jsr 6 + 2007 + bra 3 = 2047 of work.
.include "prg.inc"

start:  lda #$4C                ; "jmp irq" at $0400
        sta $0400
        lda #<irq
        sta $0401
        lda #>irq
        sta $0402
        lda #1
        sta VERA_IEN
        cli
main:   wai
        jsr work                ; 6 + 2007
        bra main                ; 3

irq:    pha                     ; 3
        lda VERA_ISR            ; 4
        sta VERA_ISR            ; 4
        pla                     ; 4
        rti                     ; 6

work:   ldx #200
@loop:  sta $2000,x
        dex
        bne @loop
        rts
