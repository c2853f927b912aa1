; dapdemo.s: the debugger's test program (the DAP session test sets breakpoints on its
; lines, steps through them and reads its variables).
; x16scope: dbgfile
; Each frame it adds 0+1+...+99 into total (a subroutine with a loop), counts the frame in
; counter, and waits for VERA's VSYNC flag with interrupts off.
.include "prg.inc"

counter = $30                   ; frames seen
total   = $31                   ; running sum (wraps)

.proc main
        sei
        stz counter
        stz total
again:  jsr work                ; the session's breakpoint
        inc counter
        lda #1                  ; acknowledge the last VSYNC
        sta VERA_ISR
wait:   lda VERA_ISR            ; and wait for the next one
        and #1
        beq wait
        bra again
.endproc

.proc work
        ldx #0
loop:   txa
        clc
        adc total
        sta total
        inx
        cpx #100
        bne loop
        rts
.endproc
