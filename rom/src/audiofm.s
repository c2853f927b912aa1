; x16scope built-in ROM, bank 10: the audio API's YM2151 calls (X16 Reference "Sound
; Programming"; behaviour as the official audio bank's). The YM2151 is write-only, so every
; write goes through ym_write, which keeps a shadow of the registers in RAM bank 0 ($AE00,
; the official address: ym_read, ym_setpan and ym_loadpatch read it) and applies the
; channel's attenuation (ym_setatten) to the total level of the operators that are carriers
; in the channel's algorithm. The state is where the official bank keeps it (RAM bank 0
; $ADC0-$AEFF), so programs that look at it see what they expect.
.include "kernal.inc"

.export ym_write, ym_read, ym_init, ym_loadpatch, ym_loadpatchlfn, ym_playnote
.export ym_setnote, ym_trigger, ym_release, ym_setatten, ym_getatten, ym_setpan
.export ym_getpan, ym_setdrum, ym_playdrum, ym_loaddefpatches, ym_get_chip_type
.import ymp_lo, ymp_hi, drum_patch, drum_kc

YM_ADDR  = $9F40
YM_DATA  = $9F41
azp0     = $A7                  ; the audio bank's zero-page pointer (the official's)
ymshadow = $AE00                ; RAM bank 0: what was written to each register
ym_atten = $ADE7                ; RAM bank 0: attenuation of the 8 channels
ym_chip  = $ADFA                ; RAM bank 0: 0 none, 1 YM2164 (OPP), 2 YM2151 (OPM)
ps_state = $ADEF                ; RAM bank 0: the BASIN string player's state (9 bytes)
PMD_SHADOW = ymshadow + $1A     ; register $19 holds AMD and PMD: PMD's shadow is $1A
N_PATCH  = 163                  ; ROM patches 0-162; a larger index loads 128 (silent)

