; cc65's exit path (libsrc/cx16/crt0.s): it maps ROM bank 4, BASIC in the official ROM,
; before its final RTS. The program must still get back to READY on both ROMs.
.include "prg.inc"
.include "api.inc"

        lda #$A5                ; DONE's flag: the program has finished
        sta $04FF
        lda #$04
        sta rom_bank
        rts
