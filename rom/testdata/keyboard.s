; The built-in ROM's keyboard calls: kbdbuf_put, kbdbuf_peek, GETIN (the "kbdbuf_get" of
; the KERNAL), kbdbuf_get_modifiers, CHRIN from the keyboard (line input) and STOP. Keys
; come from the Go test through the SMC; $0410 tells it what the program waits for:
; 1 = a line for CHRIN, 2 = shift held, 3 = shift released, 4 = a key for GETIN, 5 = the
; STOP key (Pause/Break).
.include "prg.inc"
.include "api.inc"

        lda #'X'
        jsr kbdbuf_put
        lda #'Y'
        jsr kbdbuf_put
        jsr kbdbuf_peek
        sta $0400               ; 'X'
        stx $0401               ; 2 waiting
        jsr GETIN
        sta $0402               ; 'X'
        jsr GETIN
        sta $0403               ; 'Y'
        jsr GETIN
        sta $0404               ; 0: empty
        jsr kbdbuf_peek
        stx $0405               ; 0
        ldy #11                 ; 11 characters into a 10-character buffer
:       tya
        ora #$40
        jsr kbdbuf_put
        dey
        bne :-
        jsr kbdbuf_peek
        sta $0406               ; the first one: 'K' ($4B)
        stx $0407               ; 10
:       jsr GETIN               ; empty it
        bne :-

        ; CHRIN: one typed line, character by character, up to and including RETURN
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
        stx $0408               ; characters received

        ; modifiers: wait until shift is down, then up
        lda #2
        sta $0410
:       wai
        jsr kbdbuf_get_modifiers
        and #1
        beq :-
        jsr kbdbuf_get_modifiers
        sta $0409               ; 1: shift
        lda #3
        sta $0410
:       wai
        jsr kbdbuf_get_modifiers
        bne :-
:       jsr GETIN               ; drop anything the shift key typed (nothing, normally)
        bne :-

        ; GETIN: wait for a typed key
        lda #4
        sta $0410
:       wai
        jsr GETIN
        beq :-
        sta $040A               ; '!' ($21): shift + 1
        ; STOP: wait for the STOP key
        lda #5
        sta $0410
:       wai
        jsr STOP
        bne :-
        php
        pla
        sta $040B               ; Z set
        lda #6
        sta $0410
        DONE
