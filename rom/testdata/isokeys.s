; The keyboard in ISO mode: after CHROUT $0F, every code GETIN returns goes to $4000+ ($0400/1
; = how many) until $0402 is set (core/rom_iso_test.go types every key, plain and with the
; modifiers, and compares the codes with the official ROM's).
.include "prg.inc"
.include "api.inc"

ptr = $30

        lda #$0F
        jsr CHROUT
        stz $0400
        stz $0401
        stz $0402
        stz ptr
        lda #$40
        sta ptr+1
        lda #1
        sta $0403               ; ready
@wait:  lda $0402
        bne @end
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
@end:   lda #$8F
        jsr CHROUT
        DONE
