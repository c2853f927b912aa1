; CHRIN from the keyboard, twice: the screen editor's line input, read as C libraries read
; it. Each line is asked for after a prompt ("? ") and read character by character up to
; and including the RETURN, which the program then prints itself (the editor leaves the
; cursor on the line: cc65's and llvm-mos's read() echo it "because the editor didn't").
; The first line is read from the default input (device 0, no file); the second as
; llvm-mos's stdin reads it: a file opened on device 0, CHKIN, CHRIN and READST for every
; byte, CLRCHN. The Go test (core/rom_lineinput_test.go) types the lines when $0410 asks
; for them: 1 = the first line, 2 = the second.
; Results: $0420+ the first line's bytes, $0460+ the second's; $0408/$0409 the count of
; each; $0400/$0401 row and column when the RETURN was read (before it is printed),
; $0402/$0403 the same for the second line; $0404/$0405 after the program printed it;
; $040A the READSTs of the second line OR'ed together.
.include "prg.inc"
.include "api.inc"

        jsr prompt
        lda #1
        sta $0410
        ldx #0
:       phx
        jsr CHRIN
        plx
        sta $0420,x
        inx
        cmp #$0D
        bne :-
        stx $0408
        sec
        jsr PLOT
        stx $0400
        sty $0401
        lda #$0D
        jsr CHROUT

        lda #2                  ; OPEN 2,0,255: the keyboard as a file
        ldx #0
        ldy #$FF
        jsr SETLFS
        lda #0
        jsr SETNAM
        jsr OPEN
        jsr prompt
        stz $040A
        lda #2
        sta $0410
        ldx #0
@l2:    phx
        ldx #2
        jsr CHKIN
        jsr CHRIN
        pha
        jsr READST
        ora $040A
        sta $040A
        jsr CLRCHN
        pla
        plx
        sta $0460,x
        inx
        cmp #$0D
        bne @l2
        stx $0409
        sec
        jsr PLOT
        stx $0402
        sty $0403
        lda #$0D
        jsr CHROUT
        sec
        jsr PLOT
        stx $0404
        sty $0405
        lda #2
        jsr CLOSE
        DONE

prompt: lda #'?'
        jsr CHROUT
        lda #' '
        jmp CHROUT
