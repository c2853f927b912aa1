; The console: console_init in a window, console_put_char with word wrap (C=1) and
; character wrap (C=0), scrolling, console_put_image, console_get_char (a typed line with a
; BACKSPACE) and paging (console_set_paging_message: waits for a key). Text in the small
; font of gtext.s, so the official ROM draws the same pixels (core/rom_graph_test.go).
; Results at $0430+; $0440 = 1 while the paged text prints; $04FF = $A5 at the end.
; After each step ($0441 = 1-5) it waits for the test to copy $0441 to $0442.
.include "prg.inc"
.include "api.inc"

GRAPH_init          = $FF20
GRAPH_set_colors    = $FF29
GRAPH_set_font      = $FF3B
console_set_paging_message = $FED5
console_put_image   = $FED8
console_init        = $FEDB
console_put_char    = $FEDE
console_get_char    = $FEE1

.macro SETW reg, val
        lda #<(val)
        sta reg
        lda #>(val)
        sta reg+1
.endmacro

        stz $0440
        stz $0441
        stz $0442
        stz r0
        stz r0+1
        jsr GRAPH_init
        lda #0
        ldx #5
        ldy #1
        jsr GRAPH_set_colors
        SETW r0, tfont
        jsr GRAPH_set_font
        SETW r0, 10             ; a 60x40 console at (10, 10)
        SETW r1, 10
        SETW r2, 60
        SETW r3, 40
        jsr console_init
        lda #1
        sta $0441               ; progress: 1 init, 2 words, 3 chars, 4 image, 5 line read
        jsr handshake
        SETW $22, t_words       ; word wrap
        sec
        jsr cputs
        lda #2
        sta $0441
        jsr handshake
        SETW $22, t_chars       ; character wrap
        clc
        jsr cputs
        lda #3
        sta $0441
        jsr handshake
        lda #'A'                ; an image standing on the baseline between two letters
        sec
        jsr console_put_char
        SETW r0, image
        SETW r1, 4
        SETW r2, 10
        jsr console_put_image
        SETW $22, t_after
        sec
        jsr cputs

        lda #4
        sta $0441
        jsr handshake
        ldx #0                  ; a typed line: A B <BACKSPACE> W <RETURN>
@get:   phx
        jsr console_get_char
        plx
        sta $0430,x
        inx
        cmp #$0D
        bne @get
        stx $043F               ; characters returned
        lda #5
        sta $0441
        jsr handshake

        SETW r0, t_more         ; paging: 9 more lines stop once for a key
        jsr console_set_paging_message
        lda #1
        sta $0440
        SETW $22, t_lines
        sec
        jsr cputs
        lda #2
        sta $0440
        SETW r0, 0
        jsr console_set_paging_message
        lda #$A5
        sta $04FF
        rts

; handshake: wait until the test has seen progress step $0441 (it copies it to $0442)
handshake:
        lda $0442
        cmp $0441
        bne handshake
        rts

; cputs: the text at ($22) through console_put_char with the C given
cputs:  php
        ldy #0
:       lda ($22),y
        beq :+
        plp
        php
        phy
        jsr console_put_char
        ply
        iny
        bne :-
:       plp
        rts

t_words: .byte "AB AB AB AB AB WWWWWWWWWW i", $0D, 0
t_chars: .byte "BBBBBBBBBBBBBB", $0D, "W", $0D, 0
t_after: .byte "B ", $0D, 0
t_more:  .byte "i", 0
t_lines: .byte "A", $0D, "B", $0D, "A", $0D, "B", $0D, "A", $0D, "B", $0D, "A", $0D, "B", $0D
         .byte "W", $0D, 0
image:   .byte 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 2, 2, 2, 2, 3, 3, 3, 3
         .byte 4, 4, 4, 4, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 6, 6, 6, 6

; a small proportional GEOS font: ' ' A B W i (other chars are 0 wide); baseline 5, 7 high
tfont:  .byte 5
        .word 3
        .byte 7
        .word tf_index-tfont
        .word tf_bits-tfont
tf_index:
        .word 0, 3, 3, 3, 3, 3, 3, 3
        .word 3, 3, 3, 3, 3, 3, 3, 3
        .word 3, 3, 3, 3, 3, 3, 3, 3
        .word 3, 3, 3, 3, 3, 3, 3, 3
        .word 3, 3, 8, 13, 13, 13, 13, 13
        .word 13, 13, 13, 13, 13, 13, 13, 13
        .word 13, 13, 13, 13, 13, 13, 13, 13
        .word 20, 20, 20, 20, 20, 20, 20, 20
        .word 20, 20, 20, 20, 20, 20, 20, 20
        .word 20, 20, 22, 22, 22, 22, 22, 22
        .word 22, 22, 22, 22, 22, 22, 22, 22
        .word 22, 22, 22, 22, 22, 22, 22, 22
        .word 22
tf_bits:
        .byte $0E, $F4, $18
        .byte $11, $8C, $10
        .byte $11, $F4, $98
        .byte $1F, $8C, $98
        .byte $11, $8D, $58
        .byte $11, $F2, $28
        .byte $00, $00, $00
