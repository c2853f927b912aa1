; Bank 10's PSG API as Prog8's `extsub @bank 10` calls it (JSRFAR, bank 10): audio_init,
; psg_setfreq/setvol/setatten/getatten/setpan/getpan/read/write/playfreq, bas_psgwav.
; Results at $0400+, the PSG registers in VRAM (core/rom_prog8_test.go); VERA's port 0
; address ($12345, step 1) must survive every call. (The official ROM's psg_getatten,
; psg_read and VERA saving do not behave as documented; the test compares the PSG only.)
.include "prg.inc"
.include "api.inc"

.macro AUDIO addr
        jsr JSRFAR
        .word addr
        .byte 10
.endmacro

        stz VERA_CTRL
        lda #$45
        sta VERA_ADDR_L
        lda #$23
        sta VERA_ADDR_M
        lda #$11
        sta VERA_ADDR_H
        AUDIO $C09F             ; audio_init
        RESULT $0400            ; C=0
        lda #2
        ldx #$34
        ldy #$12
        AUDIO $C057             ; psg_setfreq(2, $1234)
        lda #2
        ldx #50
        AUDIO $C05D             ; psg_setvol(2, 50)
        lda #2
        ldx #20
        AUDIO $C054             ; psg_setatten(2, 20)
        lda #2
        AUDIO $C093             ; psg_getatten(2)
        RESULT $0404            ; X=20 A=2
        lda #2
        ldx #1
        AUDIO $C05A             ; psg_setpan(2, left)
        lda #2
        AUDIO $C096             ; psg_getpan(2)
        RESULT $0408            ; X=1 A=2
        ldx #10
        clc
        AUDIO $C051             ; psg_read(10, raw)
        RESULT $040C            ; A=$40|50
        ldx #10
        sec
        AUDIO $C051             ; psg_read(10, cooked)
        RESULT $0410            ; A=$40|30
        lda #$80|10
        ldx #10
        AUDIO $C060             ; psg_write($8A, 10): volume 10 - 20 -> 0
        RESULT $0414            ; A=$8A X=10
        ldx #10
        clc
        AUDIO $C051
        RESULT $0418            ; A=$8A
        lda #3
        ldx #$00
        ldy #$04
        AUDIO $C04E             ; psg_playfreq(3, $0400)
        lda #3
        ldx #$80
        AUDIO $C015             ; bas_psgwav(3, triangle)
        RESULT $041C            ; C=0
        lda #17
        ldx #$40
        AUDIO $C015             ; bas_psgwav(17, sawtooth): voice 1, as the official one
        AUDIO $C0A5             ; ym_get_chip_type
        sta $0427               ; 2: YM2151
        lda VERA_ADDR_L
        sta $0424               ; $45
        lda VERA_ADDR_M
        sta $0425               ; $23
        lda VERA_ADDR_H
        sta $0426               ; $11
        DONE
