; x16scope built-in ROM, bank 10: the audio API's helpers behind BASIC's FMFREQ, FMNOTE,
; FMVIB, PSGFREQ and PSGNOTE (X16 Reference "Sound Programming"; bas_psgwav is in audio.s).
; BASIC notes are octave << 4 | note: note 0 releases the voice, 13-15 do nothing.
.include "kernal.inc"

.export bas_fmfreq, bas_fmnote, bas_fmvib, bas_psgfreq, bas_psgnote
.import ym_write, ym_playnote, ym_release, psg_playfreq, psg_setvol
.import notecon_bas2fm, notecon_bas2psg, notecon_freq2fm, notecon_freq2psg

.segment "AUDIO10"

; bas_fmfreq: A = channel, X/Y = Hz (0: release), C=1: no retrigger. C=1 on an error.
bas_fmfreq:
        php
        cpx #0
        bne @hz
        cpy #0
        bne @hz
        plp
        jmp ym_release
@hz:    pha
        jsr notecon_freq2fm
        bcs fm_err
        pla
        plp
        jmp ym_playnote

fm_err: pla
        plp
        sec
        rts

; bas_fmnote: A = channel, X = BASIC note, Y = KF, C=1: no retrigger. C=1 on an error.
bas_fmnote:
        php
        pha
        txa
        and #$0F
        beq @off
        cmp #13
        bcs @none
        jsr notecon_bas2fm
        bcs fm_err
        pla
        plp
        jmp ym_playnote
@none:  pla
        plp
        clc
        rts
@off:   pla
        plp
        jmp ym_release

; bas_fmvib: A = LFO speed (register $18), X = depth: both PMD and AMD (register $19,
; with bit 7 and without), triangle waveform. C=1 if the chip failed.
bas_fmvib:
        phx
        ldx #$18
        jsr ym_write
        bcs @err1
        inx
        pla
        jsr ym_write
        bcs @err2
        eor #$80                ; the other of PMD and AMD
        jsr ym_write
        bcs @err2
        ldx #$1B
        lda #2                  ; triangle
        jmp ym_write
@err1:  plx
@err2:  rts

; bas_psgfreq: A = voice, X/Y = Hz (0: volume 0). C=1 for a frequency the PSG cannot make.
bas_psgfreq:
        cpx #0
        bne @hz
        cpy #0
        bne @hz
        jmp psg_setvol          ; X = 0
@hz:    pha
        jsr notecon_freq2psg
        bcs psg_err
        pla
        jmp psg_playfreq

psg_err:
        pla
        sec
        rts

; bas_psgnote: A = voice, X = BASIC note, Y = KF. C=1 on an error.
bas_psgnote:
        pha
        txa
        and #$0F
        beq @off
        cmp #13
        bcs @none
        jsr notecon_bas2psg
        bcs psg_err
        pla
        jmp psg_playfreq
@none:  pla
        clc
        rts
@off:   pla
        ldx #0
        jmp psg_setvol
