; x16scope built-in KERNAL: the keyboard's dead keys. Layouts have accent keys (the dead-key
; groups of the layout in use, RAM bank 0 km_dead, kbdlayout.s): they type nothing at first,
; and the next key types the accented letter, or the accent and then its own character when
; the two don't combine. As in the official KERNAL, every key with no character in its
; layer is remembered the same way; one with no group just gives the next key's character
; unchanged.
.include "kernal.inc"

.import kbdbuf_put_irq
.export key_compose

.segment "CODE"

; key_compose (IRQ, RAM bank 0 mapped): A = the character key X typed in layer itmp2
; (0 = none) -> puts it into the keyboard buffer, composed with a waiting dead key.
key_compose:
        cmp #0
        bne @char
        stx dk_key              ; nothing: maybe a dead key, waiting for the next one
        lda itmp2
        sta dk_layer
        rts
@char:  ldx dk_key
        bne @dead
        jmp kbdbuf_put_irq
@dead:  stz dk_key
        sta itmp1               ; itmp1 = the second key's character
        ldy #0
@group: lda km_dead,y           ; find the dead key's group: layer, key, length, pairs
        cmp #$FF
        beq @plain
        cmp dk_layer
        bne @next
        txa
        cmp km_dead+1,y
        beq @found
@next:  tya
        clc
        adc km_dead+2,y
        bcs @plain              ; a broken table: past the area
        tay
        bra @group
@found: lda itmp1
        jsr @pair
        bcs @put                ; composed
        lda #' '                ; no: the accent alone (its entry for a space), then the key
        jsr @pair
        bcc @plain
        jsr kbdbuf_put_irq
@plain: lda itmp1
@put:   jmp kbdbuf_put_irq

; @pair: A = character, Y = the group's offset -> C=1 and A = the composed character if the
; group has it; Y kept.
@pair:  phy
        sta itmp3
        lda km_dead+2,y         ; X = pairs: (length - 3) / 2
        sec
        sbc #3
        lsr
        beq @miss
        tax
:       lda km_dead+3,y
        cmp itmp3
        beq :+
        iny
        iny
        dex
        bne :-
@miss:  ply
        clc
        rts
:       lda km_dead+4,y
        ply
        sec
        rts
