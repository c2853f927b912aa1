; cx16.set_chrin_keyhandler (Prog8) and the editor's custom BASIN key handler: RAM bank 0
; $AC03/$AC04 = handler, $AC05 = its bank, set before each CHRIN line. The handler swaps T
; and W and drops X. Line 1 ("TWAX") is read with it, line 2 ("TX") without (the editor
; clears the vector at the end of a line). Results: $0400+ line 1, $0420+ line 2, $0440
; the number of first (C=1) calls, $0441 of second (C=0) calls.
.include "prg.inc"
.include "api.inc"

edkeyvec = $AC03
edkeybk  = $AC05
P8ZP_SCRATCH_W1 = $7C
P8ZP_SCRATCH_REG = $7B

        stz $0440
        stz $0441
        lda #0                  ; set_chrin_keyhandler(0, handler)
        ldx #<handler
        ldy #>handler
        jsr set_handler
        ldx #0
:       lda keys1,x
        beq :+
        jsr kbdbuf_put
        inx
        bra :-
:       lda #<$0400
        ldy #>$0400
        jsr input_chars
        ldx #0
:       lda keys2,x
        beq :+
        jsr kbdbuf_put
        inx
        bra :-
:       lda #<$0420
        ldy #>$0420
        jsr input_chars
        DONE

; cx16.set_chrin_keyhandler: A = bank, X/Y = handler
set_handler:
        sei
        sta P8ZP_SCRATCH_REG
        lda ram_bank
        pha
        stz ram_bank
        lda P8ZP_SCRATCH_REG
        sta edkeybk
        stx edkeyvec
        sty edkeyvec+1
        pla
        sta ram_bank
        cli
        rts

; txt.input_chars: CHRIN up to RETURN into (A/Y), 0-terminated
input_chars:
        sta P8ZP_SCRATCH_W1
        sty P8ZP_SCRATCH_W1+1
        ldy #0
:       jsr CHRIN
        cmp #$0D
        beq :+
        sta (P8ZP_SCRATCH_W1),y
        iny
        bne :-
:       lda #0
        sta (P8ZP_SCRATCH_W1),y
        rts

handler:
        bcs @check
        inc $0441
        cmp #'T'
        bne :+
        lda #'W'
        rts
:       cmp #'W'
        bne :+
        lda #'T'
        rts
:       lda #0                  ; X: dropped
        rts
@check: inc $0440
        cmp #'T'
        beq @over
        cmp #'W'
        beq @over
        cmp #'X'
        beq @over
        sec
        rts
@over:  clc
        rts

keys1:  .byte "TWAX", $0D, 0
keys2:  .byte "TX", $0D, 0
