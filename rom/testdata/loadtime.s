; loadtime: how long LOAD takes from the host folder. It loads S0 (16 bytes) and S1
; (16,384 bytes) to $4000 and records the cycles each took (the emulator's cycle counter
; at $9FB8, 32 bits, set to 0 before SETLFS and read after LOAD returns) at $0400 and $0404, and the
; same for a read through MACPTR in 256-byte blocks at $0408 (S1 opened as a file), a LOAD
; of S1 into VRAM at $040C and into banked RAM (from $A000 in bank 1) at $0410.
; core/rom_loadtime_test.go runs it on both ROMs.
.include "prg.inc"
.include "api.inc"
CYCLES = $9FB8

.macro STAMP
        stz CYCLES              ; a write sets the counter to 0
.endmacro

.macro ELAPSED addr
        ldx #0                  ; reading $9FB8 latches the 32 bits, lowest first
:       lda CYCLES,x
        sta addr,x
        inx
        cpx #4
        bne :-
.endmacro

.macro LOADIT mname, mmode, maddr
        STAMP
        lda #1
        ldx #8
        ldy #0
        jsr SETLFS
        lda #2
        ldx #<mname
        ldy #>mname
        jsr SETNAM
        lda #mmode
        ldx #<maddr
        ldy #>maddr
        jsr LOAD
.endmacro

        LOADIT s0, 0, $4000
        ELAPSED $0400
        LOADIT s1, 0, $4000
        ELAPSED $0404
        LOADIT s1, 2, $4000     ; into VRAM $04000
        ELAPSED $040C
        lda #1
        sta $00
        LOADIT s1, 0, $A000     ; into banked RAM from bank 1
        ELAPSED $0410
        STAMP
        lda #2
        ldx #8
        ldy #2
        jsr SETLFS
        lda #2
        ldx #<s1
        ldy #>s1
        jsr SETNAM
        jsr OPEN
        ldx #2
        jsr CHKIN
@block: lda #0                  ; 256 bytes a call
        ldx #<$4000
        ldy #>$4000
        clc
        jsr MACPTR
        bcs @end
        txa
        bne @block
        tya
        bne @block
@end:   jsr CLRCHN
        lda #2
        jsr CLOSE
        ELAPSED $0408
        DONE

s0:     .byte "S0"
s1:     .byte "S1"
