; What cc65's cx16 conio runtime does to the KERNAL, written out: it keeps no screen state
; of its own but reads and writes the KERNAL's variables at their official addresses and
; puts characters straight into VRAM (libsrc/cx16: color.s, clrscr.s, gotoxy.s, cputc.s,
; revers.s, cgetc.s). Runs on both ROMs. Results:
;   $0400 LLEN, $0401 NLINES, $0402/$0403 X/Y from SCREEN
;   $0404 frames until the blinking cursor was drawn (0 = never), $0405 CURS_CHAR then,
;   $0406 the screen code under the cursor then
.include "prg.inc"
.include "api.inc"

CHARCOLOR  = $0376
RVS        = $0377
CURS_FLAG  = $037B
CURS_CHAR  = $037D
CURS_STATE = $037E
CURS_COLOR = $0373
CURS_X     = $0380
CURS_Y     = $0383
LLEN       = $0386
NLINES     = $0387
SCREEN_ROW = $B0                ; high byte of the text screen's row 0 ($1B000)

        lda #1                  ; the cursor is off while the program runs, as after RUN
        sta CURS_FLAG
        ; textcolor(COLOR_YELLOW); bgcolor(COLOR_BLACK): the colour nibbles in CHARCOLOR
        lda CHARCOLOR
        and #$F0
        ora #$07
        and #$0F
        sta CHARCOLOR
        ; clrscr(): CHROUT $93 prints in that colour
        lda #$93
        jsr CHROUT
        ; gotoxy(5, 3): CURS_X/CURS_Y, then PLOT from them
        lda #3
        sta CURS_Y
        lda #5
        sta CURS_X
        ldy CURS_X
        ldx CURS_Y
        clc
        jsr PLOT
        ; cputc('H'), then revers(1) and cputc('I'): straight into VRAM
        lda #$08                ; screen code of 'H'
        jsr putchar
        lda #$80
        sta RVS
        lda #$09                ; 'I'
        jsr putchar
        ; CHROUT continues where the runtime left CURS_X, in its colour and reverse mode
        lda #'X'
        jsr CHROUT
        stz RVS
        lda LLEN
        sta $0400
        lda NLINES
        sta $0401
        jsr SCREEN
        stx $0402
        sty $0403
        ; cursor(1) and wait for a key as cgetc() does: CURS_FLAG = 0 makes the KERNAL's
        ; interrupt blink the cursor; note when it is first drawn
        stz CURS_FLAG
        ldx #0
@wait:  wai
        inx
        lda CURS_STATE
        bne @drawn
        cpx #120
        bne @wait
        ldx #0
@drawn: stx $0404
        lda CURS_CHAR
        sta $0405
        jsr cell_addr
        lda VERA_DATA0
        sta $0406
        ; and take it off again as cgetc() does: CURS_FLAG = 1, the cell back from
        ; CURS_CHAR/CURS_COLOR if it is drawn
        sei
        inc CURS_FLAG
        lda CURS_STATE
        beq :+
        jsr cell_addr
        lda CURS_CHAR
        sta VERA_DATA0
        lda CURS_COLOR
        sta VERA_DATA0
        stz CURS_STATE
:       cli
        DONE

; cputc's putchar and cputdirect: A = screen code at CURS_X/CURS_Y, then the next column
putchar:
        ora RVS
        tax
        jsr cell_addr
        stx VERA_DATA0
        lda CHARCOLOR
        sta VERA_DATA0
        ldy CURS_X
        iny
        cpy LLEN
        bne :+
        ldy #0
:       sty CURS_X
        rts

; VERA port 0 to the cell at CURS_X/CURS_Y of the text screen, stepping by 1
cell_addr:
        stz VERA_CTRL
        lda CURS_Y
        clc
        adc #SCREEN_ROW
        sta VERA_ADDR_M
        lda #$11
        sta VERA_ADDR_H
        lda CURS_X
        asl
        sta VERA_ADDR_L
        rts
