; LOADs a file that is not there, twice, then waits: the machine's notice ("LOAD "NOPE": 62,
; FILE NOT FOUND...") is what overlay's TestUIShowsMachineNotices expects in the page's
; notice bar.
.include "prg.inc"

SETLFS = $FFBA
SETNAM = $FFBD
LOAD   = $FFD5

        jsr load
        jsr load
:       jmp :-

load:   lda #name_end-name
        ldx #<name
        ldy #>name
        jsr SETNAM
        lda #1
        ldx #8
        ldy #1
        jsr SETLFS
        lda #0
        jmp LOAD

name:   .byte "NOPE"
name_end:
