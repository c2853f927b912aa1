; ym_loadpatchlfn (ROM bank 10) reading patches from a file on device 8 (core/rom_audio_test.go
; gives it "PATCH", 40 bytes): a whole patch into channel 3 (C=0), then the 14 bytes left,
; which end at the end of the file (C=1, A with $40, after 13 registers), then a logical
; file that is not open (C=1, A=3). Results: P and A of each call at OUT (2 bytes each),
; then the shadow of registers $20-$FF (ym_read) at SHADOW.
.include "prg.inc"
.include "api.inc"

OUT    = $0400
SHADOW = $4000

        lda rom_bank
        pha
        lda #10
        sta rom_bank
        jsr $C09F               ; audio_init
        lda #5
        ldx #<name
        ldy #>name
        jsr SETNAM
        lda #2
        ldx #8
        ldy #2
        jsr SETLFS
        jsr OPEN
        lda #3
        ldx #2
        jsr $C06C               ; ym_loadpatchlfn(3, file 2)
        php
        sta OUT+1
        pla
        sta OUT
        lda #5
        ldx #2
        jsr $C06C               ; ym_loadpatchlfn(5, file 2): 14 bytes, then the end
        php
        sta OUT+3
        pla
        sta OUT+2
        lda #6
        ldx #9
        jsr $C06C               ; ym_loadpatchlfn(6, file 9): not open
        php
        sta OUT+5
        pla
        sta OUT+4
        lda #2
        jsr CLOSE
        ldx #$20
:       clc
        jsr $C081               ; ym_read
        sta SHADOW-$20,x
        inx
        bne :-
        pla
        sta rom_bank
        DONE

name:   .byte "PATCH"
