; LOAD from the host file system with the built-in ROM: into RAM, VRAM and banked RAM, and
; the error cases. Each result goes to $0400 + 4*n: flags (P), A, X, Y after the call.
.include "prg.inc"
SETLFS = $FFBA
SETNAM = $FFBD
LOAD   = $FFD5

.macro LOADFILE mname, mlen, msa, mmode, maddr
        lda #1
        ldx #8
        ldy #msa
        jsr SETLFS
        lda #mlen
        ldx #<mname
        ldy #>mname
        jsr SETNAM
        lda #mmode
        ldx #<maddr
        ldy #>maddr
        jsr LOAD
.endmacro

.macro RESULT n
        php
        sta $0401+4*n
        pla
        sta $0400+4*n
        stx $0402+4*n
        sty $0403+4*n
.endmacro

        LOADFILE data, 8, 0, 0, $4000   ; 0: RAM at $4000, header skipped
        RESULT 0
        LOADFILE data, 8, 1, 0, $0000   ; 1: RAM at the header's address ($5000)
        RESULT 1
        LOADFILE data, 8, 0, 3, $2000   ; 2: VRAM bank 1: $12000
        RESULT 2
        lda #2
        sta $00                         ; RAM bank 2
        LOADFILE big, 7, 0, 0, $BF00    ; 3: banked RAM, crossing into bank 3
        RESULT 3
        lda $00
        sta $0440                       ; RAM bank after the load
        LOADFILE nope, 4, 0, 0, $4000   ; 4: missing file
        RESULT 4
        LOADFILE escape, 9, 0, 0, $4000 ; 5: a path outside the root
        RESULT 5
        LOADFILE big, 7, 0, 0, $9E00    ; 6: past the end of fixed RAM
        RESULT 6
        LOADFILE sub, 11, 0, 0, $6000   ; 7: a file in a subdirectory
        RESULT 7
        jsr $FF4D                       ; 8: unimplemented (clock_set_date_time)
        RESULT 8
        rts

data:   .byte "DATA.BIN"
big:    .byte "BIG.BIN"
nope:   .byte "NOPE"
escape: .byte "../SECRET"
sub:    .byte "DIR/SUB.BIN"
