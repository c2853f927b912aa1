; x16scope built-in ROM, bank 10: the audio API's note conversions (notecon_*, X16 Reference
; "Sound Programming"). Notes come as MIDI numbers (0-127), BASIC notes (octave << 4 | note
; 1-12), YM2151 key codes (KC) with a key fraction (KF, the fraction of a semitone: bits
; 7-2 used), VERA PSG frequency words and frequencies in Hz. The tables are the official
; bank's (audiodata.s). A conversion returns C=0 with its result in X (and Y), or C=1 with
; X = Y = 0 for a note that has no equivalent.
.include "kernal.inc"
.macpack longbranch

.export notecon_bas2fm, notecon_bas2midi, notecon_bas2psg, notecon_fm2bas
.export notecon_fm2midi, notecon_fm2psg, notecon_freq2bas, notecon_freq2fm
.export notecon_freq2midi, notecon_freq2psg, notecon_midi2bas, notecon_midi2fm
.export notecon_midi2psg, notecon_psg2bas, notecon_psg2fm, notecon_psg2midi
.import lut_midi2psg_l, lut_midi2psg_h, lut_midi2ymkc, lut_midi2bas, lut_ymkc2midi
.import lut_bas2midi
.import kfd2_l, kfd3_l, kfd4_l, kfd5_l, kfd6_l, kfd7_l
.import kfd2_h, kfd3_h, kfd4_h, kfd5_h, kfd6_h, kfd7_h

freq = $ADC0                    ; RAM bank 0: a PSG frequency being built or taken apart
part = $ADC2                    ; RAM bank 0: a frequency's shifted copy, or a KF
MAX_HZ = 24411                  ; the highest frequency the PSG can make (48828.125 / 2)

; KFADD n: freq += note X's share for KF bit n, if bit n of part is set
.macro KFADD n
.local skip
        lda part
        and #(1 << n)
        beq skip
        lda .ident(.sprintf("kfd%d_l", n)),x
        clc
        adc freq
        sta freq
        lda .ident(.sprintf("kfd%d_h", n)),x
        adc freq+1
        sta freq+1
skip:
.endmacro

; KFSUB n: if note X's share for KF bit n is 0, the KF is done (to kf_done); if it fits in freq,
; it is taken off and bit n set in part
.macro KFSUB n
.local skip
        lda .ident(.sprintf("kfd%d_l", n)),x
        ora .ident(.sprintf("kfd%d_h", n)),x
        jeq kf_done
        lda freq
        cmp .ident(.sprintf("kfd%d_l", n)),x
        lda freq+1
        sbc .ident(.sprintf("kfd%d_h", n)),x
        bcc skip
        lda freq
        sbc .ident(.sprintf("kfd%d_l", n)),x
        sta freq
        lda freq+1
        sbc .ident(.sprintf("kfd%d_h", n)),x
        sta freq+1
        lda part
        ora #(1 << n)
        sta part
skip:
.endmacro

.segment "AUDIO10"

fail:   ldx #0
        ldy #0
        sec
        rts

; notecon_bas2midi: X = BASIC note -> X = MIDI note. Y kept.
notecon_bas2midi:
        txa
        and #$7F                ; (the octave's top bit is ignored)
        tax
        lda lut_bas2midi,x
        cmp #$FF
        beq fail
        tax
        clc
        rts

; notecon_midi2bas: X = MIDI note -> X = BASIC note. Y kept.
notecon_midi2bas:
        txa
        and #$7F
        tax
        lda lut_midi2bas,x
        cmp #$FF
        beq fail
        tax
        clc
        rts

; notecon_midi2fm: X = MIDI note -> X = KC. Y kept.
notecon_midi2fm:
        txa
        and #$7F
        tax
        lda lut_midi2ymkc,x
        cmp #$FF
        beq fail
        tax
        clc
        rts

