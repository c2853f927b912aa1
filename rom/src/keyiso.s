; x16scope built-in KERNAL: the keyboard's dead keys. In ISO mode the official US layout has
; accent keys (Alt ` e u n 6 ..., keymap-us.txt's "dead" lines): they type nothing at first,
; and the next key types the accented letter, or the accent and then its own character when
; the two don't combine. Every key with no character in its layer is remembered the same way;
; one with no dead-key entry just gives the next key's character unchanged.
.include "kernal.inc"

.import keymap_dead, kbdbuf_put_irq
.export key_compose

.segment "CODE"

; key_compose (IRQ): A = the character key X typed in layer itmp2 (0 = none) -> puts it into
; the keyboard buffer, composed with a waiting dead key.
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
@group: lda keymap_dead,y       ; find the dead key's group: layer, key, pairs, pairs x 2
        beq @plain
        cmp dk_layer
        bne @next
        txa
        cmp keymap_dead+1,y
        beq @found
@next:  lda keymap_dead+2,y
        asl
        adc #3
        sta itmp3
        tya
        clc
        adc itmp3
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
        ldx keymap_dead+2,y     ; X = pairs
        sta itmp3
:       lda keymap_dead+3,y
        cmp itmp3
        beq :+
        iny
        iny
        dex
        bne :-
        ply
        clc
        rts
:       lda keymap_dead+4,y
        ply
        sec
        rts
