; clock.s: the CLI's --rtc test program. It reads the real-time clock through the KERNAL's
; clock_get_date_time ($FF50) and prints r0L-r3H (year-1900, month, day, hours, minutes,
; seconds, jiffies, weekday) in hex through the emulator's console register ($9FBB), as
; "CLOCK 64 01 01 00 00 00 00 01" for 2000-01-01 00:00:00, weekday 1.
.include "prg.inc"

r0 = $02

        jsr $FF50               ; clock_get_date_time
        ldx #0
:       lda label,x
        beq :+
        sta EMU_PUTCHAR
        inx
        bra :-
:       ldx #0
field:  lda #' '
        sta EMU_PUTCHAR
        lda r0,x
        lsr
        lsr
        lsr
        lsr
        jsr digit
        lda r0,x
        and #15
        jsr digit
        inx
        cpx #8
        bne field
        lda #10
        sta EMU_PUTCHAR
        rts

digit:  cmp #10
        bcc :+
        adc #'A'-'0'-10-1       ; C=1 here
:       adc #'0'
        sta EMU_PUTCHAR
        rts

label:  .byte "CLOCK", 0
