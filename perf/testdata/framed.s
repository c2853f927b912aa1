; framed.s: a guest that frames its work with $F0 ... $F1 and puts it in region 1. On the
; 5th iteration it also enters region 2 and forgets to leave it; the $F1 closes it, so it
; costs only that one guest frame. Work per period ($F0 to $F0, VSYNC IRQ in the gap):
;   sta $F0 7 + lda 2 + sta 7 + jsr work 2013 + stz 7 + dec 5 + bne 3 + lda #$F1 2 = 2046,
;   plus the IRQ (7 + 3 + 26 = 36): 2082.
; The forgetful iteration: bne not taken 2 (not 3), lda #2 2, sta 7: 2046 - 3 + 2 + 2 + 7
;   = 2054, plus 36: 2090; region 2 holds its store (7) and the lda #$F1 (2): 9.
.include "prg.inc"

flag  = $22
count = $23

start:  lda #$4C
        sta $0400
        lda #<irq
        sta $0401
        lda #>irq
        sta $0402
        lda #5
        sta count
        lda #1
        sta VERA_IEN
        cli
main:   lda #$F0
        sta EMU_MARKER          ; 7: guest frame begins
        lda #1                  ; 2
        sta EMU_MARKER          ; 7: enter region 1
        jsr work                ; 6 + 2007
        stz EMU_MARKER          ; 7: leave region 1
        dec count               ; 5
        bne done                ; 3 taken
        lda #2                  ; 2
        sta EMU_MARKER          ; 7: enter region 2, never left
done:   lda #$F1                ; 2
        sta EMU_MARKER          ; guest frame ends: waiting from this store on
poll:   lda flag
        beq poll
        stz flag
        bra main

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
