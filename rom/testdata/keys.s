; The keyboard, every key with every modifier (core/rom_keys_test.go drives it): every code
; GETIN returns goes to $4000+ ($0400/1 = how many) until $0402 is set. The test asks for
; the rest in $0405: 1 = ISO mode (CHROUT $0F), 2 = PETSCII mode (CHROUT $8F), 3 = call
; STOP once (P to $0407, the keyboard buffer's count to $0408), and the program answers by
; clearing $0405. $0406 always holds what kbdbuf_get_modifiers last gave.
.include "prg.inc"
.include "api.inc"

ptr = $30

        stz $0400
        stz $0401
        stz $0402
        stz $0405
        stz ptr
        lda #$40
        sta ptr+1
        lda #1
        sta $0403               ; ready
@wait:  jsr kbdbuf_get_modifiers
        sta $0406
        lda $0402
        bne @end
        lda $0405
        bne @ask
        jsr GETIN
        cmp #0
        beq @wait
        sta (ptr)
        inc ptr
        bne :+
        inc ptr+1
:       inc $0400
        bne @wait
        inc $0401
        bra @wait
@ask:   cmp #3
        beq @stop
        cmp #1
        bne :+
        lda #$0F
        bra @out
:       lda #$8F
@out:   jsr CHROUT
        stz $0405
        bra @wait
@stop:  jsr STOP
        php
        pla
        sta $0407
        jsr kbdbuf_peek
        stx $0408
        stz $0405
        bra @wait
@end:   lda #$8F
        jsr CHROUT
        DONE
