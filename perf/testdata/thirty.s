; thirty.s: a 30 fps game loop. The VSYNC handler counts frames; the main loop does 1.5
; frames of work, then waits until two frames have passed since it started.
;   IRQ: entry 7 + jmp 3 + handler 26 = 36
;   work15: 2 + 100 x 2006 - 1 + rts 6 = 200607
.include "prg.inc"

frames = $22

start:  lda #$4C                ; "jmp irq" at $0400
        sta $0400
        lda #<irq
        sta $0401
        lda #>irq
        sta $0402
        lda #1
        sta VERA_IEN
        cli
main:   stz frames              ; 3
        jsr work15              ; 6 + 200607
poll:   lda frames              ; 3
        cmp #2                  ; 2
        bcc poll                ; 3 taken, 2 not
        bra main                ; 3

irq:    pha                     ; 3
        lda VERA_ISR            ; 4
        sta VERA_ISR            ; 4
        inc frames              ; 5
        pla                     ; 4
        rti                     ; 6

work15: ldy #100                ; 2
@outer: ldx #200                ; 2
@inner: sta $2000,x             ; 5
        dex                     ; 2
        bne @inner              ; 3, 2 on exit
        dey                     ; 2
        bne @outer              ; 3, 2 on exit
        rts                     ; 6
