; farcall.s: far calls through the KERNAL's JSRFAR ($FF6E: jsr $FF6E / .word target /
; .byte bank) timed by the program with the emulator's cycle counter (stamp.inc), on a real
; KERNAL: the official one enters the target by JSR to its RAM trampoline jmpfr ($02DF, a
; JMP to the target), x16scope's built-in one by RTS. Each far call is one call of its target
; in the call profile, its inclusive the cycles the program measures around the JSR $FF6E.
; Interrupts are masked while it measures; every far call runs in the frame after a VSYNC.
; Stamps (stamps+4n):
;   0, 1    the calibration pair
;   2 [far call banked, RAM bank 1] 3; in banked 8 [jsr leaf1] 9
;   4 [far call RDTIM $FFDE, ROM bank 0] 5
;   6 [far call lowfar, $0800-$9EFF] 7; in lowfar 10 [jsr leaf2] 11
; then done is set to 1 and the program returns to BASIC.
.include "prg.inc"
.include "stamp.inc"

ram_bank = $00

start:  sei
        lda ram_bank
        pha
        lda #1
        sta ram_bank
        ldx #banked_end-banked_src-1
copy:   lda banked_src,x        ; banked goes to $A000 of RAM bank 1
        sta $A000,x
        dex
        bpl copy
        pla
        sta ram_bank
        lda #1
        sta VERA_ISR            ; clear a VSYNC already flagged
sync:   lda VERA_ISR            ; wait for the next VSYNC (interrupts are masked)
        and #1
        beq sync

        STAMP 0                 ; the calibration pair
        STAMP 1

        STAMP 2
        jsr $FF6E
        .word banked
        .byte 1
        STAMP 3

        STAMP 4
        jsr $FF6E
        .word $FFDE             ; RDTIM
        .byte 0
        STAMP 5

        STAMP 6
        jsr $FF6E
        .word lowfar
        .byte 0
        STAMP 7

        lda #1
        sta done
        cli
        rts

lowfar: WORK 9
        STAMP 10
        jsr leaf2
        STAMP 11
        WORK 4
        rts

leaf1:  WORK 21
        rts

leaf2:  WORK 17
        rts

banked_src:
        .org $A000
banked: WORK 12
        STAMP 8
        jsr leaf1
        STAMP 9
        WORK 6
        rts
        .reloc
banked_end:
.assert banked_end-banked_src <= 128, error, "banked is copied with an 8-bit index"

.segment "DATA"
done:   .byte 0
stamps: .res 4*12
