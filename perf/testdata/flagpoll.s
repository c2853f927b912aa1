; flagpoll.s: a 60 fps main loop that waits for a flag set by its VSYNC interrupt handler
; (`lda flag / beq -`), and on every 10th iteration does 1.2 frames of work instead, so that
; frame's period spans two VSYNCs and overruns. Cycle counts (W65C02S data sheet):
;   IRQ: entry 7 + jmp 3 + handler 26 = 36
;   work: 2 + 200 x (5 + 2 + 3) - 1 + rts 6 = 2007
;   heavy: 2 + 80 x (2 + 1999 + 2 + 3) - 1 + rts 6 = 160487
; The code fits in one page, so no taken branch crosses a page.
.include "prg.inc"

flag  = $22
count = $23

start:  lda #$4C                ; "jmp irq" at $0400, where the test ROM's IRQ vector points
        sta $0400
        lda #<irq
        sta $0401
        lda #>irq
        sta $0402
        lda #10
        sta count
        lda #1
        sta VERA_IEN            ; VSYNC interrupt on
        cli
main:   stz flag                ; 3
        dec count               ; 5
        bne normal              ; 3 taken
        lda #10
        sta count
        jsr heavy
normal: jsr work                ; 6 + 2007
poll:   lda flag                ; 3
        beq poll                ; 3 taken, 2 not
        bra main                ; 3

irq:    pha                     ; 3
        lda VERA_ISR            ; 4
        sta VERA_ISR            ; 4: acknowledge
        lda #1                  ; 2
        sta flag                ; 3
        pla                     ; 4
        rti                     ; 6

work:   ldx #200                ; 2
@loop:  sta $2000,x             ; 5
        dex                     ; 2
        bne @loop               ; 3, 2 on exit
        rts                     ; 6

heavy:  ldy #80                 ; 2
@outer: ldx #200                ; 2
@inner: sta $2000,x             ; 5
        dex                     ; 2
        bne @inner              ; 3, 2 on exit
        dey                     ; 2
        bne @outer              ; 3, 2 on exit
        rts                     ; 6
