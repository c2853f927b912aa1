; routines.s: a program shaped like a ca65 -g build of a game, for the symbol file test
; (its .sym is ld65 -Ln output). Routine entries: start (the entry), init and draw (JSR
; targets), handler (hooked through CINV, never named by the code), and update (reached by
; JMP). Not routine entries: the labels of a macro's .local symbols (ld65 writes them as
; LOCAL-MACRO_SYMBOL-nnnn), a loop label inside a .proc, a cheap local (@next), main (only
; the target of the main loop's BRA), and the data tables (only read).
.include "prg.inc"

CINV = $0314

.macro wait_vsync
        .local loop
loop:   lda VERA_ISR
        and #1
        beq loop
        sta VERA_ISR
.endmacro

.macro delay n
        .local again
        ldx #n
again:  dex
        bne again
.endmacro

start:  jsr init
main:   wait_vsync
        jsr draw
        jmp update

.proc init
        sei
        lda #<handler
        sta CINV
        lda #>handler
        sta CINV+1
        ldx #3
loop:   stz counter,x
        dex
        bpl loop
        cli
        rts
.endproc

draw:   delay 10
        ldy #0
@next:  lda table,y
        sta $40,y
        iny
        cpy #4
        bne @next
        rts

update: inc counter
        bra main

handler:
        lda #1
        sta VERA_ISR
        ply
        plx
        pla
        rti

table:  .byte 1, 2, 3, 4
counter: .res 4
