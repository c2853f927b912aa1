; JSRFAR ($FF6E) nesting and interrupts (core/rom_jsrfar_test.go).
; 1. Nested: main (RAM bank 1) far-calls bank 2's `outer`, which far-calls bank 3's
;    `inner`, which far-calls FETCH in ROM bank 0. Each level records the registers and RAM
;    bank it got ($0440-$045C) and main what came back ($0430-$0434).
; 2. Interrupted: a VSYNC handler far-calls bank 4's `irqwork` and FETCHes every frame
;    while main far-calls bank 2's `echo` and FETCHes in a loop, for 60 frames; each side
;    checks every result. $0460 = main's errors, $0461 = errors seen by the handler,
;    $0462/3 = interrupts, $0464 = irqwork's calls (low byte), $0465/6 = main's loops.
.include "prg.inc"
.include "api.inc"
CINV  = $0314

errs    = $0460
irqerr  = $0461
irqs    = $0462
works   = $0464
loops   = $0465

.macro COPY src, len, bank, dst
        .local loop
        lda #bank
        sta ram_bank
        ldx #0
loop:   lda src,x
        sta dst,x
        inx
        cpx #len
        bne loop
.endmacro

        COPY outer_src, outer_end-outer_src, 2, $A000
        COPY echo_src, echo_end-echo_src, 2, $A100
        COPY inner_src, inner_end-inner_src, 3, $A000
        COPY irqw_src, irqw_end-irqw_src, 4, $A100
        lda #5                  ; bank 5: $A000+i = i EOR $5A
        sta ram_bank
        ldx #0
:       txa
        eor #$5A
        sta $A000,x
        inx
        bne :-
        lda #6
        sta ram_bank
        lda #$66
        sta $A000
        stz r0                  ; r0 -> $A000 (main's FETCHes), r2 -> $A000 (the handler's)
        stz r2
        lda #$A0
        sta r0+1
        sta r2+1
        ldx #errs-$0430+8
:       stz $0430,x
        dex
        bpl :-

        ; 1. nested far calls
        lda #1
        sta ram_bank
        lda #$11
        ldx #$22
        ldy #$33
        sec
        jsr JSRFAR
        .word $A000
        .byte 2
        RESULT $0430
        lda ram_bank
        sta $0434

        ; 2. far calls interrupted by far calls
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
loop:   lda loops               ; A = loop count, X = A EOR $FF, Y = A + $40, C = bit 0
        eor #$FF
        tax
        lda loops
        clc
        adc #$40
        tay
        lda loops
        lsr
        lda loops
        jsr JSRFAR
        .word $A100
        .byte 2
        php                     ; expect A+1, X+2, Y+3, C inverted, RAM bank 1
        dec a
        cmp loops
        bne @bad
        txa
        sec
        sbc #2
        eor #$FF
        cmp loops
        bne @bad
        tya
        sec
        sbc #$43
        cmp loops
        bne @bad
        pla
        eor loops
        lsr
        bcc @bad2
        lda ram_bank
        cmp #1
        bne @bad2
        bra @fetch
@bad:   pla
@bad2:  inc errs
@fetch: lda #r0
        ldx #5
        ldy loops
        jsr FETCH
        eor #$5A
        cmp loops
        beq :+
        inc errs
:       lda ram_bank
        cmp #1
        beq :+
        inc errs
:       inc loops
        bne :+
        inc loops+1
:       lda irqs+1
        bne :+
        lda irqs
        cmp #60
        bcc loop
:       sei
        lda old
        sta CINV
        lda old+1
        sta CINV+1
        cli
        stz ram_bank
        DONE

; every VSYNC: a far call and a FETCH of its own, whatever main is in the middle of
handler:
        inc irqs
        bne :+
        inc irqs+1
:       lda ram_bank
        pha
        lda #$E1
        ldx #$E2
        ldy #$E3
        clc
        jsr JSRFAR
        .word $A100
        .byte 4
        bcc @bad                ; expect A=$F1, X=$F2, Y=$F3, C=1
        cmp #$F1
        bne @bad
        cpx #$F2
        bne @bad
        cpy #$F3
        bne @bad
        lda #r2
        ldx #6
        ldy #0
        jsr FETCH
        cmp #$66
        beq @ok
@bad:   inc irqerr
@ok:    pla
        cmp ram_bank            ; the interrupted code's RAM bank is back
        beq :+
        inc irqerr
:       jmp (old)
old:    .word 0

; bank 2 $A000
outer_src:
        .org $A000
        RESULT $0440
        lda ram_bank
        sta $0444
        lda #$44
        ldx #$55
        ldy #$66
        clc
        jsr JSRFAR
        .word $A000
        .byte 3
        RESULT $0448
        lda ram_bank
        sta $044C
        lda #$77
        ldx #$88
        ldy #$99
        sec
        rts
        .reloc
outer_end:

; bank 2 $A100: A+1, X+2, Y+3, C inverted; counts a call in the wrong RAM bank
echo_src:
        .org $A100
        php
        pha
        lda ram_bank
        cmp #2
        beq :+
        inc errs
:       pla
        plp
        inc a
        inx
        inx
        iny
        iny
        iny
        bcs :+
        sec
        rts
:       clc
        rts
        .reloc
echo_end:

; bank 3 $A000: far-calls FETCH in ROM bank 0 (RAM bank 5, $A007)
inner_src:
        .org $A000
        RESULT $0450
        lda ram_bank
        sta $0454
        lda #r0
        ldx #5
        ldy #7
        jsr JSRFAR
        .word FETCH
        .byte 0
        RESULT $0458
        lda ram_bank
        sta $045C
        ldx #$AA
        ldy #$BB
        clc
        rts
        .reloc
inner_end:

; bank 4 $A100: the handler's callee: A=$F1, X=$F2, Y=$F3, C=1 (from $E1-$E3, C=0)
irqw_src:
        .org $A100
        bcs @bad
        cmp #$E1
        bne @bad
        cpx #$E2
        bne @bad
        cpy #$E3
        bne @bad
        lda ram_bank
        cmp #4
        beq :+
@bad:   inc irqerr
:       inc works
        lda #$F1
        ldx #$F2
        ldy #$F3
        sec
        rts
        .reloc
irqw_end:
