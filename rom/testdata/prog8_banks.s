; KERNAL calls with ROM bank 4 or 10 mapped, as Prog8 programs make them: programs with
; floats run all of main with bank 4 (BASIC) mapped, the exit calls CLRCHN/CHROUT from bank
; 4, init_system calls audio_init in bank 10, and `extsub @bank 10` calls go through JSRFAR.
; Results at $0400+ (core/rom_prog8_test.go).
.include "prg.inc"
.include "api.inc"

MEMTOP     = $FF99
audio_init = $C09F              ; ROM bank 10
psg_write  = $C060
ym_write   = $C08A

        lda #4
        sta rom_bank
        sec
        jsr PLOT
        RESULT $0400            ; C=1 kept, X = row, Y = column
        jsr SCREEN
        RESULT $0404            ; X=80 Y=60
        lda #'Q'
        jsr CHROUT
        RESULT $0408            ; C=0 A='Q'
        sec
        jsr MEMTOP
        RESULT $040C            ; A = RAM banks, X=$00 Y=$9F
        lda #'K'
        jsr kbdbuf_put
:       jsr GETIN
        beq :-
        RESULT $0410            ; A='K'
        lda rom_bank
        sta $0414               ; 4

        ; JSRFAR from bank 4 into RAM bank 3 (a routine copied to $A000 there)
        lda #3
        sta ram_bank
        ldx #far_end-far_code-1
:       lda far_code,x
        sta $A000,x
        dex
        bpl :-
        lda #1
        sta ram_bank
        lda #$41
        ldx #$10
        ldy #$20
        sec
        jsr JSRFAR
        .word $A000
        .byte 3
        RESULT $0418            ; A=$42 X=$11 Y=$21, C kept
        lda ram_bank
        sta $041C               ; 1 again
        lda rom_bank
        sta $041D               ; 4 again

        ; JSRFAR from bank 4 to bank 10's audio_init, then to a KERNAL slot of bank 10
        jsr JSRFAR
        .word audio_init
        .byte 10
        RESULT $0420            ; C=0
        lda rom_bank
        sta $0424               ; 4
        lda #'W'
        jsr JSRFAR
        .word CHROUT            ; bank 10's jump table -> bank 0
        .byte 10
        RESULT $0428            ; A='W' C=0
        lda rom_bank
        sta $042C               ; 4

        ; interrupts with bank 4 mapped: the jiffy clock goes on
        jsr RDTIM
        sta $042D
:       jsr RDTIM
        sec
        sbc $042D
        cmp #3
        bcc :-
        sta $042E               ; 3

        ; bank 10 mapped: the audio API and the KERNAL jump table
        lda #10
        sta rom_bank
        jsr audio_init
        RESULT $0430            ; C=0
        lda #$55
        ldx #6                  ; voice 1, register 2 (pan/volume)
        ldy #$77
        jsr psg_write
        RESULT $0434            ; A and X kept
        lda #$C0
        ldx #$20
        jsr ym_write
        RESULT $0438            ; C=0
        sec
        jsr PLOT
        RESULT $043C            ; C=1
        lda rom_bank
        sta $0440               ; 10

        stz rom_bank
        DONE

; runs at $A000 in RAM bank 3: A+1, X+1, Y+1, and the banks it sees at $0444/$0445
far_code:
        inc
        inx
        iny
        pha
        lda ram_bank
        sta $0444               ; 3
        lda rom_bank
        sta $0445               ; 4: a RAM target leaves the caller's ROM bank mapped
        pla
        rts
far_end:
