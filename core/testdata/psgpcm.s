; psgpcm.s: a PSG and PCM sound-effects program, for the sound tests and for comparing
; with the official emulator's -wav output. Interrupts stay masked; time is counted in
; VSYNCs (polling ISR bit 0 and clearing it), so note onsets fall at known frames.
;
; Part 1, PSG: six notes, each 20 frames on and 10 frames off, voice by voice:
;   voice 0 pulse (width 63 = 50%) C4, voice 1 sawtooth E4, voice 2 triangle G4,
;   voice 3 pulse width 16 A4, voice 4 noise (freq 2000), voice 5 pulse C5 left only.
;   PSG frequency word f plays f * 48828.125 / 2^17 Hz.
; Part 2, PCM: 8-bit mono at rate 32 (12207 Hz): a square of 64-sample period
;   (190.7 Hz) filling the FIFO once (4095 bytes, 0.34 s), then silence (underrun).
; Part 3, PCM: 16-bit stereo at rate 64 (24414 Hz): left a square of 32-sample period
;   (763 Hz), right silent; 1023 samples, played to underrun.
; Then the program returns (RTS).
.include "prg.inc"

PSG_H   = $11                   ; ADDR_H: increment 1, bit 16 set ($1F9C0)

        sei
        ldx #0
note:   lda notes,x             ; voice number, $FF ends
        cmp #$FF
        beq pcm
        jsr psg_at              ; point DATA0 at the voice's registers
        lda notes+1,x
        sta VERA_DATA0          ; frequency low
        lda notes+2,x
        sta VERA_DATA0          ; frequency high
        lda notes+3,x
        sta VERA_DATA0          ; right/left enables, volume
        lda notes+4,x
        sta VERA_DATA0          ; waveform, width
        ldy #20
        jsr frames
        lda notes,x
        jsr psg_at
        lda VERA_DATA0          ; skip the frequency bytes
        lda VERA_DATA0
        stz VERA_DATA0          ; both sides off, volume 0
        ldy #10
        jsr frames
        txa
        clc
        adc #5
        tax
        bra note

pcm:    lda #$8F                ; FIFO reset, 8-bit mono, volume 15
        sta VERA_AUDIO_CTRL
        stz VERA_AUDIO_RATE
        ldx #0                  ; 4095 bytes: 32 x $40, 32 x $C0, repeated
        ldy #16
fill8:  txa
        and #$20
        beq :+
        lda #$C0
        bra :++
:       lda #$40
:       sta VERA_AUDIO_DATA
        inx
        bne fill8
        dey
        bne fill8
        lda #32                 ; start: 12207 Hz
        sta VERA_AUDIO_RATE
        ldy #30
        jsr frames

        lda #$BF                ; FIFO reset, 16-bit stereo, volume 15
        sta VERA_AUDIO_CTRL
        stz VERA_AUDIO_RATE
        ldx #0                  ; 1023 samples of 4 bytes: left +/-$3000 every 16, right 0
        ldy #4
fill16: txa
        and #$10
        beq :+
        lda #$D0
        bra :++
:       lda #$30
:       stz VERA_AUDIO_DATA     ; left low
        sta VERA_AUDIO_DATA     ; left high
        stz VERA_AUDIO_DATA     ; right low
        stz VERA_AUDIO_DATA     ; right high
        inx
        bne fill16
        dey
        bne fill16
        lda #64                 ; start: 24414 Hz
        sta VERA_AUDIO_RATE
        ldy #15
        jsr frames
        stz VERA_AUDIO_RATE
        cli
        rts

; psg_at points port 0 at voice A's first register.
psg_at: asl
        asl
        clc
        adc #$C0
        stz VERA_CTRL
        sta VERA_ADDR_L
        lda #$F9
        sta VERA_ADDR_M
        lda #PSG_H
        sta VERA_ADDR_H
        rts

; frames waits for Y VSYNCs.
frames: lda VERA_ISR
        and #1
        beq frames
        sta VERA_ISR            ; acknowledge
        dey
        bne frames
        rts

; voice, frequency (16 bits), R/L/volume, waveform/width
notes:  .byte 0, <702,  >702,  $FF, $3F
        .byte 1, <885,  >885,  $FF, $7F
        .byte 2, <1052, >1052, $FF, $BF
        .byte 3, <1181, >1181, $FF, $10
        .byte 4, <2000, >2000, $FF, $C0
        .byte 5, <1405, >1405, $7F, $3F
        .byte $FF
