; hookret.s: a program that hooks the KERNAL's interrupt vector ($0314) and returns to
; READY, like the starter kit's DEMOS/CONWAYGL: its work goes on in the handler, once a
; frame. The handler counts frames and prints "TICK" through the emulator console
; ($9FBB) at the 30th and "TOCK" at the 90th, then chains to the KERNAL's handler. A run
; that ended at the return would print neither.
.include "prg.inc"

count = $30             ; frames seen by the handler (2 bytes)

        sei
        lda $0314
        sta old
        lda $0315
        sta old+1
        lda #<handler
        sta $0314
        lda #>handler
        sta $0315
        stz count
        stz count+1
        cli
        rts

handler:
        inc count
        bne :+
        inc count+1
:       lda count+1
        bne @chain
        ldx #0
        lda count
        cmp #30
        beq @print
        ldx #tock-tick
        cmp #90
        bne @chain
@print: lda tick,x
        beq @chain
        sta EMU_PUTCHAR
        inx
        bra @print
@chain: jmp (old)

tick:   .byte "TICK", 10, 0
tock:   .byte "TOCK", 10, 0
old:    .word 0
