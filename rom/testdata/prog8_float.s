; A Prog8 program with floats maps ROM bank 4 and calls the BASIC math library there (here
; FOUT, $FE06). The built-in ROM has no floating point: the call must stop the CPU at its
; entry in bank 4 (core/rom_prog8_test.go), not run into whatever follows.
.include "prg.inc"
.include "api.inc"

FOUT = $FE06

        lda #4
        sta rom_bank            ; as the startup code of a program with floats
        lda #'F'
        jsr CHROUT              ; the KERNAL still works from bank 4
        jsr FOUT
        stz rom_bank
        DONE
