; Mouse test program: mouse_config turns the pointer on for an 80x60 text screen (640x480
; pixels, the pointer starts in the middle: (319, 239)); then after every VSYNC interrupt
; (WAI) mouse_get reads the position into $22-$25 and returns the buttons. Kept for the
; browser test: $30/$31 = X, $32/$33 = Y, $34 = buttons (bit 0 left, 1 right, 2 middle),
; $35 counts the updates.
.include "prg.inc"

mouse_config = $FF68
mouse_get    = $FF6B
pos     = $22
result  = $30
count   = $35

start:
        stz count
        lda #1                  ; pointer on
        ldx #80                 ; 80 x 60 characters: 640 x 480 pixels
        ldy #60
        jsr mouse_config
        cli
loop:   wai
        ldx #pos
        jsr mouse_get
        sta result+4
        lda pos
        sta result
        lda pos+1
        sta result+1
        lda pos+2
        sta result+2
        lda pos+3
        sta result+3
        inc count
        bra loop
