; cx16.KEYHDL ($032E), as Prog8 programs hook it (examples/cx16/keyboardhandler.p8): the
; keyboard driver calls the vector with A = key number (bit 7: released) and RAM bank 0
; mapped, and queues what the handler returns (0: nothing). The handler logs each event
; and drops the A key (key number 31). The test types "AB" once $0410 = 1.
; Results: $0500+ the events, $04F0 their count, $04F1 the RAM bank the handler saw, $0400+
; what GETIN returns.
.include "prg.inc"
.include "api.inc"

KEYHDL = $032E

        stz $04F0
        sei
        lda KEYHDL
        sta old
        lda KEYHDL+1
        sta old+1
        lda #<handler
        sta KEYHDL
        lda #>handler
        sta KEYHDL+1
        cli
        lda #1
        sta $0410               ; the test types now
:       lda $04F0
        cmp #4                  ; A down, A up, B down, B up
        bcc :-
        jsr RDTIM               ; and two more frames for the queue
        sta $04F2
:       jsr RDTIM
        sec
        sbc $04F2
        cmp #2
        bcc :-
        ldx #0
:       phx
        jsr GETIN
        plx
        sta $0400,x
        inx
        cmp #0
        bne :-
        sei
        lda old
        sta KEYHDL
        lda old+1
        sta KEYHDL+1
        cli
        DONE

handler:
        ldx $04F0
        sta $0500,x
        inc $04F0
        ldx ram_bank
        stx $04F1
        pha
        and #$7F
        cmp #31                 ; the A key: dropped
        bne :+
        pla
        lda #0
        rts
:       pla
        rts

old:    .word 0
