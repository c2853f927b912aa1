; The console calls (X16 Reference, KERNAL "Console") in NCASE seeded random cases, after
; GRAPH_init with VERA's driver on a bitmap of noise: core/rom_gdiff_test.go runs it on the
; built-in ROM and on the official one and wants, case by case, the same bitmap and
; documented results (rom/testdata/gcons.golden holds the official's). The text is in
; gdiff.inc's font (the built-in system font is not the official one). Calls:
; console_init in a random window (the whole screen one time in 4), console_put_char with
; codes $00-$9F (but BACKSPACE, DEL/INSERT and CURSOR LEFT, see ggraph.s), word wrap
; (C=1) or character wrap (C=0) at random, console_put_image up to 31x15,
; console_set_paging_message(0) (paging itself waits for a key and the official ROM's
; erasing of the message starts a pixel right of the window: not done here),
; GRAPH_set_colors, and console_get_char until it returns CR: before the line's first call
; $04FD = 1 asks the test to type a line (ISO mode, as console_init sets it); interrupts
; are on only while console_get_char waits for it.
.include "prg.inc"
.include "api.inc"
.include "gdiff.inc"

NCASE = 1024
PIX   = $6000                   ; 2 KB of random bytes: the images
WANT  = $04FD                   ; 1: type a line

        sei
        lda #$5A                ; the seed
        sta seed
        lda #$E3
        sta seed+1
        stz WANT
        jsr fillram
        jsr mkfont
        stz gC
        stz r0
        stz r0+1
        jsr GRAPH_init
        jsr setfont
        jsr fillbmp
        stz case
        stz case+1
        jsr fullwin             ; case 0: console_init on the whole screen
        bra init
next:   ldx #15                 ; r0-r7: noise (what a call does not take)
:       jsr rnd
        sta r0,x
        dex
        bpl :-
@op:    jsr rnd
        and #$0F
        cmp #14
        bcs @op
        asl
        tax
        jmp (optab,x)
optab:  .word init, putc, putc, putc, putc, putc, putc, putc, putc, putc
        .word image, paging, getline, colors

init:   stz op
        jsr rnd
        and #3
        beq :+
        jsr box
        bra :++
:       jsr fullwin
:       ldx #<console_init
        ldy #>console_init
        jmp done

putc:   lda #1
        sta op
        jsr code
        jsr rnd
        sta gC
        ldx #<console_put_char
        ldy #>console_put_char
        jmp done

image:  lda #2                  ; r0 = PIX + 0-1023, r1 x r2 = 1-31 x 1-15
        sta op
        lda #3
        ldx #0
        jsr rndw
        lda r0+1
        ora #>PIX
        sta r0+1
        jsr rnd
        and #$1F
        bne :+
        inc
:       sta r1
        stz r1+1
        jsr rnd
        and #$0F
        bne :+
        inc
:       sta r2
        stz r2+1
        ldx #<console_put_image
        ldy #>console_put_image
        jmp done

paging: lda #3
        sta op
        stz r0
        stz r0+1
        ldx #<console_set_paging_message
        ldy #>console_set_paging_message
        jmp done

colors: lda #5
        sta op
        jsr rnd
        sta gA
        jsr rnd
        sta gX
        jsr rnd
        sta gY
        ldx #<GRAPH_set_colors
        ldy #>GRAPH_set_colors
        jmp done

getline:
        lda #4
        sta op
        lda #1
        sta WANT
@char:  cli
        ldx #15
:       jsr rnd
        sta r0,x
        dex
        bpl :-
        ldx #<console_get_char
        ldy #>console_get_char
        jsr call
        sei
        jsr count
        beq fin
        lda REC+21              ; the character returned
        cmp #$0D
        bne @char
        jmp next

done:   jsr call
        jsr count
        beq fin
        jmp next
fin:    lda #1                  ; both ports back on the text screen (see memdiff.s)
        jsr vera_home
        lda #0
        jsr vera_home
        cli
        DONE

; count: one case more; Z=1 after the last
count:  inc case
        bne :+
        inc case+1
:       lda case
        cmp #<NCASE
        bne :+
        lda case+1
        cmp #>NCASE
:       rts

; fullwin: r0-r3 = the whole screen
fullwin:
        stz r0
        stz r0+1
        stz r1
        stz r1+1
        lda #<320
        sta r2
        lda #>320
        sta r2+1
        lda #240
        sta r3
        stz r3+1
        rts

; box: r0 = x 0-255, r1 = y 0-199, r2 = width 24-87 (within 320), r3 = height 16-47
box:    jsr rnd
        sta r0
        stz r0+1
        jsr rnd
        cmp #200
        bcc :+
        sbc #56
:       sta r1
        stz r1+1
        jsr rnd
        and #$3F
        adc #24
        sta r2
        stz r2+1
        sec                     ; r2 <= 320 - x
        lda #<320
        sbc r0
        sta tmp
        lda #>320
        sbc #0
        bne :+
        lda tmp
        cmp r2
        bcs :+
        sta r2
:       jsr rnd
        and #$1F
        adc #16
        sta r3
        stz r3+1
        lda #240
        sec
        sbc r1
        cmp r3
        bcs :+
        sta r3
:       rts

; code: gA = a code $00-$9F but BACKSPACE, DEL/INSERT and CURSOR LEFT (see ggraph.s)
code:   jsr rnd
        cmp #$A0
        bcs code
        cmp #$08
        beq code
        cmp #$14
        beq code
        cmp #$9D
        beq code
        sta gA
        rts

vera_home:
        sta VERA_CTRL
        stz VERA_ADDR_L
        lda #$B0
        sta VERA_ADDR_M
        lda #$11
        sta VERA_ADDR_H
        rts
