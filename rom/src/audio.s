; x16scope built-in KERNAL: ROM bank 10's audio API at its official addresses ($C000-$C0A7,
; X16 Reference "Sound Programming"). Prog8's init_system maps bank 10 and calls audio_init;
; `extsub @bank 10` calls (cx16.psg_*, cx16.ym_*) come through JSRFAR.
;
; Implemented: audio_init (as the official: ym_init, psg_init, ym_loaddefpatches), psg_init,
; the PSG voice calls (psg_playfreq, psg_read, psg_setatten, psg_setfreq, psg_setpan,
; psg_setvol, psg_write, psg_write_fast, psg_getatten, psg_getpan, bas_psgwav), every
; YM2151 call (audiofm.s; patch data audiodata.s) and the notecon_* conversions
; (audionote.s), and BASIC's helpers bas_fmfreq, bas_fmnote, bas_fmvib, bas_psgfreq,
; bas_psgnote (audiobas.s). The string players (bas_*playstring, bas_playstringvoice,
; bas_*chordstring) stop the CPU through
; unimpl, which has the emulator name the entry ("unimplemented audio call NAME (bank 10
; $C0xx)") rather than return a made-up result.
;
; The PSG calls keep, per voice, the volume last asked for and an attenuation ("master
; volume") in RAM bank 0; VERA gets volume - attenuation. They keep VERA's CTRL and port 0
; address for the caller (psg_write_fast too: it is psg_write here).
.include "kernal.inc"
.import ym_write, ym_read, ym_init, ym_loadpatch, ym_loadpatchlfn, ym_playnote
.import ym_setnote, ym_trigger, ym_release, ym_setatten, ym_getatten, ym_setpan
.import ym_getpan, ym_setdrum, ym_playdrum, ym_loaddefpatches, ym_get_chip_type
.import notecon_bas2fm, notecon_bas2midi, notecon_bas2psg, notecon_fm2bas
.import notecon_fm2midi, notecon_fm2psg, notecon_freq2bas, notecon_freq2fm
.import notecon_freq2midi, notecon_freq2psg, notecon_midi2bas, notecon_midi2fm
.import notecon_midi2psg, notecon_psg2bas, notecon_psg2fm, notecon_psg2midi
.import bas_fmfreq, bas_fmnote, bas_fmvib, bas_psgfreq, bas_psgnote

YM_ADDR = $9F40
YM_DATA = $9F41
PSG_VRAM = $1F9C0
psg_atten = $A880               ; RAM bank 0: 16 attenuations (0 full volume .. $3F muted)
psg_vol   = $A890               ; RAM bank 0: 16 volumes as asked for (0-$3F)

.segment "AUDIO10"
.scope audio
api:
        jmp bas_fmfreq              ; $C000
        jmp bas_fmnote              ; $C003
        jsr unimpl              ; $C006 bas_fmplaystring: not here (unimpl names it)
        jmp bas_fmvib               ; $C009
        jsr unimpl              ; $C00C bas_playstringvoice: not here (unimpl names it)
        jmp bas_psgfreq             ; $C00F
        jmp bas_psgnote             ; $C012
        jmp bas_psgwav              ; $C015
        jsr unimpl              ; $C018 bas_psgplaystring: not here (unimpl names it)
        jmp notecon_bas2fm          ; $C01B
        jmp notecon_bas2midi        ; $C01E
        jmp notecon_bas2psg         ; $C021
        jmp notecon_fm2bas          ; $C024
        jmp notecon_fm2midi         ; $C027
        jmp notecon_fm2psg          ; $C02A
        jmp notecon_freq2bas        ; $C02D
        jmp notecon_freq2fm         ; $C030
        jmp notecon_freq2midi       ; $C033
        jmp notecon_freq2psg        ; $C036
        jmp notecon_midi2bas        ; $C039
        jmp notecon_midi2fm         ; $C03C
        jmp notecon_midi2psg        ; $C03F
        jmp notecon_psg2bas         ; $C042
        jmp notecon_psg2fm          ; $C045
        jmp notecon_psg2midi        ; $C048
        jmp psg_init                ; $C04B
        jmp psg_playfreq            ; $C04E
        jmp psg_read                ; $C051
        jmp psg_setatten            ; $C054
        jmp psg_setfreq             ; $C057
        jmp psg_setpan              ; $C05A
        jmp psg_setvol              ; $C05D
        jmp psg_write               ; $C060
        jmp ym_init                 ; $C063
        jmp ym_loaddefpatches       ; $C066
        jmp ym_loadpatch            ; $C069
        jmp ym_loadpatchlfn         ; $C06C
        jmp ym_playdrum             ; $C06F
        jmp ym_playnote             ; $C072
        jmp ym_setatten             ; $C075
        jmp ym_setdrum              ; $C078
        jmp ym_setnote              ; $C07B
        jmp ym_setpan               ; $C07E
        jmp ym_read                 ; $C081
        jmp ym_release              ; $C084
        jmp ym_trigger              ; $C087
        jmp ym_write                ; $C08A
        jsr unimpl              ; $C08D bas_fmchordstring: not here (unimpl names it)
        jsr unimpl              ; $C090 bas_psgchordstring: not here (unimpl names it)
        jmp psg_getatten            ; $C093
        jmp psg_getpan              ; $C096
        jmp ym_getatten             ; $C099
        jmp ym_getpan               ; $C09C
        jmp audio_init              ; $C09F
        jmp psg_write               ; $C0A2
        jmp ym_get_chip_type        ; $C0A5
.assert * = $C0A8, error, "audio API table out of step"

; audio_init: the YM2151 and the PSG reset, and the YM2151's channels given the default
; instruments (ym_loaddefpatches), as the official audio_init does. C=1 if the YM2151 failed.
audio_init:
        jsr ym_init
        jsr psg_init
        jmp ym_loaddefpatches

; unimpl: an entry the bank does not have. The emulator names it from the slot's address
; (the return address: slot + 2) and the stop is at once, not a made-up result.
unimpl:
        lda #HC_UNIMPL_AUDIO
        sta HOSTCALL
        stp

; ---- the PSG ---------------------------------------------------------------------------
; Every PSG entry begins with ENTER: interrupts masked, the caller's P, A, X, RAM bank and
; VERA's CTRL and port 0 address pushed (the stack, not fixed RAM: an interrupt handler may
; call these while the main program is in one), RAM bank 0 mapped, CTRL 0; A, X and C as
; called. It ends by jumping to leave (all put back but the body's A and X; Y is changed,
; as the official calls change it) or leave_clc (and C=0).
.macro ENTER
        php
        sei
        pha
        phx
        lda ram_bank
        pha
        lda VERA_CTRL
        pha
        stz VERA_CTRL
        lda VERA_ADDR_L
        pha
        lda VERA_ADDR_M
        pha
        lda VERA_ADDR_H
        pha
        stz ram_bank
        tsx                     ; the caller's A and X again
        lda $0107,x
        pha
        lda $0106,x
        tax
        pla
