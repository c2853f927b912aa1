; drawhang.s: a program that draws its picture and then, in the same frame, can never go on.
; The byte at $0810 (`mode`, PRG offset 17) says how it ends:
;   0  SEI / JMP *   (a jump to itself with interrupts masked: diagnosed as hung)
;   1  SEI / STP     (the CPU stopped)
;   2  SEI, then a counting loop that never exits but is not diagnosed (the reference)
; On the hardware only the CPU is stuck: VERA keeps scanning out, so the frames after the
; stop show what the program drew, the PSG tone it started plays on, and the VIA timer it
; started keeps counting. Tests
; compare the picture of the three endings frame for frame (core/stuckcpu_test.go) and the
; command line's pictures and profiles (cmd/x16scope).
.include "prg.inc"

CHROUT   = $FFD2
VIA1_T1CL = $9F04
VIA1_T1CH = $9F05
VIA1_ACR  = $9F0B

        jmp start
.assert * = $0810, error, "mode must be at $0810 (PRG offset 17)"
mode:   .byte 0

start:  ldx #0
print:  lda text,x              ; the KERNAL's screen editor draws the text
        beq drawn
        jsr CHROUT
        inx
        bra print
drawn:  lda #$05                ; border colour, straight into VERA
        sta VERA_DC_BORDER
        lda #$40                ; VIA1 T1 free-running: it counts on whatever the CPU does
        sta VIA1_ACR
        lda #$FF
        sta VIA1_T1CL
        sta VIA1_T1CH
        ; Draw a bar of reversed spaces straight into the text map (row 20), which only the
        ; next frames can show: the stop comes in the frame that draws it.
        stz VERA_CTRL
        lda #$00
        sta VERA_ADDR_L
        lda #$B0 + 20           ; map at $1B000, 256 bytes a row
        sta VERA_ADDR_M
        lda #$11                ; bank 1, increment 1
        sta VERA_ADDR_H
        ldx #40
bar:    lda #$A0                ; reversed space
        sta VERA_DATA0
        lda #$61                ; blue on white
        sta VERA_DATA0
        dex
        bne bar
        ; A PSG tone on voice 0 (VRAM $1F9C0: frequency, volume, waveform), which must go
        ; on sounding however the CPU ends.
        lda #$C0
        sta VERA_ADDR_L
        lda #$F9
        sta VERA_ADDR_M
        lda #$11
        sta VERA_ADDR_H
        lda #$00                ; frequency word $0400: about 381 Hz
        sta VERA_DATA0
        lda #$04
        sta VERA_DATA0
        lda #$FF                ; both channels, full volume
        sta VERA_DATA0
        lda #$3F                ; pulse, 50 % duty
        sta VERA_DATA0
        sei
        lda mode
        beq hang
        cmp #1
        beq stop
count:  inc $30                 ; the reference: busy forever, never diagnosed
        bne count
        inc $31
        bra count
hang:   jmp hang
stop:   stp

text:   .byte $93, "DRAWN, THEN STUCK IN THE SAME FRAME", $0D, 0
