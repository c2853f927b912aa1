; ymmusic.s: a YM2151 music program, for the sound tests and for comparing with the
; official emulator's -wav output. Interrupts stay masked; time is counted in VSYNCs.
;
; Channel 0 is a pure tone (algorithm 7, only C2 sounding: MUL 1, AR 31, sustain at full
; level, RR 15) for pitch checks; channel 1 an FM bell (algorithm 4, feedback 5). The tune
; plays 8 notes on channel 0, 20 frames on and 10 off: key codes $4A (A4, 440 Hz), $4E
; (C5), $51 (D5), $54 (E5), $58 (G5), $5A (A5), $3A (A3), $2A (A2). Then channel 1 plays
; $44 (E4) for 30 frames with a slow release. Every write waits for the busy flag.
.include "prg.inc"

YM_ADDR = $9F40
YM_DATA = $9F41

        sei
        ldx #0
init:   lda patch,x             ; register, value pairs; register 0 ends
        beq tune
        ldy patch+1,x
        jsr ym_write
        inx
        inx
        bra init

tune:   ldx #0
play:   ldy keys,x
        beq bell
        lda #$28                ; channel 0 key code
        jsr ym_write
        lda #$08                ; key on C2 of channel 0
        ldy #$40
        jsr ym_write
        ldy #20
        jsr frames
        lda #$08                ; key off
        ldy #$00
        jsr ym_write
        ldy #10
        jsr frames
        inx
        bra play

bell:   lda #$08                ; key on all four operators of channel 1
        ldy #$79
        jsr ym_write
        ldy #30
        jsr frames
        lda #$08
        ldy #$01
        jsr ym_write
        ldy #40
        jsr frames
        cli
        rts

; ym_write writes Y to register A, waiting for the busy flag first.
ym_write:
:       bit YM_DATA
        bmi :-
        sta YM_ADDR
        nop                     ; address-to-data setup time
        nop
        sty YM_DATA
        rts

; frames waits for Y VSYNCs.
frames: lda VERA_ISR
        and #1
        beq frames
        sta VERA_ISR
        dey
        bne frames
        rts

keys:   .byte $4A, $4E, $51, $54, $58, $5A, $3A, $2A, 0

patch:  ; channel 0: algorithm 7, both sides; only C2 audible
        .byte $20, $C7, $30, $00, $38, $00
        .byte $40, $01, $48, $01, $50, $01, $58, $01      ; MUL 1
        .byte $60, $7F, $68, $7F, $70, $7F, $78, $00      ; TL: only C2 at full level
        .byte $80, $1F, $88, $1F, $90, $1F, $98, $1F      ; AR 31
        .byte $A0, $00, $A8, $00, $B0, $00, $B8, $00      ; D1R 0
        .byte $C0, $00, $C8, $00, $D0, $00, $D8, $00      ; D2R 0
        .byte $E0, $0F, $E8, $0F, $F0, $0F, $F8, $0F      ; D1L 0, RR 15
        ; channel 1: algorithm 4 (M1->C1 + M2->C2), feedback 5, an FM bell
        .byte $21, $EC, $29, $44, $31, $00, $39, $00
        .byte $41, $03, $49, $07, $51, $01, $59, $01
        .byte $61, $1C, $69, $24, $71, $04, $79, $08
        .byte $81, $1F, $89, $1F, $91, $1F, $99, $1F
        .byte $A1, $08, $A9, $0A, $B1, $05, $B9, $06
        .byte $C1, $02, $C9, $02, $D1, $02, $D9, $02
        .byte $E1, $25, $E9, $25, $F1, $24, $F9, $24
        .byte 0