; notecon_fm2midi: X = KC -> X = MIDI note (KC's unused notes 3, 7, 11 give the next). Y kept.
notecon_fm2midi:
        txa
        and #$7F
        tax
        lda lut_ymkc2midi,x
        tax
        clc
        rts

; notecon_bas2fm: X = BASIC note -> X = KC. Y kept.
notecon_bas2fm:
        jsr notecon_bas2midi
        bcs fail
        jmp notecon_midi2fm

; notecon_fm2bas: X = KC -> X = BASIC note. Y kept.
notecon_fm2bas:
        jsr notecon_fm2midi
        jmp notecon_midi2bas

; notecon_bas2psg: X = BASIC note, Y = KF -> X/Y = PSG frequency.
notecon_bas2psg:
        jsr notecon_bas2midi
        bcs fail
        bra notecon_midi2psg

; notecon_fm2psg: X = KC, Y = KF -> X/Y = PSG frequency.
notecon_fm2psg:
        jsr notecon_fm2midi
        ; fall through

; notecon_midi2psg: X = MIDI note, Y = KF -> X/Y = PSG frequency: the note's, plus for each
; KF bit 7-2 set the share of the semitone above it that the bit stands for.
notecon_midi2psg:
        txa
        and #$7F
        tax
        lda ram_bank
        pha
        stz ram_bank
        php
        sei
        lda lut_midi2psg_l,x
        sta freq
        lda lut_midi2psg_h,x
        sta freq+1
        tya
        jeq m2p_done
        sta part
        KFADD 7
        KFADD 6
        KFADD 5
        KFADD 4
        KFADD 3
        KFADD 2
m2p_done:  ldx freq
        ldy freq+1
        plp
        pla
        sta ram_bank
        clc
        rts

; notecon_freq2psg: X/Y = frequency in Hz (at most 24411) -> X/Y = PSG frequency,
; Hz * 2.6836 (the PSG's step is 48828.125 Hz / 2^17): 2 Hz + Hz/2 + Hz/8 + Hz/32 + Hz/64 +
; Hz/128 + Hz/256 + Hz/1024, each halving's last bit out rounding its term.
notecon_freq2psg:
        cpy #>MAX_HZ
        bcc @ok
        jne fail
        cpx #<(MAX_HZ+1)
        jcs fail
@ok:    lda ram_bank
        pha
        stz ram_bank
        php
        sei
        stx part
        sty part+1
        txa
        asl
        sta freq
        tya
        rol
        sta freq+1
        ldx #0
@term:  ldy halvings,x
:       lsr part+1
        ror part
        dey
        bne :-
        lda part                ; C: the bit shifted out
        adc freq
        sta freq
        lda part+1
        adc freq+1
        sta freq+1
        inx
        cpx #7
        bcc @term
        ldx freq
        ldy freq+1
        plp
        pla
        sta ram_bank
        clc
        rts

halvings:
        .byte 1, 2, 2, 1, 1, 1, 2

; notecon_psg2midi: X/Y = PSG frequency -> X = the MIDI note at or below it, Y = KF: from
; bit 7 down, each bit whose share of the semitone still fits in what is left above the
; note (stopping at the first bit whose share is 0 for that note).
notecon_psg2midi:
        lda ram_bank
        pha
        stz ram_bank
        php
        sei
        stx freq
        sty freq+1
        ldx #0
@find:  lda freq+1              ; the first note above the frequency
        cmp lut_midi2psg_h,x
        bne :+
        lda freq
        cmp lut_midi2psg_l,x
        beq @found              ; the note exactly
:       bcc @above
        inx
        bpl @find
        jmp p2m_err                ; above note 127
@above: dex                     ; the note below it
        jmi p2m_err                ; below note 0
@found: lda freq
        sec
        sbc lut_midi2psg_l,x
        sta freq
        lda freq+1
        sbc lut_midi2psg_h,x
        sta freq+1
        stz part
        KFSUB 7
        KFSUB 6
        KFSUB 5
        KFSUB 4
        KFSUB 3
        KFSUB 2
kf_done:    ldy part
        plp
        pla
        sta ram_bank
        clc
        rts
p2m_err:   plp
        pla
        sta ram_bank
        jmp fail

; notecon_psg2fm: X/Y = PSG frequency -> X = KC, Y = KF.
notecon_psg2fm:
        jsr notecon_psg2midi
        bcs fail2
        jmp notecon_midi2fm

; notecon_psg2bas: X/Y = PSG frequency -> X = BASIC note, Y = KF.
notecon_psg2bas:
        jsr notecon_psg2midi
        bcs fail2
        jmp notecon_midi2bas

; notecon_freq2midi: X/Y = Hz -> X = MIDI note, Y = KF.
notecon_freq2midi:
        jsr notecon_freq2psg
        bcs fail2
        jmp notecon_psg2midi

; notecon_freq2fm: X/Y = Hz -> X = KC, Y = KF.
notecon_freq2fm:
        jsr notecon_freq2midi
        bcs fail2
        jmp notecon_midi2fm

; notecon_freq2bas: X/Y = Hz -> X = BASIC note, Y = KF.
notecon_freq2bas:
        jsr notecon_freq2midi
        bcs fail2
        jmp notecon_midi2bas

fail2:  jmp fail
