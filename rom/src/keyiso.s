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
        pha
        lda shflag
        and #2
        beq :+
        pla
        cpx #80                 ; Alt (or AltGr): the editing and function keys as without
        beq @altk               ; it, but Home (the official tables have it plain and
        cpx #75                 ; shifted only); the others give the table's character
        bcs @alt                ; or nothing
@altk:  jmp iso_alt
:       pla
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
@alt:   and #$FF
        rts

; iso_alt: Alt + key number X (below 75) in ISO mode -> A = the character of the official
; US (ABC/X16) layout's Alt table, Z set if the key has none there. The layout's dead keys
; (Alt ` a p x, Shift+Alt s: an accent for the next key) are not composed: they type
; nothing, as they do at first there. X and Y kept.
iso_alt:
        phy
        ldy #0
:       lda iso_alts,y
        beq @none               ; the table's end
        txa
        cmp iso_alts,y
        beq @found
        iny
        iny
        iny
        bra :-
@found: lda shflag
        lsr                     ; C = shift: the second column
        bcc :+
        iny
:       lda iso_alts+1,y
        ply
        and #$FF
        rts
@none:  ply
        lda #0
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

; key number, Alt, Shift+Alt (ISO-8859-15; 0 = nothing)
iso_alts:
        .byte 2, $A1, 0         ; 1: inverted !
        .byte 3, 0, $A4         ; 2: euro sign
        .byte 4, $A3, 0         ; 3: pound
        .byte 5, $A2, 0         ; 4: cent
        .byte 6, $A7, 0         ; 5: section
        .byte 8, $B6, 0         ; 7: pilcrow
        .byte 9, 0, $B0         ; 8: degree
        .byte 10, $AA, $B7      ; 9: feminine ordinal, middle dot
        .byte 11, $BA, 0        ; 0: masculine ordinal
        .byte 12, 0, $AD        ; -: soft hyphen
        .byte 13, 0, $B1        ; =: plus-minus
        .byte 17, $BD, $BC      ; q: oe, OE
        .byte 20, $AE, 0        ; r: registered
        .byte 21, $FE, $DE      ; t: thorn
        .byte 22, $A5, 0        ; y: yen
        .byte 25, $F8, $D8      ; o: o slash
        .byte 27, 0, $B5        ; [
        .byte 29, $AB, $BB      ; \: guillemets
        .byte 31, 0, $B9        ; a: superscript 1 (Alt a: a dead key)
        .byte 32, $DF, 0        ; s: sharp s
        .byte 33, $F0, $D0      ; d: eth
        .byte 35, $A9, 0        ; g: copyright
        .byte 38, 0, $AD        ; k
        .byte 39, $AC, 0        ; l: not sign
        .byte 41, $E6, $C6      ; ': ae, AE
        .byte 48, 0, $B3        ; c: superscript 3
        .byte 50, 0, $B2        ; b: superscript 2
        .byte 52, $B5, 0        ; m: micro
        .byte 53, 0, $A5        ; ,
        .byte 55, $F7, $BF      ; /: division, inverted ?
        .byte 0
