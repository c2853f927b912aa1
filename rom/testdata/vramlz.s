; memory_decompress into VERA's data port: the LZSA2 block at $7000 (put there by the Go
; test, core/rom_vramlz_test.go) is decompressed through DATA0 ($9F23) to VRAM $00000, over
; VRAM filled with $EE so a match read back stale shows. Its matches are copies from the
; output already in VRAM, including overlapping ones 1 and 2 bytes back (runs), which read
; what was written just before. Port 1's address and VERA_CTRL are set to known values
; first: the call must give them back. Results at $0400+.
.include "prg.inc"
.include "api.inc"

.macro SETW reg, value
        lda #<(value)
        sta reg
        lda #>(value)
        sta reg+1
.endmacro

        ; $EE over VRAM $00000-$03FFF (port 0, step 1)
        stz VERA_CTRL
        stz VERA_ADDR_L
        stz VERA_ADDR_M
        lda #$10
        sta VERA_ADDR_H
        ldx #$40
        ldy #0
        lda #$EE
:       sta VERA_DATA0
        iny
        bne :-
        dex
        bne :-
        ; port 1 at $1F9C0 step 2, to be given back
        lda #1
        sta VERA_CTRL
        lda #$C0
        sta VERA_ADDR_L
        lda #$F9
        sta VERA_ADDR_M
        lda #$21
        sta VERA_ADDR_H
        ; port 0 at $00000 step 1, selected
        stz VERA_CTRL
        stz VERA_ADDR_L
        stz VERA_ADDR_M
        lda #$10
        sta VERA_ADDR_H
        SETW r0, $7000
        SETW r1, VERA_DATA0
        jsr memory_decompress
        ; $0400 CTRL, $0401-$0403 port 0's address, $0404-$0406 port 1's, $0407/8 r1
        lda VERA_CTRL
        sta $0400
        stz VERA_CTRL
        lda VERA_ADDR_L
        sta $0401
        lda VERA_ADDR_M
        sta $0402
        lda VERA_ADDR_H
        sta $0403
        lda #1
        sta VERA_CTRL
        lda VERA_ADDR_L
        sta $0404
        lda VERA_ADDR_M
        sta $0405
        lda VERA_ADDR_H
        sta $0406
        stz VERA_CTRL
        lda r1
        sta $0407
        lda r1+1
        sta $0408
        DONE
