; echo.s: reads one line from the keyboard with CHRIN (the KERNAL's line editor) and writes
; it to the host console ($9FBB) with a newline, then returns. The CLI tests type the line
; with --type or --keys.
.include "prg.inc"
CHRIN = $FFCF

loop:   jsr CHRIN
        cmp #$0D
        beq done
        sta EMU_PUTCHAR
        bra loop
done:   lda #10
        sta EMU_PUTCHAR
        rts
