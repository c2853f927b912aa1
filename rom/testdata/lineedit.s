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
; $0418 = round flags: bit 0 ISO mode (CHROUT $0F after the mode is set, else $8F); the
; program sets $0410 = 3 when the prompt is printed and the keys may come;
; bit 1 after the typed lines one more line is read from the screen (device 3): the cursor
; to row $0419, column $041A, then CHRIN (bit 3: GETIN) up to the $0D, with the input
; opened as a file on device 3 (OPEN, CHKIN; CLRCHN, CLOSE after) or, bit 2, with the
; default input device ($028B) set to 3 (and back to 0). Its bytes and end cursor are
; recorded as one more line's.
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
        lda $0418
        lsr
        lda #$8F                ; PETSCII mode, or ISO mode (either clears the screen)
        bcc :+
        lda #$0F
:       jsr CHROUT
        ldx $0412
        ldy #0
        clc
        jsr PLOT
        lda #'?'
        jsr CHROUT
        lda #' '
        jsr CHROUT
        lda #3                  ; the test types now (a key read before the mode is
        sta $0410               ; set would come from the other keyboard layer)
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
        lda $0418
        and #2
        beq @end
        jsr scrline
@end:   sec
        jsr PLOT
        stx $0416
        sty $0417
        jmp round

; scrline: a line read from the screen (device 3), from row $0419, column $041A
scrline:
        ldx $0419
        ldy $041A
        clc
        jsr PLOT
        lda $0418
        and #4
        beq @open
        lda #3
        sta $028B               ; the default input device
        bra @read
@open:  lda #0
        jsr SETNAM
        lda #7
        ldx #3
        ldy #0
        jsr SETLFS
        jsr OPEN
        ldx #7
        jsr CHKIN
@read:  lda $0418
        and #8
        bne @getin
        jsr CHRIN
        bra @got
@getin: jsr GETIN
@got:   ldx $0414
        sta $4000,x
        inc $0414
        bne :+
        inc $0415
:       cmp #$0D
        bne @read
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
        lda $0418
        and #4
        beq @close
        stz $028B
        rts
@close: jsr CLRCHN
        lda #7
        jmp CLOSE

tmp:    .byte 0
