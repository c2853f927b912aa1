; The keyboard in ISO mode (txt.iso(): CHROUT $0F): GETIN returns ISO-8859-15 codes, as a
; Prog8 program in ISO mode compares them. The test types "aZ`~_{|" once $0410 = 1;
; $0400+ gets the seven codes, then PETSCII mode again and "aZ" -> $0408+.
.include "prg.inc"
.include "api.inc"

        lda #$0F
        jsr CHROUT
        ldx #0
        lda #1
        sta $0410
@iso:   phx
        jsr GETIN
        plx
        cmp #0
        beq @iso
        sta $0400,x
        inx
        cpx #7
        bne @iso
        lda #$8F
        jsr CHROUT
        lda #2
        sta $0410
        ldx #0
@pet:   phx
        jsr GETIN
        plx
        cmp #0
        beq @pet
        sta $0408,x
        inx
        cpx #2
        bne @pet
        DONE
