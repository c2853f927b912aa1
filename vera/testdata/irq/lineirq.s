; lineirq.s: VERA interrupt timing seen by a program. It lives in testdata/irq/ because the
; golden-frame test runs every testdata/*.prg. With I=1, WAI resumes when VERA's IRQ line
; asserts and no handler runs, so no ROM is needed. After each wake-up the program
; latches the emulator's cycle counter ($9FB8, counting from power-on) and stores what it
; read at RESULT for interrupts_test.go:
;   +0..3   counter at the first instruction after a LINE interrupt for line 100
;   +4      SCANLINE_L read right after it
;   +5      ISR read right after it
;   +6..9   counter after a VSYNC interrupt
;   +10..13 counter after a LINE interrupt for line 300 (IRQLINE bit 8 via IEN bit 7)
;   +14     IEN read right after it (IRQLINE bit 8 and SCANLINE bit 8)
;   +15     SCANLINE_L read right after it
.include "prg.inc"

RESULT = $0400

        sei
        ; LINE at line 100. The status bits may already be set (line 0 matched the reset
        ; IRQLINE of 0), so acknowledge everything before enabling.
        lda #100
        sta VERA_IRQLINE
        lda #$07
        sta VERA_ISR
        lda #$02                ; LINE only, IRQLINE bit 8 = 0
        sta VERA_IEN
        wai
        lda EMU_COUNTER0        ; first instruction after the wake-up: latches the counter
        sta RESULT
        lda EMU_COUNTER1
        sta RESULT+1
        lda EMU_COUNTER2
        sta RESULT+2
        lda EMU_COUNTER3
        sta RESULT+3
        lda VERA_IRQLINE        ; SCANLINE_L
        sta RESULT+4
        lda VERA_ISR
        sta RESULT+5

        ; VSYNC
        lda #$07
        sta VERA_ISR
        lda #$01
        sta VERA_IEN
        wai
        lda EMU_COUNTER0
        sta RESULT+6
        lda EMU_COUNTER1
        sta RESULT+7
        lda EMU_COUNTER2
        sta RESULT+8
        lda EMU_COUNTER3
        sta RESULT+9

        ; LINE at line 300 of the next frame
        lda #$07
        sta VERA_ISR
        lda #<300
        sta VERA_IRQLINE
        lda #$80 | $02          ; IRQLINE bit 8, LINE only
        sta VERA_IEN
        wai
        lda EMU_COUNTER0
        sta RESULT+10
        lda EMU_COUNTER1
        sta RESULT+11
        lda EMU_COUNTER2
        sta RESULT+12
        lda EMU_COUNTER3
        sta RESULT+13
        lda VERA_IEN
        sta RESULT+14
        lda VERA_IRQLINE
        sta RESULT+15
        rts                     ; StartPRG's return address: PC $FFFF ends the run
