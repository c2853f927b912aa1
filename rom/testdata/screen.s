; The built-in ROM's screen calls: SCREEN, screen_mode, screen_set_charset, CHROUT (text,
; colour, reverse, cursor and clear codes, scrolling), PLOT and PRIMM. Results at $0400+
; (see core/rom_screen_test.go); the text it leaves on the screen is checked in VRAM.
.include "prg.inc"
.include "api.inc"

        jsr SCREEN
        stx $0400               ; 80
        sty $0401               ; 60
        sec
        jsr screen_mode
        RESULT $0404            ; C=0 A=0 X=80 Y=60
        lda #3
        clc
        jsr screen_mode         ; 40x30
        RESULT $0408            ; C=0
        jsr SCREEN
        stx $040C               ; 40
        sty $040D               ; 30
        sec
        jsr screen_mode
        sta $040E               ; 3
        lda #$0F
        clc
        jsr screen_mode         ; no such mode
        RESULT $0410            ; C=1
        jsr SCREEN
        stx $0414               ; still 40
        sty $0415               ; still 30
        lda #$80
        clc
        jsr screen_mode         ; 320x240 bitmap under 40x30 text
        RESULT $0418            ; C=0
        stz VERA_CTRL
        lda VERA_DC_VIDEO
        sta $041C               ; $31: layers 0 and 1, VGA
        lda VERA_L0_CONFIG
        sta $041D               ; $07: bitmap, 8 bpp
        lda #0
        clc
        jsr screen_mode         ; back to 80x60

        ; character sets
        lda #3
        jsr screen_set_charset  ; PETSCII upper/lower
        RESULT $0420            ; C=0
        lda #>$7000
        jsr save_charset        ; what VERA now holds -> $7000-$77FF
        lda #13
        jsr screen_set_charset  ; no such set
        RESULT $0424            ; C=1
        stz $24                 ; a 2 KB custom set at $6000: byte i = (i & $FF) ^ (i >> 8)
        lda #>$6000
        sta $25
        ldx #0
@fill:  stx $22
        ldy #0
@byte:  tya
        eor $22
        sta ($24),y
        iny
        bne @byte
        inc $25
        inx
        cpx #8
        bne @fill
        lda #0
        ldx #<$6000
        ldy #>$6000
        jsr screen_set_charset
        RESULT $0428            ; C=0
        lda #>$6800
        jsr save_charset        ; -> $6800-$6FFF

        ; text: scroll first (row 5 'S' moves to row 4, 'Q' typed on row 59 moves to 58)
        lda #$93
        jsr CHROUT              ; clear, cursor home
        ldx #5
        ldy #0
        clc
        jsr PLOT
        lda #'S'
        jsr CHROUT
        ldx #59
        ldy #0
        clc
        jsr PLOT
        lda #'Q'
        jsr CHROUT
        lda #$0D
        jsr CHROUT              ; past the last row: scroll
        sec
        jsr PLOT
        stx $042C               ; 59
        sty $042D               ; 0

        ldx #2
        ldy #5
        clc
        jsr PLOT
        RESULT $0430            ; C=0
        lda #$1C                ; red
        jsr CHROUT
        lda #'A'
        jsr CHROUT
        lda #$12                ; reverse on
        jsr CHROUT
        lda #'B'
        jsr CHROUT
        lda #$92
        jsr CHROUT
        sec
        jsr PLOT
        stx $0434               ; 2
        sty $0435               ; 7
        lda #$0D
        jsr CHROUT
        sec
        jsr PLOT
        stx $0436               ; 3
        sty $0437               ; 0
        lda #'Z'
        ldx #$5A
        ldy #$A5
        clc
        jsr CHROUT              ; "Z" at row 3, column 0; registers kept
        RESULT $0438            ; C=0 A='Z' X=$5A Y=$A5
        lda #$33
        ldx #$11
        ldy #$22
        jsr PRIMM
        .byte "HI!", 0          ; row 3, columns 1-3
        RESULT $043C            ; A=$33 X=$11 Y=$22
        ldx #10
        ldy #0
        clc
        jsr PLOT
        lda #'X'
        jsr CHROUT
        lda #$9D                ; cursor left
        jsr CHROUT
        lda #'Y'                ; overwrites the X at row 10, column 0
        jsr CHROUT
        lda #$11                ; cursor down: row 11, column 1
        jsr CHROUT
        lda #'W'
        jsr CHROUT
        lda #$13                ; home
        jsr CHROUT
        sec
        jsr PLOT
        stx $0440               ; 0
        sty $0441               ; 0
        lda #2
        jsr screen_set_charset  ; leave the upper case set
        DONE

; save_charset: copy the 2 KB character set from VRAM $1F000 to A*256 with memory_copy,
; reading VERA's data port (an I/O source address is not incremented).
save_charset:
        stz r1
        sta r1+1
        stz VERA_CTRL
        stz VERA_ADDR_L
        lda #$F0
        sta VERA_ADDR_M
        lda #$11                ; bank 1, increment 1
        sta VERA_ADDR_H
        lda #<VERA_DATA0
        sta r0
        lda #>VERA_DATA0
        sta r0+1
        stz r2
        lda #>$0800
        sta r2+1
        jmp memory_copy
