; idlepoll.s: loops that wait on things the machine's idle-loop fast-forward (core/idle.go)
; must get exactly right. Each wait ends by latching the $9FB8 cycle counter into a table at
; $0200, so a wait that ends one cycle late shows. TestIdleSkipTricky runs it with and without
; fast-forward and compares.
;  1. SCANLINE ($9F28) reaching 100, three times: its value changes at line starts.
;  2. ISR's AFLOW bit (3) while the PCM FIFO drains, with AFLOW's interrupt disabled: it
;     changes between line starts, at a time only the FIFO knows (vera.StableUntil).
;  3. VIA1's T1 flag in IFR: VIA reads are never fast-forwarded, but must still work.
;  4. A jump to itself at the end (idle forever).
.include "prg.inc"

out  = $0200                    ; 4-byte counter stamps
done = $22

start:  sei
        stz done
        ldx #0
; 1. SCANLINE
scan:   lda VERA_IRQLINE
        cmp #100
        bne scan
        jsr stamp
away:   lda VERA_IRQLINE        ; wait for the line to pass
        cmp #100
        beq away
        cpx #12
        bne scan
; 2. AFLOW: fill the FIFO with 2,048 bytes at the full rate, then wait for it to drop
; below a quarter (1,024 bytes).
        lda #$80                ; AUDIO_CTRL bit 7: reset the FIFO; 8-bit mono
        sta VERA_AUDIO_CTRL
        ldy #8                  ; 8 x 256 bytes
fill:   lda #0
fill2:  sta VERA_AUDIO_DATA
        dec a
        bne fill2
        dey
        bne fill
        lda #128                ; rate 128: 48,828 bytes a second, so about 168,000 cycles
        sta VERA_AUDIO_RATE
aflow:  lda VERA_ISR
        and #8
        beq aflow
        jsr stamp
        stz VERA_AUDIO_RATE
; 3. VIA1 T1 one-shot of 5,000 cycles, polled through IFR bit 6.
        lda #<5000
        sta VIA1_BASE+4         ; T1 latch low
        lda #>5000
        sta VIA1_BASE+5         ; T1 counter high: starts the timer
t1:     lda VIA1_BASE+13        ; IFR
        and #$40
        beq t1
        jsr stamp
        lda #$AA
        sta done
end:    bra end

stamp:  lda EMU_COUNTER0        ; latches the counter
        sta out,x
        lda EMU_COUNTER1
        sta out+1,x
        lda EMU_COUNTER2
        sta out+2,x
        lda EMU_COUNTER3
        sta out+3,x
        inx
        inx
        inx
        inx
        rts
