; bootstate: the machine's state as a program finds it at its first instruction, dumped to
; RAM at $4000 for core/rom_bootstate_test.go, which runs it on both ROMs and compares.
; Nothing is changed before it is read: the registers and flags are saved by the first
; instructions, zero page is copied with absolute,X loads (no zero-page pointer of our own),
; and VERA's views are selected only after the plain registers are read.
; Layout of the dump (offsets from $4000, kept in step with the Go test's constants):
;   $000 P, S, A, X, Y at entry, RAM bank ($00), ROM bank ($01)
;   $010 VERA CTRL, IEN, IRQLINE_L, then $9F29-$9F2C for DCSEL 0-6 (7 x 4 bytes)
;   $030 VERA $9F2D-$9F3C (layer 0, layer 1, AUDIO_CTRL, AUDIO_RATE) and SPI_CTRL ($9F3F)
;   $048 ADDR0 L/M/H, ADDR1 L/M/H (KERNAL-private: the last address the KERNAL used)
;   $050 VIA1 DDRB, DDRA, T1LL, T1LH, ACR, PCR, IER; $057 the same for VIA2; $05E VIA1 PB
;   $060 screen_mode (C=1): A, X, Y; SCREEN: X, Y
;   $080 palette entries 0-15 (VRAM $1FA00, 32 bytes)
;   $100 zero page $00-$FF
;   $200 $0314-$033F (the RAM vectors)
;   $230 the PSG's registers (VRAM $1F9C0-$1F9FF: 16 voices x 4 bytes)
;   $270 sprite attributes 0-3 (VRAM $1FC00, 32 bytes)
;   $2FF $A5 when the dump is complete
;   $300 the YM2151's registers $20-$FF as ym_read (bank 10, C=0) has them: the default
;        instruments audio_init loads at boot (224 bytes)
; It returns with RTS, or ends with JMP $FFFF when exit_ffff is set (the official
; emulator exits there and, with -dump R, writes its RAM to dump.bin).
.include "prg.inc"

DUMP = $4000
screen_mode = $FF5F
SCREEN      = $FFED

        php
        sta DUMP+2
        stx DUMP+3
        sty DUMP+4
        pla
        sta DUMP+0
        tsx
        stx DUMP+1              ; S as the caller left it (its return address on top)
        ; zero page first, before any KERNAL call can change it
        ldx #0
:       lda $00,x
        sta DUMP+$100,x
        inx
        bne :-
        lda $00
        sta DUMP+5
        lda $01
        sta DUMP+6
        ldx #$2B
:       lda $0314,x
        sta DUMP+$200,x
        dex
        bpl :-

        ; VERA: CTRL as found, then each DCSEL view of $9F29-$9F2C
        lda VERA_CTRL
        sta DUMP+$10
        lda VERA_IEN
        sta DUMP+$11
        lda VERA_IRQLINE
        sta DUMP+$12
        ldy #0                  ; DCSEL
        ldx #0                  ; dump index
@dc:    tya
        asl
        sta VERA_CTRL
        lda VERA_DC_VIDEO
        sta DUMP+$13,x
        lda VERA_DC_HSCALE
        sta DUMP+$14,x
        lda VERA_DC_VSCALE
        sta DUMP+$15,x
        lda VERA_DC_BORDER
        sta DUMP+$16,x
        inx
        inx
        inx
        inx
        iny
        cpy #7
        bne @dc
        stz VERA_CTRL
        ldx #0
:       lda VERA_L0_CONFIG,x
        sta DUMP+$30,x
        inx
        cpx #VERA_AUDIO_RATE-VERA_L0_CONFIG+1
        bne :-
        lda VERA_SPI_CTRL
        sta DUMP+$30,x
        ; both address ports (ADDRSEL 0 and 1)
        ldx #0
:       lda VERA_ADDR_L
        sta DUMP+$48,x
        lda VERA_ADDR_M
        sta DUMP+$49,x
        lda VERA_ADDR_H
        sta DUMP+$4A,x
        lda #1
        sta VERA_CTRL
        inx
        inx
        inx
        cpx #6
        bne :-
        stz VERA_CTRL

        ; the VIAs' configuration registers (none of these reads has a side effect)
        ldx #0
:       ldy @via_regs,x
        lda VIA1_BASE,y
        sta DUMP+$50,x
        inx
        cpx #@via_end-@via_regs
        bne :-
        bra @pal
@via_regs:
        .byte $02, $03, $06, $07, $0B, $0C, $0E                 ; VIA1
        .byte $12, $13, $16, $17, $1B, $1C, $1E                 ; VIA2
        .byte $00                                               ; VIA1 port B
@via_end:

@pal:   ; palette 0-15 through port 0
        stz VERA_ADDR_L
        lda #$FA
        sta VERA_ADDR_M
        lda #$11
        sta VERA_ADDR_H
        ldx #0
:       lda VERA_DATA0
        sta DUMP+$80,x
        inx
        cpx #32
        bne :-

        ; the PSG (port 0 goes on from $1F9C0) and the first sprites
        lda #$F9
        sta VERA_ADDR_M
        lda #$C0
        sta VERA_ADDR_L
        ldx #0
:       lda VERA_DATA0
        sta DUMP+$230,x
        inx
        cpx #64
        bne :-
        stz VERA_ADDR_L
        lda #$FC
        sta VERA_ADDR_M
        ldx #0
:       lda VERA_DATA0
        sta DUMP+$270,x
        inx
        cpx #32
        bne :-

        ; what the KERNAL reports of the screen
        sec
        jsr screen_mode
        sta DUMP+$60
        stx DUMP+$61
        sty DUMP+$62
        jsr SCREEN
        stx DUMP+$63
        sty DUMP+$64

        ; the YM2151 as the boot's audio_init left it, through the audio bank's shadow
        lda $01
        pha
        lda #10
        sta $01
        ldx #$20
:       clc
        jsr $C081               ; ym_read: A = register X
        sta DUMP+$300-$20,x
        inx
        bne :-
        pla
        sta $01

        lda #$A5
        sta DUMP+$2FF
        sta $04FF               ; DONE flag of the test helpers
        lda exit_ffff
        bne :+
        rts
:       jmp $FFFF               ; the official emulator's exit: with -dump R it saves RAM

; The Go test sets this byte in a copy of the PRG for the official emulator run.
exit_ffff:
        .byte 0
