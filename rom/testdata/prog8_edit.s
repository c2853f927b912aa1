; CHROUT's editing codes as Prog8 programs print them (txt.chrout): DEL ($14) in the middle
; of a row (the rest moves left), DEL at column 0 (to the end of the row above), INST ($94,
; the rest moves right; the characters after it fill the spaces, control codes as glyphs).
; Rows 0-3 are copied to $6000 + row * 256 (core/rom_prog8_test.go
; compares them with the official ROM's); the cursor at the end at $0400/$0401.
.include "prg.inc"
.include "api.inc"

        lda #147
        jsr CHROUT
        ldx #0
:       lda msg,x
        beq :+
        jsr CHROUT
        inx
        bra :-
:       sec
        jsr PLOT
        stx $0400               ; 3
        sty $0401               ; 1
        stz VERA_CTRL
        lda #$11
        sta VERA_ADDR_H
        ldy #0
@row:   tya
        clc
        adc #$B0
        sta VERA_ADDR_M
        stz VERA_ADDR_L
        tya
        clc
        adc #$60
        sta $7D
        stz $7C
        phy
        ldy #0
:       lda VERA_DATA0
        sta ($7C),y
        iny
        cpy #160
        bne :-
        ply
        iny
        cpy #4
        bne @row
        DONE

msg:    .byte "ABCDE", $9D, $9D, $14, "X", $0D
        .byte "PQ", $14, $14, $14, "R", $0D
        .byte "LMN", $9D, $94, "I", $0D
        .byte "AB", $9D, $9D, $94, $94, $05, "Z", $14, 0
