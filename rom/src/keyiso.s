; x16scope built-in KERNAL: the keyboard in ISO mode. After CHROUT $0F the official
; KERNAL's keyboard types ISO-8859-15 instead of PETSCII: letters are ASCII (a-z plain,
; A-Z shifted) and the US keys with no PETSCII character give theirs (` ~ _ { } |).
; Programs in ISO mode compare with those codes (Prog8 programs that switch with txt.iso()).
.include "kernal.inc"

.export iso_key

.segment "CODE"

; iso_key: A = the PETSCII code the US keymap gave key number X (0 = none), shflag the
; shift state -> A = the ISO code (Z set if none). X and Y kept.
iso_key:
        cmp #$41
        bcc @tab
        cmp #$5B
        bcs :+
        ora #$20                ; a plain letter: lower case
        rts
:       cmp #$C1
        bcc @tab
        cmp #$DB
        bcs @tab
        and #$7F                ; a shifted letter: upper case
        rts
@tab:   phy
        pha
        lda shflag
        and #1                  ; shift: the second column of the table
        tay
:       lda iso_keys,y
        beq @keep               ; the table's end
        txa
        cmp iso_keys,y
        beq @found
        iny
        iny
        iny
        iny
        bra :-
@found: pla
        lda iso_keys+2,y
        ply
        and #$FF
        rts
@keep:  pla
        ply
        and #$FF
        rts

; key number, key number (shifted), ISO plain, ISO shifted; rows are 4 bytes with the
; shifted row starting one byte in, so the plain lookup reads columns 0/2, the shifted 1/3
iso_keys:
        .byte 1, 1, $60, $7E    ; ` ~
        .byte 12, 12, '-', $5F  ; - _
        .byte 27, 27, '[', $7B  ; [ {
        .byte 28, 28, ']', $7D  ; ] }
        .byte 29, 29, $5C, $7C  ; \ |
        .byte 0, 0
