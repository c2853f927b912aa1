; Hooks CINV ($0314), counts VSYNC interrupts in its own handler, chains to the KERNAL's
; handler, and waits for 10 of them; then restores the vector. Result: $0400 = count,
; $0401-$0403 = jiffies before, $0404-$0406 = jiffies after (RDTIM).
.include "prg.inc"
.include "api.inc"
CINV  = $0314

        jsr RDTIM
        sta $0401
        stx $0402
        sty $0403
        stz $0400
        sei
        lda CINV
        sta old
        lda CINV+1
        sta old+1
        lda #<handler
        sta CINV
        lda #>handler
        sta CINV+1
        cli
:       lda $0400
        cmp #10
        bcc :-
        sei
        lda old
        sta CINV
        lda old+1
        sta CINV+1
        cli
        jsr RDTIM
        sta $0404
        stx $0405
        sty $0406
        DONE

handler:
        lda VERA_ISR
        and #1
        beq :+
        inc $0400
:       jmp (old)

old:    .word 0