.endmacro

leave:  tay
        pla
        sta VERA_ADDR_H         ; port 0's (CTRL is still 0)
        pla
        sta VERA_ADDR_M
        pla
        sta VERA_ADDR_L
        pla
        sta VERA_CTRL
        pla
        sta ram_bank
        pla                     ; the caller's X and A: the body's stay
        pla
        tya
        plp
        rts

leave_clc:
        tay
        pla
        sta VERA_ADDR_H
        pla
        sta VERA_ADDR_M
        pla
        sta VERA_ADDR_L
        pla
        sta VERA_CTRL
        pla
        sta ram_bank
        pla
        pla
        tya
        plp
        clc
        rts

; port 0 at PSG register X (0-63), no step. A changed.
reg_addr:
        txa
        and #$3F
        ora #<PSG_VRAM
        sta VERA_ADDR_L
        lda #>PSG_VRAM
        sta VERA_ADDR_M
        lda #^PSG_VRAM
        sta VERA_ADDR_H
        rts

; voice X (0-15): its volume register gets volume - attenuation (at least 0), the pan bits
; kept. A changed.
put_vol:
        phx
        lda psg_vol,x
        sec
        sbc psg_atten,x
        bcs :+
        lda #0
:       pha
        txa
        asl
        asl
        ora #2
        tax
        jsr reg_addr
        lda VERA_DATA0
        and #$C0
        tsx
        ora $0101,x             ; the volume
        sta VERA_DATA0
        pla
        plx
        rts

; psg_init: 16 voices at frequency 0, volume 0 panned left+right, 50% pulse; no attenuation.
psg_init:
        ENTER
        ldx #0
        jsr reg_addr
        lda #$10 | ^PSG_VRAM    ; step 1
        sta VERA_ADDR_H
        ldx #16
:       stz VERA_DATA0          ; frequency
        stz VERA_DATA0
        lda #$C0                ; left + right, volume 0
        sta VERA_DATA0
        lda #$3F                ; pulse, width 63
        sta VERA_DATA0
        dex
        bne :-
        ldx #31
