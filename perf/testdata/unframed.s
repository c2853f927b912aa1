; unframed.s: markers without $F0. On the 4th iteration the program enters region 1 after
; its work and never leaves it. Unframed regions close at VSYNC, so region 1 costs only the
; rest of that one frame.
.include "prg.inc"

flag  = $22
count = $23

start:  lda #$4C
        sta $0400
        lda #<irq
        sta $0401
        lda #>irq
        sta $0402
        lda #4
        sta count
        lda #1
        sta VERA_IEN
        cli
main:   stz flag
        jsr work
        dec count
        bne poll
        lda #1
        sta EMU_MARKER          ; enter region 1, never left
poll:   lda flag
        beq poll
        bra main

irq:    pha
        lda VERA_ISR
        sta VERA_ISR
        lda #1
        sta flag
        pla
        rti

work:   ldx #200
@loop:  sta $2000,x
        dex
        bne @loop
        rts
