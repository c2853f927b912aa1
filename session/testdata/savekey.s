; savekey.s: each key typed is counted at $30 and the count saved as the file COUNT (one
; byte, replaced each time with "@:"), through the KERNAL's SETLFS, SETNAM and SAVE on
; device 8. The time-travel test goes back before a save and expects the file as it was.
.include "prg.inc"

SETLFS  = $FFBA
SETNAM  = $FFBD
SAVE    = $FFD8
GETIN   = $FFE4
count   = $30
ptr     = $32               ; SAVE's start address, in zero page

start:
        stz count
        cli
loop:   wai
        jsr GETIN
        beq loop
        inc count
        lda #<count
        sta ptr
        lda #>count
        sta ptr+1
        lda #1              ; logical file 1, device 8, secondary address 0
        ldx #8
        ldy #0
        jsr SETLFS
        lda #name_end-name
        ldx #<name
        ldy #>name
        jsr SETNAM
        lda #ptr            ; save count..count (one byte: the end is exclusive)
        ldx #<(count+1)
        ldy #>(count+1)
        jsr SAVE
        bra loop

name:   .byte "@:COUNT"
name_end:
