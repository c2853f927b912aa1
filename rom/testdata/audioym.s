; The audio bank's YM2151 calls (ROM bank 10, X16 Reference "Sound Programming") run in a
; seeded random sequence: NSTEP calls, each picked and given arguments by a 16-bit Galois
; LFSR, so every call meets the state the earlier ones left (patches, attenuations, pan,
; algorithm changes, key on/off). core/rom_audio_test.go runs it on the built-in ROM and on
; the official one and wants the same results (rom/testdata/audioym.golden holds the
; official's, for when no official ROM is at hand).
;
; Results: step i's op at OPS+i, its P, A, X, Y after the call at OUT+i, OUT+$100+i,
; OUT+$200+i, OUT+$300+i; then ym_read of
; every register raw (SHRAW) and attenuated (SHCOOK), and ym_getatten/ym_getpan of the 8
; channels (X at ATT, PAN), the PSG's registers (PSG). Ops 15-19 are BASIC's helpers
; (bas_fmfreq, bas_fmnote, bas_fmvib, bas_psgfreq, bas_psgnote). ym_write's registers are $20-$FF (a timer or IRQ-enable write
; below $20 would start YM interrupts the KERNAL does not expect).
.include "prg.inc"
.include "api.inc"
.macpack longbranch

NSTEP  = 192
OPS    = $3C00
PATCH  = $3E00                  ; a RAM patch of 26 random bytes
OUT    = $4000                  ; P, A, X, Y: 4 tables of NSTEP bytes
SHRAW  = $4400
SHCOOK = $4500
ATT    = $4600
PAN    = $4608
PSG    = $4610                  ; the PSG's 64 registers (VRAM $1F9C0) at the end
seed   = $50                    ; 2 bytes: the LFSR
step   = $52
argA   = $53
argX   = $54
argY   = $55
argC   = $56

        lda rom_bank
        pha
        lda #$5A                ; the seed
        sta seed
        lda #$A7
        sta seed+1
        lda #10
        sta rom_bank
        jsr $C09F               ; audio_init
        stz step
@loop:  jsr rnd
        and #$1F
        cmp #NOPS
        bcs @loop
        ldx step
        sta OPS,x
        asl
        tax
        lda optab,x
        sta @call+1
        lda optab+1,x
        sta @call+2
        ldx #0                  ; 26 random bytes for a RAM patch
:       jsr rnd
        sta PATCH,x
        inx
        cpx #26
        bcc :-
        jsr rnd
        sta argA
        jsr rnd
        sta argX
        jsr rnd
        sta argY
        jsr rnd
        sta argC
        ldx step
        lda OPS,x
        cmp #6                  ; ym_setatten: channels 0-7 (the official does not mask)
        bne :+
        lda argA
        and #7
        sta argA
:       cmp #15                 ; bas_fmfreq, bas_psgfreq: 0-4095 Hz
        beq :+
        cmp #18
        bne :++
:       lda argY
        and #$0F
        sta argY
        ldx step
        lda OPS,x
:       cmp #18                 ; bas_psgfreq, bas_psgnote: voices 0-15
        bcc :+
        lda argA
        and #15
        sta argA
        ldx step
        lda OPS,x
:       cmp #11                 ; ym_write: registers $20-$FF
        bne :+
        lda argX
        cmp #$20
        bcs :+
        ora #$20
        sta argX
:       ldx step                ; ym_setdrum, ym_playdrum: notes 0-127 (the official
        lda OPS,x               ; reads its key code past its table for 128-255)
        cmp #12
        bcc :+
        cmp #14
        bcs :+
        lda argX
        and #$7F
        sta argX
:       lda argC
        lsr                     ; C = bit 0
        lda argA
        ldx argX
        ldy argY
@call:  jsr $FFFF
        php
        phx
        phy
        pha
        ldx step
        pla
        sta OUT+$100,x          ; A
        pla
        sta OUT+$300,x          ; Y
        pla
        sta OUT+$200,x          ; X
        pla
        sta OUT,x               ; P
        inc step
        lda step
        cmp #NSTEP
        jne @loop
        ; the shadow, raw and attenuated
        ldx #0
:       clc
        jsr $C081               ; ym_read
        sta SHRAW,x
        sec
        jsr $C081
        sta SHCOOK,x
        inx
        bne :-
        stz step                ; (ym_getatten and ym_getpan change Y)
:       lda step
        jsr $C099               ; ym_getatten
        ldy step
        txa
        sta ATT,y
        tya
        jsr $C09C               ; ym_getpan
        ldy step
        txa
        sta PAN,y
        inc step
        lda step
        cmp #8
        bcc :-
        stz VERA_CTRL           ; the PSG's registers
        lda #$C0
        sta VERA_ADDR_L
        lda #$F9
        sta VERA_ADDR_M
        lda #$11
        sta VERA_ADDR_H
        ldx #0
:       lda VERA_DATA0
        sta PSG,x
        inx
        cpx #64
        bcc :-
        pla
        sta rom_bank
        DONE

; ops: the entry per op number (core/rom_audio_test.go names them in this order)
optab:  .word loadrom           ; 0 ym_loadpatch C=1 (ROM patch X)
        .word loadram           ; 1 ym_loadpatch C=0 (PATCH)
        .word $C07B             ; 2 ym_setnote
        .word $C072             ; 3 ym_playnote
        .word $C087             ; 4 ym_trigger
        .word $C084             ; 5 ym_release
        .word $C075             ; 6 ym_setatten
        .word $C099             ; 7 ym_getatten
        .word $C07E             ; 8 ym_setpan
        .word $C09C             ; 9 ym_getpan
        .word $C081             ; 10 ym_read
        .word $C08A             ; 11 ym_write
        .word $C078             ; 12 ym_setdrum
        .word $C06F             ; 13 ym_playdrum
        .word $C066             ; 14 ym_loaddefpatches
        .word $C000             ; 15 bas_fmfreq
        .word $C003             ; 16 bas_fmnote
        .word $C009             ; 17 bas_fmvib
        .word $C00F             ; 18 bas_psgfreq
        .word $C012             ; 19 bas_psgnote
NOPS = (* - optab) / 2

loadram:
        ldx #<PATCH
        ldy #>PATCH
        clc
        jmp $C069

loadrom:
        sec
        jmp $C069

.include "rnd.inc"
