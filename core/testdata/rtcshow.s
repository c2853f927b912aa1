; rtcshow.s: the real-time clock at power-on, on the screen for a comparison with the
; official emulator. It prints the RTC's registers 0-6 in hex (i2c_read_byte), then
; clock_get_date_time's r0L-r3H, waits 70 interrupts (over a second) and prints the
; registers again: a clock that powers on stopped at 2000-01-01 00:00:00 shows
; "00 00 00 09 01 21 00" twice. After 60 more interrupts the SMC switches the machine off
; (the official emulator then exits).
.include "prg.inc"

CHROUT         = $FFD2
i2c_read_byte  = $FEC6
i2c_write_byte = $FEC9
r0             = $02

        jsr regs
        jsr $FF50               ; clock_get_date_time
        ldx #0
:       lda r0,x
        jsr hex
        inx
        cpx #8
        bne :-
        jsr newline
        ldy #70
        jsr wait
        jsr regs
        ldy #60
        jsr wait
        ldx #$42
        ldy #$01
        lda #$00
        jsr i2c_write_byte      ; SMC register 1 = 0: power off
        bra *

; regs: registers 0-6 in hex, then a new line.
regs:   ldy #0
:       ldx #$6F
        jsr i2c_read_byte
        jsr hex
        iny
        cpy #7
        bne :-
newline:
        lda #13
        jmp CHROUT

; hex: A as two hex digits and a space (X and Y kept).
hex:    phx
        pha
        lsr
        lsr
        lsr
        lsr
        jsr digit
        pla
        and #15
        jsr digit
        lda #' '
        jsr CHROUT
        plx
        rts
digit:  cmp #10
        bcc :+
        adc #'A'-'0'-10-1       ; C=1 here
:       adc #'0'
        jmp CHROUT

wait:   wai
        dey
        bne wait
        rts
