; The built-in ROM's file calls on the host file system (device 8): SETLFS, SETNAM, OPEN,
; CHKOUT + CHROUT, CHKIN + CHRIN, READST, CLRCHN, CLOSE, the command channel, SAVE and
; MACPTR (into RAM and into VERA's data port), and a file on the screen (device 3).
; Results at $0400+ (P, A, X, Y with RESULT); data read back at $0500+.
.include "prg.inc"
.include "api.inc"

.macro OPENFILE lfn, dev, sec, name, len
        lda #lfn
        ldx #dev
        ldy #sec
        jsr SETLFS
        lda #len
        ldx #<name
        ldy #>name
        jsr SETNAM
        jsr OPEN
.endmacro

        ; write "HELLO, FILE" + CR to OUT.TXT
        OPENFILE 2, 8, 2, outw, outw_end-outw
        RESULT $0400            ; C=0
        ldx #2
        jsr CHKOUT
        RESULT $0404            ; C=0
        ldx #0
:       lda text,x
        jsr CHROUT
        inx
        cpx #text_end-text
        bne :-
        jsr READST
        sta $0408               ; 0
        jsr CLRCHN
        lda #'%'                ; back on the screen, not in the file
        jsr CHROUT
        lda #2
        jsr CLOSE

        ; read it back byte by byte until READST says end of file
        OPENFILE 3, 8, 3, outr, outr_end-outr
        RESULT $0410            ; C=0
        ldx #3
        jsr CHKIN
        RESULT $0414            ; C=0
        ldy #0
:       jsr CHRIN
        sta $0500,y
        iny
        jsr READST
        beq :-
        sty $0418               ; bytes read: 12
        sta $0419               ; $40: end of file
        jsr CLRCHN
        lda #3
        jsr CLOSE

        ; a missing file: OPEN succeeds as with the official KERNAL, the first read fails
        OPENFILE 4, 8, 4, nope, nope_end-nope
        RESULT $0420            ; C=0
        ldx #4
        jsr CHKIN
        jsr CHRIN
        jsr READST
        sta $0424               ; $42: end of file + read timeout (file not found)
        jsr CLRCHN
        lda #4
        jsr CLOSE
        ; the command channel explains: "62,FILE NOT FOUND,00,00"
        OPENFILE 15, 8, 15, nope, 0
        ldx #15
        jsr CHKIN
        ldy #0
:       jsr CHRIN
        sta $0540,y
        iny
        cmp #$0D
        bne :-
        jsr CLRCHN
        lda #15
        jsr CLOSE

        ; SAVE $5000-$50FF (i ^ $A5) as SAVED.BIN
        ldx #0
:       txa
        eor #$A5
        sta $5000,x
        inx
        bne :-
        lda #1
        ldx #8
        ldy #0
        jsr SETLFS
        lda #saved_end-saved
        ldx #<saved
        ldy #>saved
        jsr SETNAM
        lda #<$5000
        sta $22
        lda #>$5000
        sta $23
        lda #$22
        ldx #<$5100
        ldy #>$5100
        jsr SAVE
        RESULT $0428            ; C=0

        ; MACPTR: 100 bytes to $5400, then the rest (A=0: as many as it likes), then none
        OPENFILE 5, 8, 5, saved, saved_end-saved
        ldx #5
        jsr CHKIN
        lda #100
        ldx #<$5400
        ldy #>$5400
        clc
        jsr MACPTR
        RESULT $0430            ; C=0, X/Y = 100
        lda #0
        ldx #<$5464
        ldy #>$5464
        clc
        jsr MACPTR
        RESULT $0434            ; C=0, X/Y = 158
        jsr READST
        sta $0438               ; $40
        jsr CLRCHN
        lda #5
        jsr CLOSE
        ; MACPTR into VERA: 16 bytes through DATA0 (C=1: the address does not step)
        OPENFILE 6, 8, 6, saved, saved_end-saved
        ldx #6
        jsr CHKIN
        stz VERA_CTRL
        stz VERA_ADDR_L
        lda #$50
        sta VERA_ADDR_M
        lda #$10                ; VRAM $05000, increment 1
        sta VERA_ADDR_H
        lda #16
        ldx #<VERA_DATA0
        ldy #>VERA_DATA0
        sec
        jsr MACPTR
        RESULT $043C            ; C=0, X/Y = 16
        jsr CLRCHN
        lda #6
        jsr CLOSE

        ; device 3 is the screen: CHROUT through a logical file
        OPENFILE 7, 3, 0, nope, 0
        ldx #7
        jsr CHKOUT
        RESULT $0440            ; C=0
        lda #'#'
        jsr CHROUT
        jsr CLRCHN
        lda #7
        jsr CLOSE
        ; CHKIN on a file that is not open
        ldx #9
        jsr CHKIN
        RESULT $0444            ; C=1, A=3 (file not open)
        DONE

text:   .byte "HELLO, FILE", $0D
text_end:
outw:   .byte "OUT.TXT,S,W"
outw_end:
outr:   .byte "OUT.TXT"
outr_end:
nope:   .byte "NOPE.TXT"
nope_end:
saved:  .byte "SAVED.BIN"
saved_end:
