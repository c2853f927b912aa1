; text40.s: a benchmark shaped like a BASIC-style text program. It switches the KERNAL's
; screen to 40x30 (screen_mode 3: 2x scale), prints a page of text with CHROUT, and then
; waits for a key the way such programs do, calling GETIN in a loop. A VSYNC handler chained
; in front of the KERNAL's blinks the cursor cell (reverses it every 30 frames) through
; ADDR1, so the main loop's port 0 is left alone.
.include "prg.inc"

CINV       = $0314
GETIN      = $FFE4
CHROUT     = $FFD2
PLOT       = $FFF0
SCREENMODE = $FF5F
SCREEN_MAP = $1B000             ; the built-in KERNAL's text map: 256 bytes a row

oldirq  = $22                   ; the KERNAL's handler (2 bytes)
blink   = $24                   ; frames to the next blink
cellL   = $25                   ; the cursor cell's VRAM address, bits 7:0 and 15:8
cellM   = $26
lines   = $27
ptr     = $28

start:
        lda #3                  ; 40x30
        clc
        jsr SCREENMODE
        lda #25
        sta lines
@page:  lda #<text
        sta ptr
        lda #>text
        sta ptr+1
        ldy #0
:       lda (ptr),y
        beq :+
        jsr CHROUT
        iny
        bne :-
:       dec lines
        bne @page
        sec                     ; the cursor cell: row X, column Y
        jsr PLOT
        tya
        asl
        sta cellL
        txa
        clc
        adc #>(SCREEN_MAP & $FFFF)
        sta cellM
        lda #30
        sta blink
        sei
        lda CINV
        sta oldirq
        lda CINV+1
        sta oldirq+1
        lda #<irq
        sta CINV
        lda #>irq
        sta CINV+1
        cli
wait:   jsr GETIN
        beq wait
        bra wait                ; keys are read and dropped: the benchmark never ends

irq:    lda VERA_ISR
        and #1
        beq @out
        dec blink
        bne @out
        lda #30
        sta blink
        lda VERA_CTRL           ; reverse the cell through ADDR1, then put CTRL back
        pha
        lda #1
        sta VERA_CTRL
        lda cellL
        sta VERA_ADDR_L
        lda cellM
        sta VERA_ADDR_M
        lda #^SCREEN_MAP        ; no increment: read, then write the same cell
        sta VERA_ADDR_H
        lda VERA_DATA1
        eor #$80
        sta VERA_DATA1
        pla
        sta VERA_CTRL
@out:   jmp (oldirq)

text:   .byte "READY. 40X30 TEXT, WAITING IN GETIN", $0D, 0
