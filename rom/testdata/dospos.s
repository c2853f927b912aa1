; The host disk's CMDR-DOS position commands through the KERNAL, as Prog8's diskio and
; BASIC use them: OPEN 2,8,2,"DATA.BIN"; "P" (channel 2, position 269 = $0000010D: a $0D
; among the binary bytes) in OPEN 15's name; read 2 bytes; "T"+CHR$(2) sent with CHROUT on
; channel 15 (PRINT#15 style, with its CR); "P" to 5 the same way; read 1 byte; "S:JUNK?"
; (two files go); "T" on a channel with no file. Results (core/rom_dospos_test.go):
;   $0400 OPEN 2 (P A X Y)   $0404 bytes at 269, 270   $0406 READST after them
;   $0407 byte at 5 after the second P   $0408 byte at 299 (P 299), $0409 READST (EOI)
;   $0500 status after P 269, $0520 T's reply, $0540 status after P 5,
;   $0560 S's reply, $0580 T on channel 9's reply, $05A0 T at 299 + 1 byte: each to its CR.
; It returns with RTS, or ends with JMP $FFFF when exit_ffff is set (the official
; emulator exits there and, with -dump R, writes its RAM to dump.bin).
.include "prg.inc"
.include "api.inc"

.macro SEND15 label, len
        ; CHKOUT 15, the bytes, CR, CLRCHN (UNLISTEN runs the command)
        ldx #15
        jsr CHKOUT
        ldx #0
:       lda label,x
        jsr CHROUT
        inx
        cpx #len
        bne :-
        lda #$0D
        jsr CHROUT
        jsr CLRCHN
.endmacro

.macro STATUS15 addr
        ; CHKIN 15 and read the status line, CR included
        ldx #15
        jsr CHKIN
        ldy #0
:       jsr CHRIN
        sta addr,y
        iny
        cmp #$0D
        beq :+
        cpy #32
        bne :-
:       jsr CLRCHN
.endmacro

        lda #2
        ldx #8
        ldy #2
        jsr SETLFS
        lda #dname_end-dname
        ldx #<dname
        ldy #>dname
        jsr SETNAM
        jsr OPEN
        RESULT $0400

        ; OPEN 15,8,15,"P"+CHR$(2)+CHR$(13)+CHR$(1)+CHR$(0)+CHR$(0)
        lda #15
        ldx #8
        ldy #15
        jsr SETLFS
        lda #pos269_end-pos269
        ldx #<pos269
        ldy #>pos269
        jsr SETNAM
        jsr OPEN
        STATUS15 $0500

        ldx #2
        jsr CHKIN
        jsr CHRIN
        sta $0404
        jsr CHRIN
        sta $0405
        jsr READST
        sta $0406
        jsr CLRCHN

        SEND15 tell2, 2
        STATUS15 $0520

        SEND15 pos5, 6
        STATUS15 $0540
        ldx #2
        jsr CHKIN
        jsr CHRIN
        sta $0407
        jsr CLRCHN

        SEND15 scratch, scratch_end-scratch
        STATUS15 $0560

        SEND15 tell9, 2
        STATUS15 $0580

        ; the last byte: P 299, one byte with EOI, then T says 300 of 300
        SEND15 pos299, 6
        ldx #2
        jsr CHKIN
        jsr CHRIN
        sta $0408
        jsr READST
        sta $0409
        jsr CLRCHN
        SEND15 tell2, 2
        STATUS15 $05A0

        lda #2
        jsr CLOSE
        lda #15
        jsr CLOSE
        lda #$A5
        sta $04FF               ; DONE flag of the test helpers
        lda exit_ffff
        bne :+
        rts
:       jmp $FFFF

dname:  .byte "DATA.BIN"
dname_end:
pos269: .byte "P", 2, $0D, $01, $00, $00
pos269_end:
tell2:  .byte "T", 2
pos5:   .byte "P", 2, 5, 0, 0, 0
pos299: .byte "P", 2, $2B, $01, 0, 0
tell9:  .byte "T", 9
scratch: .byte "S:JUNK?"
scratch_end:
; The Go test sets this byte in a copy of the PRG for the official emulator run.
exit_ffff:
        .byte 0
