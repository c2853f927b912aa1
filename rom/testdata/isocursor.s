; The blinking cursor (blnsw = 0) in ISO mode shows the ISO cursor character (extapi
; iso_cursor_char: $9F on entering ISO mode, then '*' set by the program), in PETSCII mode
; the cell reversed. The cursor stands at row 0, column 1 after one letter; at each phase
; ($0400 = 1-3) the program waits for the test (core/rom_iso_test.go) to copy it to $0401.
.include "prg.inc"
.include "api.inc"

extapi = $FEAB
blnsw  = $037B
blnon  = $037E

        stz $0400
        stz $0401
        lda #$0F                ; ISO mode: clears the screen
        jsr CHROUT
        lda #'a'
        jsr CHROUT
        stz blnsw
        lda #1
        jsr phase
        sei                     ; while the cursor is not drawn (a drawn one stays $9F until
:       lda blnon               ; it blinks off, here; the official ROM's blink then shows
        beq :+                  ; the new one in its place)
        cli
        nop
        sei
        bra :-
:       cli
        lda #5                  ; iso_cursor_char: set '*'
        ldx #'*'
        clc
        jsr extapi
        lda #2
        jsr phase
        lda #$8F                ; PETSCII mode: clears the screen
        jsr CHROUT
        lda #'A'
        jsr CHROUT
        lda #3
        jsr phase
        lda #1
        sta blnsw
        DONE

phase:  sta $0400
:       cmp $0401
        bne :-
        rts
