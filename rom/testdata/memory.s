; The built-in ROM's memory calls: memory_fill, memory_copy, memory_crc, memory_decompress,
; FETCH, STASH, JSRFAR and entropy_get. The Go test (core/rom_memory_test.go) puts an LZSA2
; block at $7000 before the program runs and checks the results at $0400+ and in memory.
.include "prg.inc"
.include "api.inc"

ptr = $30

.macro SETW reg, value
        lda #<(value)
        sta reg
        lda #>(value)
        sta reg+1
.endmacro

        ; memory_fill: 291 bytes of $AB at $5000, sentinels around
        lda #$CD
        sta $4FFF
        sta $5123
        SETW r0, $5000
        SETW r1, $0123
        lda #$AB
        jsr memory_fill
        ; memory_fill into VERA's data port: 16 x $5A at VRAM $04000 (address not stepped)
        jsr vram_04000
        SETW r0, VERA_DATA0
        SETW r1, 16
        lda #$5A
        jsr memory_fill

        ; pattern p(i) = 7i + 3 at $5400, 600 bytes
        SETW ptr, $5400
        lda #3
        ldy #0
@p:     sta (ptr),y
        clc
        adc #7
        iny
        bne :+
        inc ptr+1
:       cpy #<600
        bne @p
        ldx ptr+1
        cpx #>($5400+600)
        bne @p
        ; copy without overlap: $5400 -> $5800, 300 bytes
        SETW r0, $5400
        SETW r1, $5800
        SETW r2, 300
        jsr memory_copy
        ; overlap with the destination above the source: $5400 -> $5410, 300 bytes
        SETW r0, $5400
        SETW r1, $5410
        SETW r2, 300
        jsr memory_copy
        ; pattern q(i) = i ^ $5A at $6000, 256 bytes, then overlap downwards: $6010 -> $6000
        ldy #0
:       tya
        eor #$5A
        sta $6000,y
        iny
        bne :-
        SETW r0, $6010
        SETW r1, $6000
        SETW r2, 200
        jsr memory_copy
        ; copy from VERA's data port: VRAM $04000 (16 x $5A) -> $6400
        jsr vram_04000
        SETW r0, VERA_DATA0
        SETW r1, $6400
        SETW r2, 16
        jsr memory_copy
        ; a count of 0 copies nothing
        lda #$EE
        sta $6500
        SETW r0, $5000
        SETW r1, $6500
        SETW r2, 0
        jsr memory_copy

        ; memory_crc: "123456789" (CRC-16/CCITT-FALSE check value $29B1), 0 bytes, $5800 x 300
        SETW r0, digits
        SETW r1, 9
        jsr memory_crc
        lda r2
        sta $0420
        lda r2+1
        sta $0421
        SETW r0, digits
        SETW r1, 0
        jsr memory_crc
        lda r2
        sta $0422
        lda r2+1
        sta $0423
        SETW r0, $5800
        SETW r1, 300
        jsr memory_crc
        lda r2
        sta $0424
        lda r2+1
        sta $0425

        ; memory_decompress: the LZSA2 block at $7000 -> $2000; r1 = end of the output
        SETW r0, $7000
        SETW r1, $2000
        jsr memory_decompress
        lda r1
        sta $0426
        lda r1+1
        sta $0427

        ; FETCH from RAM bank 5, ROM bank 0 and low RAM
        lda #5
        sta ram_bank
        lda #$77
        sta $A003
        lda #1
        sta ram_bank
        SETW $22, $A000
        lda #$22
        ldx #5
        ldy #3
        jsr FETCH
        RESULT $0430            ; A=$77, N=0 Z=0
        lda ram_bank
        sta $0434               ; 1: restored
        SETW $24, $FFFC
        lda #$24
        ldx #0
        ldy #1
        jsr FETCH
        sta $0435               ; high byte of the RESET vector
        SETW $26, $0420
        lda #$26
        ldx #3
        ldy #1
        jsr FETCH
        sta $0436               ; = $0421

        ; STASH $99 into RAM bank 6 at $A012
        SETW $28, $A010
        lda #$28
        sta stavec
        lda #$99
        ldx #6
        ldy #2
        jsr STASH
        lda ram_bank
        sta $0437               ; 1

        ; JSRFAR into RAM bank 4: copy the routine to $A000 there, call it with A/X/Y/C
        lda #4
        sta ram_bank
        ldx #farcode_end-farcode-1
:       lda farcode,x
        sta $A000,x
        dex
        bpl :-
        lda #1
        sta ram_bank
        lda #$10
        ldx #$20
        ldy #$30
        sec
        jsr JSRFAR
        .word $A000
        .byte 4
        RESULT $0448            ; A = $10+1+C = $12, X=$21, Y=$31, C=0
        lda ram_bank
        sta $044C               ; 1
        ; JSRFAR into ROM bank 0: SCREEN
        lda rom_bank
        sta $0455               ; the bank the program runs with (0; 4 = BASIC's on the official ROM)
        jsr JSRFAR
        .word $FFED
        .byte 0
        RESULT $0450            ; X=80 Y=60
        lda rom_bank
        sta $0454               ; the same again

        ; entropy_get, twice
        jsr entropy_get
        RESULT $0458
        jsr entropy_get
        RESULT $045C
        DONE

vram_04000:
        stz VERA_CTRL
        stz VERA_ADDR_L
        lda #$40
        sta VERA_ADDR_M
        lda #$10                ; bank 0, increment 1
        sta VERA_ADDR_H
        rts

digits: .byte "123456789"

; runs at $A000 in RAM bank 4: records the bank it sees, then A+1+C, X+1, Y+1
farcode:
        pha
        lda ram_bank
        sta $0440
        pla
        inx
        iny
        adc #1
        rts
farcode_end:
