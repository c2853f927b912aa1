; calls.s: routine calls timed by the program itself with the emulator's cycle counter, so
; that the test can hold the call profile (PROFILER.md section 7) to them: a STAMP (stamp.inc)
; right before a JSR and one right after it returns bracket exactly the JSR, the routine and
; its RTS, which is a call's inclusive figure. Stamps inside a routine measure its callees,
; and the profiler's exclusive figures follow (inclusive less the direct callees').
;
; Runs on the test ROM (perf/programs_test.go testROM: IRQ vector $0400), interrupts masked
; except for case 3. All cases run in one frame: the program waits for a VSYNC first.
; Stamps (stamps+4n):
;   0, 1    the calibration pair (back to back)
;   1. nested: 2 [jsr nest_a] 3; in nest_a 4 [jsr nest_b] 5; in nest_b 6 [jsr nest_c] 7
;   2. recursion: 8 [jsr rec] 9, rec calling itself RECDEPTH deep
;   3. interrupt: 10 [jsr longr] 11 with no interrupt, then 12 [jsr longr] 13 with VIA1's
;      timer 1 firing once inside; the handler is IRQCYCLES by hand
;   4. dropped return address: 14 [jsr pop_outer] 15; in pop_outer 16 [jsr pop_inner];
;      pop_inner pulls it (pla: stamp 17, pla) and returns to pop_outer's caller
;   5. tail call: 18 [jsr tail_first] 19, tail_first ends in jmp tail_other
;   6. RTS as a computed jump: 20 [jsr dispatch] 21, dispatch pushes jumped-1 and RTSes there
;   7. stack reset: 22 [jsr reset_a]; in reset_a 23 [jsr reset_b]; reset_b does ldx #$FF /
;      txs, stamp 24
; then done is set to 1 and the program loops at finished.
.include "prg.inc"
.include "stamp.inc"

RECDEPTH = 5
irqs    = $30                   ; interrupts taken (case 3)
depth   = $31                   ; recursion levels left (case 2)

VIA1_T1CL = VIA1_BASE+4
VIA1_T1CH = VIA1_BASE+5
VIA1_ACR  = VIA1_BASE+11
VIA1_IER  = VIA1_BASE+14

start:  lda #$4C                ; "jmp irq" at $0400, where the test ROM's IRQ vector points
        sta $0400
        lda #<irq
        sta $0401
        lda #>irq
        sta $0402
        stz irqs
        stz VERA_IEN            ; no VERA interrupts: VSYNC is polled
        lda #1
        sta VERA_ISR            ; clear a VSYNC already flagged
sync:   lda VERA_ISR            ; wait for the next VSYNC: every case runs in the frame after it
        and #1
        beq sync

        STAMP 0                 ; the calibration pair
        STAMP 1

        ; 1. nested calls
        STAMP 2
        jsr nest_a
        STAMP 3

        ; 2. recursion
        lda #RECDEPTH
        sta depth
        STAMP 8
        jsr rec
        STAMP 9

        ; 3. an interrupt in the middle of a call: the same routine without, then with one
        STAMP 10
        jsr longr
        STAMP 11
        stz VIA1_ACR            ; timer 1 one-shot
        lda #<600
        sta VIA1_T1CL           ; latch low
        lda #>600
        sta VIA1_T1CH           ; load and start: times out once, ~600 cycles on
        lda #$C0
        sta VIA1_IER            ; timer 1 interrupt on
        cli
        STAMP 12
        jsr longr               ; ~10,000 cycles: the timer fires inside
        STAMP 13
        sei
        lda #$40
        sta VIA1_IER            ; timer 1 interrupt off

        ; 4. a routine whose callee drops its return address
        STAMP 14
        jsr pop_outer
        STAMP 15

        ; 5. a tail call
        STAMP 18
        jsr tail_first
        STAMP 19

        ; 6. an RTS used as a computed jump
        STAMP 20
        jsr dispatch
        STAMP 21

        ; 7. a stack reset closes every open call
        STAMP 22
        jsr reset_a             ; never returns: reset_b goes on at after_reset

; The handler: entry 7 + jmp irq 3 + pha 3 + lda 4 + inc zp 5 + pla 4 + rti 6 = 32 cycles
; (IRQCYCLES in calls_test.go).
irq:    pha                     ; 3
        lda VIA1_T1CL           ; 4: clears timer 1's interrupt flag
        inc irqs                ; 5
        pla                     ; 4
        rti                     ; 6

nest_a: WORK 20
        STAMP 4
        jsr nest_b
        STAMP 5
        WORK 10
        rts

nest_b: WORK 30
        STAMP 6
        jsr nest_c
        STAMP 7
        WORK 5
        rts

nest_c: WORK 40
        rts

rec:    WORK 15
        dec depth
        beq :+
        jsr rec
:       rts

longr:  ldy #8
longr1: WORK 250
        dey
        bne longr1
        rts

pop_outer:
        WORK 12
        STAMP 16
        jsr pop_inner
        ; not reached: pop_inner returns to pop_outer's caller

pop_inner:
        WORK 7
        pla                     ; the return address into pop_outer goes: pop_inner ends here
        STAMP 17
        pla
        WORK 9                  ; pop_outer's again
        rts                     ; back to pop_outer's caller

tail_first:
        WORK 11
        jmp tail_other

tail_other:                     ; entered by JMP only: part of tail_first's call
        WORK 13
        rts

dispatch:
        WORK 6
        lda #>(jumped-1)
        pha
        lda #<(jumped-1)
        pha
        rts                     ; a jump: the stack is back where dispatch's JSR left it

jumped:                         ; entered by RTS only: part of dispatch's call
        WORK 8
        rts                     ; dispatch's return

reset_a:
        WORK 14
        STAMP 23
        jsr reset_b

reset_b:
        WORK 16
        ldx #$FF
        txs                     ; closes reset_b and reset_a
        STAMP 24
        jmp after_reset

after_reset:
        lda #1
        sta done
finished:
        bra finished

.segment "DATA"
done:   .byte 0
stamps: .res 4*25
