; LOAD from the host file system with the built-in ROM: into RAM, VRAM and banked RAM, and
; the error cases. Each result goes to $0400 + 4*n: flags (P), A, X, Y after the call.
.include "prg.inc"
.include "api.inc"

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


        LOADFILE data, 8, 0, 0, $4000   ; 0: RAM at $4000, header skipped
        RESULT $0400+4*0
        LOADFILE data, 8, 1, 0, $0000   ; 1: RAM at the header's address ($5000)
        RESULT $0400+4*1
        LOADFILE data, 8, 0, 3, $2000   ; 2: VRAM bank 1: $12000
        RESULT $0400+4*2
        lda #2
        sta $00                         ; RAM bank 2
        LOADFILE big, 7, 0, 0, $BF00    ; 3: banked RAM, crossing into bank 3
        RESULT $0400+4*3
        lda $00
        sta $0440                       ; RAM bank after the load
        LOADFILE nope, 4, 0, 0, $4000   ; 4: missing file
        RESULT $0400+4*4
        LOADFILE escape, 9, 0, 0, $4000 ; 5: a path outside the root
        RESULT $0400+4*5
        LOADFILE big, 7, 0, 0, $9E00    ; 6: past the end of fixed RAM
        RESULT $0400+4*6
        LOADFILE sub, 11, 0, 0, $6000   ; 7: a file in a subdirectory
        RESULT $0400+4*7
        DONE

data:   .byte "DATA.BIN"
big:    .byte "BIG.BIN"
nope:   .byte "NOPE"
escape: .byte "../SECRET"
sub:    .byte "DIR/SUB.BIN"
