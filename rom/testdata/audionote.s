; The audio bank's note conversions (notecon_*, ROM bank 10) over 256 inputs each: the
; one-byte notes swept through 0-255 (with a random KF in Y), the frequencies (Hz or PSG
; words) from a seeded 16-bit LFSR, 0-32767, the same for every op of a kind. core/rom_audio_test.go compares the results
; with the official ROM's (and rom/testdata/audionote.golden without it).
;
; Op k (the `ops` table): inputs X at IN+k*$200+i, Y at IN+k*$200+$100+i; results P at
; OUT+k*$300+i, X at +$100, Y at +$200.
.include "prg.inc"
.include "api.inc"
.macpack longbranch

IN   = $7000
OUT  = $4000
seed = $50                      ; 2 bytes: the LFSR
opn  = $52
idx  = $53
pin  = $54                      ; 2 bytes: this op's inputs
pout = $56                      ; 2 bytes: this op's results
mode = $58

        lda rom_bank
        pha
        lda #10
        sta rom_bank
        stz opn
@op:    lda #$3C                ; the same inputs for every op of a kind
        sta seed
        lda #$E1
        sta seed+1
        lda opn                 ; pin = IN + opn*$200, pout = OUT + opn*$300
        asl
        clc
        adc #>IN
        sta pin+1
        stz pin
        lda opn
        asl
        adc opn
        adc #>OUT
        sta pout+1
        stz pout
        lda opn
        asl
        asl
        tax
        lda ops,x
        sta @call+1
        lda ops+1,x
        sta @call+2
        lda ops+2,x
        sta mode
        stz idx
@one:   ldy idx
        lda mode
        bne @freq
        tya                     ; a note: X = the index, Y = a random KF
        sta (pin),y
        jsr rnd
        inc pin+1
        sta (pin),y
        dec pin+1
        bra @call0
@freq:  jsr rnd                 ; a frequency: 0-32767
        sta (pin),y
        jsr rnd
        and #$7F
        inc pin+1
        sta (pin),y
        dec pin+1
@call0: ldy idx
        lda (pin),y
        tax
        inc pin+1
        lda (pin),y
        dec pin+1
        tay
        lda #$A5
@call:  jsr $FFFF
        php
        phy
        ldy idx
        txa
        inc pout+1
        sta (pout),y
        pla
        inc pout+1
        sta (pout),y
        dec pout+1
        dec pout+1
        pla
        sta (pout),y
        inc idx
        jne @one
        inc opn
        lda opn
        cmp #NOPS
        jcc @op
        pla
        sta rom_bank
        DONE

; ops: entry, 0 = a note in X (KF in Y) / 1 = a 16-bit frequency in X/Y, padding
ops:    .word $C01B, 0          ; 0 notecon_bas2fm
        .word $C01E, 0          ; 1 notecon_bas2midi
        .word $C021, 0          ; 2 notecon_bas2psg
        .word $C024, 0          ; 3 notecon_fm2bas
        .word $C027, 0          ; 4 notecon_fm2midi
        .word $C02A, 0          ; 5 notecon_fm2psg
        .word $C02D, 1          ; 6 notecon_freq2bas
        .word $C030, 1          ; 7 notecon_freq2fm
        .word $C033, 1          ; 8 notecon_freq2midi
        .word $C036, 1          ; 9 notecon_freq2psg
        .word $C039, 0          ; 10 notecon_midi2bas
        .word $C03C, 0          ; 11 notecon_midi2fm
        .word $C03F, 0          ; 12 notecon_midi2psg
        .word $C042, 1          ; 13 notecon_psg2bas
        .word $C045, 1          ; 14 notecon_psg2fm
        .word $C048, 1          ; 15 notecon_psg2midi
NOPS = (* - ops) / 4

.include "rnd.inc"
