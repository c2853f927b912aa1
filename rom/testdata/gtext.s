; GRAPH_put_char, GRAPH_set_font, GRAPH_get_char_size, GRAPH_set_window and GRAPH_clear:
; text in a small font of its own (the same pixels on the built-in and the official ROM),
; in each style, control codes, the window's clipping, and the system font. Results at
; $0400+ (core/rom_graph_test.go); $04FF = $A5 at the end.
.include "prg.inc"
.include "api.inc"

GRAPH_init          = $FF20
GRAPH_clear         = $FF23
GRAPH_set_window    = $FF26
GRAPH_set_colors    = $FF29
GRAPH_set_font      = $FF3B
GRAPH_get_char_size = $FF3E
GRAPH_put_char      = $FF41

.macro SETW reg, val
        lda #<(val)
        sta reg
        lda #>(val)
        sta reg+1
.endmacro
; PUTS x, y, text, out: the zero-terminated text at (x, y); r0 after it -> out, out+1
.macro PUTS px, py, text, out
        SETW r0, px
        SETW r1, py
        SETW $22, text
        jsr puts
        lda r0
        sta out
        lda r0+1
        sta out+1
.endmacro

        stz r0
        stz r0+1
        jsr GRAPH_init
        lda #0                  ; black on white, fill green
        ldx #5
        ldy #1
        jsr GRAPH_set_colors
        SETW r0, tfont
        jsr GRAPH_set_font
        PUTS 10, 20, t_plain, $0400
        PUTS 10, 40, t_bold, $0402
        PUTS 10, 60, t_under, $0404
        PUTS 10, 80, t_rev, $0406
        PUTS 10, 100, t_ital, $0408
        PUTS 10, 120, t_outl, $040A
        PUTS 10, 140, t_ctl, $040C  ; colour, swap, CR, backspace
        lda r1
        sta $040E               ; y after the CR
        lda #'A'                ; metrics in the font
        ldx #0
        jsr GRAPH_get_char_size
        RESULT $0410            ; C=0 A=5 X=5 Y=7
        lda #'W'
        ldx #$40                ; bold
        jsr GRAPH_get_char_size
        RESULT $0414            ; X=8
        lda #$0C                ; outline
        ldx #$40
        jsr GRAPH_get_char_size
        RESULT $0418            ; C=1 X=$48
        lda #'A'
        ldx #$08
        jsr GRAPH_get_char_size
        RESULT $041C            ; A=7 X=7 Y=9

        ; a window 150,150 30x20: clear it grey, then text until it does not fit
        SETW r0, 150
        SETW r1, 150
        SETW r2, 30
        SETW r3, 20
        jsr GRAPH_set_window
        lda #0
        ldx #5
        ldy #12
        jsr GRAPH_set_colors
        jsr GRAPH_clear
        SETW r0, 150
        SETW r1, 160
        ldx #0
@fit:   phx
        lda #'W'
        jsr GRAPH_put_char
        plx
        bcs @full
        inx
        bra @fit
@full:  stx $0420               ; 4 W fit in 30 pixels (7 each)
        lda r0
        sta $0421               ; x unchanged: 178
        lda #$13                ; HOME: window left, top + font height
        jsr GRAPH_put_char
        lda r0
        sta $0422               ; 150
        lda r1
        sta $0423               ; 157
        stz r0                  ; back to the full screen, the system font
        stz r0+1
        stz r1
        stz r1+1
        stz r2
        stz r2+1
        stz r3
        stz r3+1
        jsr GRAPH_set_window
        jsr GRAPH_set_font
        lda #0
        ldx #5
        ldy #1
        jsr GRAPH_set_colors
        PUTS 10, 200, t_sys, $0424
        lda #$A5
        sta $04FF
        rts

; puts: the text at ($22) through GRAPH_put_char from (r0, r1)
puts:   ldy #0
:       lda ($22),y
        beq :+
        phy
        jsr GRAPH_put_char
        ply
        iny
        bne :-
:       rts

t_plain: .byte "AB iW", 0
t_bold:  .byte $06, "AB iW", $92, 0
t_under: .byte $04, "AB iW", $92, 0
t_rev:   .byte $12, "AB iW", $92, 0
t_ital:  .byte $0B, "AB iW", $92, 0
t_outl:  .byte $0C, "AB iW", $92, 0
t_ctl:   .byte $1C, "A", $01, "B", $01, $90, "W", $08, "i", $0D, "AB", 0
t_sys:   .byte "Hi", 0

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
