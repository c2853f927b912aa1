; cx16.set_chrin_keyhandler (Prog8) and the editor's custom BASIN key handler: RAM bank 0
; $AC03/$AC04 = handler, $AC05 = its bank, set before each CHRIN line. The handler swaps T
; and W and drops X. Line 1 ("TWAX") is read with it, line 2 ("TX") without (the editor
; clears the vector at the end of a line). Results: $0400+ line 1, $0420+ line 2, $0440
; the number of first (C=1) calls, $0441 of second (C=0) calls.
; The vector is cleared when the line's final $0D is returned, not when RETURN is
; pressed: line 3 ("TW") is typed without it and the handler is set after its first
; character came back (while the editor hands out the line), line 4 ("TW") then reads
; without it. A line read from the screen (device 3) ends the same way: the handler set
; before it is gone for line 5 ("TW"). $0460+ line 3, $0480+ line 4, $04A0+ line 5 (each
; 0-terminated).
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
        jsr put_keys            ; line 3: the handler set after its first character
        jsr CHRIN
        sta $0460
        lda #0
        ldx #<handler
        ldy #>handler
        jsr set_handler
        lda #<$0461
        ldy #>$0461
        jsr input_chars
        jsr put_keys            ; line 4
        lda #<$0480
        ldy #>$0480
        jsr input_chars
        lda #0                  ; a line from the screen with the handler set
        ldx #<handler
        ldy #>handler
        jsr set_handler
        ldx #0
        ldy #0
        clc
        jsr PLOT
        lda #3
        sta $028B               ; the default input: the screen
:       jsr CHRIN
        cmp #$0D
        bne :-
        stz $028B
        lda #$93                ; a clear screen to type on
        jsr CHROUT
        jsr put_keys            ; line 5
        lda #<$04A0
        ldy #>$04A0
        jsr input_chars
        DONE

; put_keys: "TW" and RETURN into the keyboard buffer
put_keys:
        ldx #0
:       lda keys3,x
        beq :+
        phx
        jsr kbdbuf_put
        plx
        inx
        bra :-
:       rts

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
keys3:  .byte "TW", $0D, 0
