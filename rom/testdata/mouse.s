; The built-in ROM's mouse calls: mouse_config, mouse_scan, mouse_get. The Go test moves
; the mouse when $0410 says the program waits: 1 = first move, 2 = second move. Results:
; $0400 X, $0402 Y, $0404 buttons, $0405 wheel after each move (second at $0408).
.include "prg.inc"
.include "api.inc"

        lda #1                  ; pointer on
        ldx #80                 ; 640 x 480 pixels
        ldy #60
        jsr mouse_config
        jsr mouse_scan          ; a no-op here: packets arrive in the VSYNC handler
        lda #1
        sta $0410
:       wai
        ldx #$22
        jsr mouse_get
        cmp #1                  ; wait for the left button
        bne :-
        ldy #0
        jsr save
        lda #2
        sta $0410
:       wai
        ldx #$22
        jsr mouse_get
        cmp #0                  ; wait for the button to be released
        bne :-
        ldy #8
        jsr save
        lda #0
        jsr mouse_config        ; pointer off
        DONE

save:                           ; A = buttons, X = wheel, $22-$25 = position -> $0400,y
        sta $0404,y
        txa
        sta $0405,y
        lda $22
        sta $0400,y
        lda $23
        sta $0401,y
        lda $24
        sta $0402,y
        lda $25
        sta $0403,y
        rts
