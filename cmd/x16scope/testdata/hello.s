; hello.s: the CLI's end-to-end test program. It prints a line through the emulator
; device's console register ($9FBB), computes the 10th Fibonacci number (55 = $37) with
; a zero-page loop, sets X and Y to known values and returns with RTS, which ends a
; directly started program (PC reaches $FFFF). Expected final state: A=$37 X=$12 Y=$34.
.include "prg.inc"

fib_a = $22
fib_b = $23

        ldx #0
print:  lda message,x
        beq fib
        sta EMU_PUTCHAR
        inx
        bra print

fib:    stz fib_a               ; F(0)
        lda #1
        sta fib_b               ; F(1)
        ldy #10
step:   lda fib_a               ; (a, b) <- (b, a + b)
        clc
        adc fib_b
        ldx fib_b
        stx fib_a
        sta fib_b
        dey
        bne step
        lda fib_a               ; F(10)
        ldx #$12
        ldy #$34
        rts

message:
        .byte "HELLO FROM THE X16", 10, 0