:       stz psg_atten,x         ; and psg_vol
        dex
        bpl :-
        jmp leave_clc

; psg_write (and psg_write_fast): A = value, X = register 0-63. A volume register keeps
; the volume asked for and gets the attenuation applied. A and X kept.
psg_write:
        ENTER
        phx
        pha
        txa
        and #3
        cmp #2
        beq @vol
        jsr reg_addr
        pla
        sta VERA_DATA0
        plx
        jmp leave
@vol:   jsr reg_addr
        pla
        pha
        and #$C0                ; the pan bits as written
        sta VERA_DATA0
        txa
        and #$3F
        lsr
        lsr
        tax                     ; the voice
        pla
        pha
        and #$3F
        sta psg_vol,x
        jsr put_vol
        pla
        plx
        jmp leave

; psg_read: X = register 0-63 -> A; for a volume register with C=0 the volume as asked
; for (with the pan bits), with C=1 what VERA has. X kept.
psg_read:
        ENTER
        phx
        jsr reg_addr
        lda VERA_DATA0
        bcs @out
        pha
        txa
        and #3
        cmp #2
        bne @raw
        txa
        and #$3F
        lsr
        lsr
        tax
        pla
        and #$C0
        ora psg_vol,x
        bra @out
@raw:   pla
@out:   plx
        jmp leave

; psg_setvol: A = voice, X = volume 0-$3F
psg_setvol:
        ENTER
        pha
        phx
        and #$0F
        tay
        txa
        and #$3F
        sta psg_vol,y
        tya
        tax
        jsr put_vol
        plx
        pla
        jmp leave

; psg_setatten: A = voice, X = attenuation 0-$3F; the voice's volume follows at once
psg_setatten:
        ENTER
        pha
        phx
        and #$0F
        tay
        txa
        and #$3F
        sta psg_atten,y
        tya
        tax
        jsr put_vol
        plx
        pla
        jmp leave

; psg_getatten: A = voice -> X = its attenuation (A kept)
psg_getatten:
        ENTER
        pha
        and #$0F
        tax
        lda psg_atten,x
        tax
        pla
        jmp leave

; psg_setfreq: A = voice, X/Y = frequency (VERA format), nothing else changes
psg_setfreq:
        ENTER
        jsr set_freq
        jmp leave

set_freq:
        pha
        phx
        and #$0F
        asl
        asl
        tax
        jsr reg_addr
        lda #$10 | ^PSG_VRAM    ; step 1
        sta VERA_ADDR_H
        plx
        stx VERA_DATA0
        sty VERA_DATA0
        pla
        rts

; psg_playfreq: A = voice, X/Y = frequency; the voice at full volume (less attenuation)
psg_playfreq:
        ENTER
        jsr set_freq
        pha
        phx
        and #$0F
        tax
        lda #$3F
        sta psg_vol,x
        jsr put_vol
        plx
        pla
        jmp leave

; psg_setpan: A = voice, X = 0 none, 1 left, 2 right, 3 both
psg_setpan:
        ENTER
        pha
        phx
        txa
        ror                     ; pan bits 1-0 -> 7-6
        ror
        ror
        and #$C0
        pha
        tsx
        lda $0103,x             ; the voice
        and #$0F
        asl
        asl
        ora #2
        tax
        jsr reg_addr
        lda VERA_DATA0
        and #$3F
        tsx
        ora $0101,x             ; the pan bits
        sta VERA_DATA0
        pla
        plx
        pla
        jmp leave

; psg_getpan: A = voice -> X = its pan value 0-3 (A kept)
psg_getpan:
        ENTER
        pha
        and #$0F
        asl
        asl
        ora #2
        tax
        jsr reg_addr
        lda VERA_DATA0
        rol                     ; bits 7-6 -> 1-0
        rol
        rol
        and #3
        tax
        pla
        jmp leave

; bas_psgwav: A = voice (0-15; as the official one, a larger number wraps), X = waveform
; byte (0-63 pulse width, 64-127 sawtooth, 128-191 triangle, 192-255 noise). C=0.
bas_psgwav:
        ENTER
        pha
        phx
        and #$0F
        asl
        asl
        ora #3
        tax
        jsr reg_addr
        plx
        stx VERA_DATA0
        pla
        jmp leave_clc

.endscope

; for audiobas.s (BASIC's PSGFREQ and PSGNOTE play through them)
.export psg_playfreq := audio::psg_playfreq, psg_setvol := audio::psg_setvol
