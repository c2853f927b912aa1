; screen_mode $80 sets up the graphics library as the official KERNAL's does (it calls
; GRAPH_init with r0 = 0): after a program changed the colours and the window and drew,
; then went to a text mode, screen_mode $80 again gives the full-screen window, the default
; colours (stroke 0, fill 10, background 1) and a bitmap cleared to white. The test
; (core/rom_screen80_test.go) compares the bitmap, the text screen and VERA's registers with
; the official ROM's. $04FF = $A5 at the end.
.include "prg.inc"
.include "api.inc"

GRAPH_clear         = $FF23
GRAPH_set_window    = $FF26
GRAPH_set_colors    = $FF29
GRAPH_draw_rect     = $FF2F

.macro SETW reg, val
        lda #<(val)
        sta reg
        lda #>(val)
        sta reg+1
.endmacro

        lda #$80                ; graphics mode, then the program's own colours and window
        clc
        jsr screen_mode
        lda #5
        ldx #6
        ldy #7
        jsr GRAPH_set_colors
        SETW r0, 50
        SETW r1, 40
        SETW r2, 100
        SETW r3, 80
        jsr GRAPH_set_window
        jsr GRAPH_clear         ; the window in colour 7
        ldx #0
:       lda hello,x
        beq :+
        jsr CHROUT
        inx
        bra :-
:       lda #0                  ; a text mode
        clc
        jsr screen_mode
        lda #$80                ; and graphics again: the defaults are back
        clc
        jsr screen_mode
        SETW r0, 280            ; filled in 10, framed in 0, at the bottom right corner
        SETW r1, 200
        SETW r2, 40
        SETW r3, 40
        sec
        jsr GRAPH_draw_rect
        ldx #0
:       lda hello,x
        beq :+
        jsr CHROUT
        inx
        bra :-
:       DONE

hello:  .byte "HELLO", 13, 0
