; Host disk directory listings through the KERNAL, as the file manager (FM.PRG) and BASIC
; read them: for each name of the table, OPEN 2,8,0,NAME, CHKIN 2, CHRIN until READST
; reports the end, CLOSE 2; a name that does not start with "$" is a DOS command (OPEN
; 15,8,15,NAME: CD into the subdirectory and back). The listings go one after another
; from $4000; $0400+2*i holds the address after the i-th one ($04F0 = the count).
; core/rom_dirlist_test.go compares them with the bytes the official emulator's host file
; system sends (and runs this program there too). It returns with RTS, or ends with JMP
; $FFFF when exit_ffff is set (the official emulator exits there; -dump R writes its RAM).
.include "prg.inc"
.include "api.inc"

ptr   = $30                     ; where the next byte of a listing goes
entry = $32                     ; index into the name table
count = $33                     ; listings read so far
nptr  = $34                     ; the current name

        lda #<$4000
        sta ptr
        lda #>$4000
        sta ptr+1
        stz entry
        stz count
next:   ldx entry
        lda names,x
        sta nptr
        lda names+1,x
        sta nptr+1
        ora nptr
        beq done
        inx
        inx
        stx entry
        ldy #0                  ; the name's length: up to its 0
:       lda (nptr),y
        beq :+
        iny
        bra :-
:       tya
        ldx nptr
        ldy nptr+1
        jsr SETNAM
        lda (nptr)
        cmp #'$'
        beq list
        ; a DOS command: OPEN 15,8,15,NAME then CLOSE 15
        lda #15
        ldx #8
        ldy #15
        jsr SETLFS
        jsr OPEN
        lda #15
        jsr CLOSE
        jmp next

list:   lda #2
        ldx #8
        ldy #0
        jsr SETLFS
        jsr OPEN
        bcs closed
        ldx #2
        jsr CHKIN
byte:   jsr CHRIN
        sta (ptr)
        jsr READST
        and #$02                ; nothing read: the byte is not part of the listing
        bne ended
        inc ptr
        bne :+
        inc ptr+1
:       jsr READST
        bne ended               ; EOI after the last byte, or an error
        lda ptr+1
        cmp #$90                ; never past $8FFF
        bne byte
ended:  jsr CLRCHN
closed: lda #2
        jsr CLOSE
        lda count
        asl
        tax
        lda ptr
        sta $0400,x
        lda ptr+1
        sta $0401,x
        inc count
        jmp next

done:   lda count
        sta $04F0
        lda #$A5
        sta $04FF               ; DONE flag of the test helpers
        lda exit_ffff
        bne :+
        rts
:       jmp $FFFF

names:  .word n0, n1, n2, n3, n4, n5, n6, n7, n8, n9, cdsub, n10, n11, n12, cdroot, 0
n0:     .byte "$", 0
n1:     .byte "$:*", 0
n2:     .byte "$B*", 0
n3:     .byte "$=D", 0
n4:     .byte "$:*=P", 0
n5:     .byte "$=T:B*", 0
n6:     .byte "$=L:*", 0
n7:     .byte "$=L:*=D", 0
n8:     .byte "$=C", 0
n9:     .byte "$=P:B*", 0
cdsub:  .byte "CD:SUB", 0
n10:    .byte "$", 0
n11:    .byte "$=C", 0
n12:    .byte "$=L", 0
cdroot: .byte "CD:/", 0
; The Go test sets this byte in a copy of the PRG for the official emulator run.
exit_ffff:
        .byte 0
