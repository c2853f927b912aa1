; The screen editor's line input edited with keys: rounds of CHRIN from the keyboard while
; the Go test (core/rom_lineedit_test.go) types seeded random keys (characters, cursor keys,
; DEL, INST, HOME, quotes, long lines that wrap, RETURN on other rows) and compares, with
; the official ROM, what CHRIN returned, the screen (screen codes and colours) and the
; cursor.
; A round: the program sets $0410 = 1 and waits for $0410 = 2; the test has then set $0411
; = the screen mode, $0412 = the row to start on, $0413 = the lines to read (0: end). The
; program sets the mode (which clears the screen), moves to the row, prints "? " and reads
; that many lines, each up to and including its RETURN, which it then prints as BASIC
; does. Results: $4000+ the bytes CHRIN returned, $0414/$0415 their count; $0420+ the row
; and column (PLOT) when each line's RETURN was read, two bytes a line; $0416/$0417 row and
; column at the end of the round.
.include "prg.inc"
.include "api.inc"

round:  lda #1
        sta $0410
:       lda $0410
        cmp #2
        bne :-
        lda $0413
        bne :+
        DONE
:       lda $0411
        clc
        jsr screen_mode
        ldx $0412
        ldy #0
        clc
        jsr PLOT
        lda #'?'
        jsr CHROUT
        lda #' '
        jsr CHROUT
        stz $0414
        stz $0415
        stz tmp                 ; lines read
@line:  jsr CHRIN
        ldx $0414
        sta $4000,x
        inc $0414
        bne :+
        inc $0415               ; (more than 255 bytes: the count goes on, the bytes wrap)
:       cmp #$0D
        bne @line
        sec
        jsr PLOT
        lda tmp
        asl
        phx
        tax
        pla
        sta $0420,x
        tya
        sta $0421,x
        lda #$0D
        jsr CHROUT
        inc tmp
        lda tmp
        cmp $0413
        bne @line
        sec
        jsr PLOT
        stx $0416
        sty $0417
        jmp round

tmp:    .byte 0