; KERNAL calls (the bank's jump table bridges to bank 0)
READST = $FFB7
CHKIN  = $FFC6
CLRCHN = $FFCC
BASIN  = $FFCF

.segment "AUDIO10"

; ym_write: A = value, X = register. A and X kept, Y changed. C=1 if the chip stayed busy
; (64 status reads), else C=0 and the value is written (a carrier's total level with the
; channel's attenuation added, at most $7F). Interrupts are masked meanwhile.
ym_write:
        php
        sei
        ldy #64
@wait:  dey
        bmi @busy
        bit YM_DATA
        bmi @wait
        pha
        phx
        ldy ram_bank
        phy
        stz ram_bank
        stx YM_ADDR
        cpx #$20
        bcc @low
        cpx #$28
        bcc @con
        sta ymshadow,x
        cpx #$60
        bcc @put
        cpx #$80
        bcs @put
        jsr cook_tl
@put:   sta YM_DATA
@ok:    clc
@out:   ply
        sty ram_bank
        plx
        pla
        bcs @fail
        plp
        clc
        rts
@fail:  plp
        sec
        rts
@busy:  plp
        sec
        rts
@low:   cpx #$19
        bne @store
        cmp #$80                ; PMD (bit 7 set): shadowed at $1A
        bcc @store
        sta PMD_SHADOW
        bra @put
@store: sta ymshadow,x
        bra @put
        ; RL/FB/CON: a new algorithm changes which operators are carriers, so the channel's
        ; attenuated levels of M1, M2 and C1 are written again (C2 is a carrier in all)
@con:   sta YM_DATA
        pha
        eor ymshadow,x
        and #7
        tay                     ; Y = 0: the same algorithm
        pla
        sta ymshadow,x
        tya
        beq @ok
        txa
        and #7
        tax
        lda ym_atten,x
        beq @ok
        txa
        ora #$60
        tax
@again: lda ymshadow,x
        jsr ym_write
        bcs @out
        txa
        adc #8                  ; C=0
        tax
        cpx #$78
        bcc @again
        bra @ok

; cook_tl: A = total level for register X ($60-$7F), RAM bank 0 mapped -> A as the chip gets
; it: with the channel's attenuation added (at most $7F) if the operator is a carrier and
; the attenuation is not 0. X kept, Y changed.
cook_tl:
        pha
        jsr carrier
        pla
        bcc @raw
        pha
        lda ym_atten,y
        beq @plain
        pla
        clc
        adc ym_atten,y
        bpl @raw
        lda #$7F
@raw:   rts
@plain: pla
        rts

; carrier: X = an operator register ($40-$FF) -> C=1 if its operator is a carrier in its
; channel's algorithm (from the shadow; RAM bank 0 mapped), Y = the channel. A changed, X
; kept. Operators by register offset: M1 +0, M2 +8, C1 +16, C2 +24.
carrier:
        phx
        txa
        and #7
        tay
        txa
        lsr
        lsr
        lsr
        and #3
        tax
        lda ymshadow+$20,y
        and #7
        pha
        lda carrier_algs,x
        plx                     ; the algorithm: its bit of the mask to C
:       lsr
        dex
        bpl :-
        plx
        rts

; bit n set: the operator is a carrier in algorithm n (YM2151 data sheet's connections)
carrier_algs:
        .byte %10000000         ; M1: algorithm 7
        .byte %11100000         ; M2: 5, 6, 7
        .byte %11110000         ; C1: 4-7
        .byte %11111111         ; C2: all

; ym_read: X = register, C=1: a total level as the chip has it (attenuated), C=0: as
; written -> A. X kept, Y = the caller's RAM bank. PMD reads as register $1A.
ym_read:
        phx
        ldy ram_bank
        phy
        stz ram_bank
        lda ymshadow,x
        bcc @out
        cpx #$60
        bcc @out
        cpx #$80
        bcs @out
        php
        sei
        pha
        jsr carrier
        pla
        bcc @raw
        clc
        adc ym_atten,y          ; (added even when 0: a level over $7F reads $7F)
        bpl @raw
        lda #$7F
@raw:   plp
@out:   ply
        sty ram_bank
        plx
        rts

; ym_setatten: A = channel 0-7, X = attenuation (0 none; added to carriers' total level).
; The channel's four total levels are written again. A and X kept; C=1 if the chip failed.
ym_setatten:
        pha
        phx
        ldy ram_bank
        phy
        stz ram_bank
        and #7
        tay
        txa
        cmp ym_atten,y
        beq @ok
        sta ym_atten,y
        tya
        ora #$60
        tax
@next:  lda ymshadow,x
        jsr ym_write
        bcs @out
        txa
        adc #8                  ; C=0
        tax
        cpx #$80
        bcc @next
@ok:    clc
@out:   ply
        sty ram_bank
        plx
        pla
        rts

; ym_getatten: A = channel -> X = its attenuation. A kept.
ym_getatten:
        pha
        and #7
        tax
        ldy ram_bank
        stz ram_bank
        lda ym_atten,x
        sty ram_bank
        tax
        pla
        rts

; ym_setpan: A = channel, X = 0 off, 1 left, 2 right, 3 both (register $20+ch bits 6-7).
; C=1 if the chip failed.
ym_setpan:
        and #7
        ora #$20
        tay
        txa
        lsr                     ; pan bit 0 (left) -> bit 6, bit 1 (right) -> bit 7
        ror
        ror
        and #$C0
        pha
        tya
        tax
        ldy ram_bank
        stz ram_bank
        lda ymshadow,x
        sty ram_bank
        and #$3F
        sta azp0
        pla
        ora azp0
        jmp ym_write

; ym_getpan: A = channel -> X = its pan (0-3). A kept.
ym_getpan:
        pha
        and #7
        tax
        ldy ram_bank
        stz ram_bank
        lda ymshadow+$20,x
        sty ram_bank
        rol
        rol
        rol
        and #3
        tax
        pla
        rts

; ym_setnote: A = channel, X = key code (octave and note), Y = key fraction. C=1 if the
; chip failed.
ym_setnote:
        and #7
        phx
        ora #$30
        tax
        tya
        jsr ym_write            ; $30+ch: KF
        pla
        bcs @out
        pha
        txa
        eor #$18                ; $28+ch: KC
        tax
        pla
        jmp ym_write
@out:   rts

; ym_trigger: A = channel; C=0 keys it off first (the envelope restarts), C=1 does not.
; All four operators keyed on. C=1 if the chip failed.
ym_trigger:
        and #7
        ldx #$08
        bcs @on
        jsr ym_write
        bcs @out
@on:    ora #$78
        jmp ym_write
@out:   rts

; ym_release: A = channel: key off (the envelopes release).
ym_release:
        and #7
        ldx #$08
        jmp ym_write

; ym_playnote: A = channel, X = key code, Y = key fraction, C as ym_trigger's.
ym_playnote:
        php
        pha
        jsr ym_setnote
        bcs @fail
        pla
        plp
        jmp ym_trigger
@fail:  pla
        plp
        sec
        rts

; ym_setdrum: A = channel, X = General MIDI drum note (0-127): the drum's patch and key
; code (key fraction 0). C=1 if the chip failed.
ym_setdrum:
        and #7
        pha
        txa
        and #$7F
        pha
        tay
        tsx
        lda $0102,x             ; the channel
        ldx drum_patch,y
        sec
        jsr ym_loadpatch
        ply                     ; the note
        pla                     ; the channel
        bcs @out
        ldx drum_kc,y
        ldy #0
        jmp ym_setnote
@out:   rts

; ym_playdrum: A = channel, X = drum note: ym_setdrum, then the channel keyed off and on.
ym_playdrum:
        pha
        jsr ym_setdrum
        pla
        bcs @out
        jmp ym_trigger          ; C=0: retrigger
@out:   rts

; ym_loaddefpatches: channels 0-7 get the default instruments. C=1 if the chip failed.
ym_loaddefpatches:
        lda #7
@next:  pha
        tay
        ldx def_patches,y
        sec
        jsr ym_loadpatch
        pla
        bcs @out
        dec
        bpl @next
        clc
@out:   rts

def_patches:
        .byte 0                 ; Acoustic Piano
        .byte 5                 ; Electric Piano
        .byte 11                ; Vibraphone
        .byte 35                ; Fretless Bass
        .byte 40                ; Violin
        .byte 56                ; Trumpet
        .byte 76                ; Blown Bottle
        .byte 88                ; Pad 1 "Fantasia"

; ym_loadpatch: A = channel; C=1: X = ROM patch 0-162 (more: 128, silent); C=0: X/Y = the
; address of a 26-byte patch in the mapped RAM (registers $20, $38, $40, $48 ... $F8 of
; the channel). The channel's pan bits are kept. A, X, Y changed; C=1 if the chip failed.
ym_loadpatch:
        php
        sei
        bcc @ptr
        cpx #N_PATCH
        bcc :+
        ldx #128
:       ldy ymp_hi,x
        pha
        lda ymp_lo,x
        tax
        pla
@ptr:   stx azp0
        sty azp0+1
        and #7
        ora #$20
        tax
        lda (azp0)              ; RL/FB/CON from the caller's bank...
        ldy ram_bank
        stz ram_bank
        eor ymshadow,x          ; ...with the shadow's RL bits
        and #$C0
        sty ram_bank
        eor (azp0)
        jsr ym_write
        bcs @fail
        txa
        adc #$10                ; C=0; $28 and $30 (the note) are not the patch's
        tax
        ldy #1
@next:  txa
        clc
        adc #8
        tax
        lda (azp0),y
        phy
        jsr ym_write
        ply
        bcs @fail
        iny
        cpy #26
        bcc @next
        plp
        clc
        rts
@fail:  plp
        sec
        rts

; ym_loadpatchlfn: A = channel, X = an open logical file: the patch's 26 bytes read from it
; (ym_loadpatch's layout). The file stays open; the input channel is cleared. C=1 on an
; error, with A = 0 (the chip failed) or READST's bits (3: not open, 2: timeout, $40: end of
; file, $80: no device).
ym_loadpatchlfn:
        php
        sei
        and #7
        ora #$20
        pha                     ; the register to write next
        jsr CHKIN
        bcs @err
@next:  jsr BASIN
        pha
        jsr READST
        and #$C2
        bne @rerr
        pla
        plx
        phx
        cpx #$28
        bcs @write
        and #$3F                ; RL/FB/CON: the channel's RL bits kept
        sta azp0
        ldy ram_bank
        stz ram_bank
        lda ymshadow,x
        sty ram_bank
        and #$C0
        ora azp0
@write: jsr ym_write
        bcs @ymerr
        txa
        cmp #$28
        bcs :+
        adc #$10                ; after $20+ch: $38+ch ($28 and $30 are the note)
:       clc
        adc #8
        bcs @done               ; past $F8+ch: 26 bytes written
        tsx
        sta $0101,x
        bra @next
@done:  pla
        jsr CLRCHN
        plp
        clc
        rts
@ymerr: lda #0
        bra @err
@rerr:  plx                     ; the byte read
@err:   pha
        jsr CLRCHN
        pla
        plx                     ; the register
        plp
        sec
        rts

; ym_get_chip_type: A = the chip ym_init found: 0 none, 1 YM2164 (OPP), 2 YM2151 (OPM).
ym_get_chip_type:
        ldx ram_bank
        phx
        stz ram_bank
        lda ym_chip
        plx
        stx ram_bank
        rts

; ym_init: the API's state reset and the chip's type found (which of its timers, A at 960
; or B at 253, flags first: B on an OPM, A on an OPP); every operator's release fastest,
; channels keyed off, the LFO reset, RL on and the other registers 0 in every channel. C=1
; if the chip failed.
ym_init:
        ldy ram_bank
        phy
        stz ram_bank
        stz ps_state            ; the string player: 120 BPM, quarter notes, octave 4
        stz ps_state+1
        stz ps_state+6
        stz ps_state+8
        lda #120
        sta ps_state+2
        lda #60
        sta ps_state+4
        lda #4
        sta ps_state+5
        lda #1
        sta ps_state+7
        stz ym_chip
        php
        sei
        ldx #$10                ; timer A 960 (4096 clocks), timer B 253 (3072 on an OPM)
        lda #$F0
        jsr ym_write
        bcs @found
        inx
        lda #$00
        jsr ym_write
        bcs @found
        inx
        lda #$FD
        jsr ym_write
        bcs @found
        ldx #$14                ; both loaded and started, IRQs off
        lda #$3F
        jsr ym_write
        bcs @found
        ldx #0
        ldy #0
:       lda YM_DATA
        and #3
        bne :+
        dex
        bne :-
        dey
        bne :-
:       sta ym_chip
@found: ldx #$14                ; timers stopped, flags cleared (twice: the IRQ line settles)
        lda #$30
        jsr ym_write
        jsr ym_write
        plp
        ldx #7
:       stz ym_atten,x
        dex
        bpl :-
        lda #$0F
        ldx #$E0
:       jsr ym_write
        bcs @out
        inx
        bne :-
        lda #7                  ; channels 7..0 keyed off
        ldx #$08
:       jsr ym_write
        dec
        bpl :-
        jsr lfo_reg
        lda #$02                ; LFO reset on
        jsr ym_write
        ldx #$19                ; PMD 0
        lda #$80
        jsr ym_write
        lda #$C0
        ldx #$20
:       sta ymshadow,x
        jsr ym_write
        inx
        cpx #$28
        bcc :-
        lda #0
:       jsr ym_write            ; $28-$FF: 0
        inx
        bne :-
        ldx #$0F
:       jsr ym_write            ; $0F-$1F: 0
        inx
        cpx #$20
        bcc :-
        jsr lfo_reg
        lda #0                  ; LFO reset off
        jsr ym_write
@out:   ply
        sty ram_bank
        rts

; lfo_reg: X = the register whose bit 1 resets the LFO: $01 on an OPM, $09 on an OPP
lfo_reg:
        ldx #$01
        lda ym_chip
        cmp #1
        bne :+
        ldx #$09
:       rts
