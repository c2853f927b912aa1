; The screen editor and the screen calls (X16 Reference, KERNAL "Video", "Editor") in seeded
; random cases, 16-byte records (kdiff.inc). For each text mode of MODES, in its order:
;  0 screen_mode: A set, C after the set, A X Y of the get, X Y of SCREEN, VERA's DC_HSCALE,
;    DC_VSCALE, L1_CONFIG, L1_MAPBASE, L1_TILEBASE
;  1 CHROUT of a byte at a random place (PLOT to a row, and a column before the last:
;    the official editor links a row a line runs over to the next, which the built-in
;    does not do (docs/BUILTIN-ROM.md), so no case prints into the last column): the
;    place, the byte, the cursor's row and column after (PLOT), then the editor's
;    variables at the official addresses: color $0376, rvs $0377, qtsw $0381, insrt $0385,
;    mode $0372 (charset, ISO, case lock)
;  2 PLOT: row and column set (in the screen, or the column 0-255, or both 0-255), row and
;    column got (not for a row out of the screen), then (in the screen and before the last column) CHROUT "X": row and
;    column after
; Each mode starts from a cleared screen whose rows hold 0 to cols-2 random letters.
; The modes 80x60 and 40x30 get all 256 bytes in a seeded order, the others NCHR random
; bytes. After a mode's cases its text screen is copied, cell by cell (screen code, colour),
; to RAM banks 10+2k and 11+2k: row r at bank 10+2k+r/32, $A000+(r%32)*256, and the mode's
; columns and rows at $BFFE/$BFFF of bank 10+2k. Then:
;  4 screen_mode(A) of NBAD modes that do not exist (12-$7F, $81-$FF), then of $80 (the
;    320x240 bitmap): A, C, the get's A X Y
; Then, in mode 0:
;  3 screen_set_charset(A 0-15; 0: glyphs at X/Y, RAM): A, mode $0372 after, and which of the
;    256 glyphs of the charset VRAM ($1F000-$1F7FF, filled with $A5 before) were written:
;    the first, the last, how many (2 bytes). Not the pixels: the glyphs are not the same.
; Interrupts are masked throughout: the cursor does not blink into the screens compared.
; BEL ($07) is recorded but not sent: the official KERNAL rings it through the audio bank,
; which overwrites this program's zero page ($50-$5F, the user's range) while it waits.
.include "prg.inc"
.include "api.inc"
.include "kdiff.inc"

NMODE = 12
NCHR  = 48
NPLOT = 8
NSET  = 16
NBAD  = 12
NCASE = 2*(1+256+NPLOT) + (NMODE-2)*(1+NCHR+NPLOT) + NBAD + 1 + NSET
OUT   = $2000
mode  = $4C                     ; the mode's index
cnt   = $4D
ptr   = $5C                     ; tmp+2, 2 bytes
cols  = $5A
rows  = $5B

        sei
        lda #$A1
        ldx #$3E
        jsr kd_begin
        stz mode
@mode:  ldx mode
        lda modes,x
        jsr op_mode
        ldx mode
        lda modes,x
        beq @all
        cmp #3
        beq @all
        lda #NCHR
        sta cnt
:       jsr rnd
        jsr op_chrout
        dec cnt
        bne :-
        bra @plot
@all:   jsr rnd                 ; all 256 bytes: i*mul+add, mul odd
        ora #1
        sta tmp+2
        jsr rnd
        sta tmp+3
        stz cnt
:       lda tmp+3
        jsr op_chrout
        clc
        lda tmp+3
        adc tmp+2
        sta tmp+3
        dec cnt
        bne :-
@plot:  lda #NPLOT
        sta cnt
:       jsr op_plot
        dec cnt
        bne :-
        jsr dump
        inc mode
        lda mode
        cmp #NMODE
        bne @mode
        lda #NBAD
        sta cnt
:       jsr rnd                 ; modes that do not exist: 12-$7F, $81-$FF
        cmp #12
        bcc :-
        cmp #$80
        beq :-
        jsr op_other
        dec cnt
        bne :-
        lda #$80                ; the 320x240 bitmap mode
        jsr op_other
        clc
        lda #0
        jsr screen_mode
        lda #NSET
        sta cnt
:       jsr op_charset
        dec cnt
        bne :-
        lda #1                  ; PETSCII upper case/graphics, as at boot
        jsr screen_set_charset
        lda #$93
        jsr CHROUT
        cli
        DONE

modes:  .byte 0, 3, 1, 2, 4, 5, 6, 7, 8, 9, 10, 11

op_mode:
        pha
        lda #0
        jsr put
        pla
        jsr put
        clc
        jsr screen_mode
        SAVE
        lda #$01
        jsr putp
        sec
        jsr screen_mode
        SAVE
        jsr putaxy
        jsr SCREEN
        txa
        jsr put
        sta cols
        tya
        jsr put
        sta rows
        lda VERA_DC_HSCALE
        jsr put
        lda VERA_DC_VSCALE
        jsr put
        lda VERA_L1_CONFIG
        jsr put
        lda VERA_L1_MAPBASE
        jsr put
        lda VERA_L1_TILEBASE
        jsr put
        lda #$93                ; a clear screen to start from
        jsr CHROUT
        jsr fill
        jmp kd_next

; fill: every row gets 0 to cols-2 random letters from its start (never the last column:
; no row runs over into the next), so DEL, INST, END and the rest move something
fill:   ldx #0
@row:   phx
        ldy #0
        clc
        jsr PLOT
        lda cols
        dec a
        jsr rndn
        tax                     ; (CHROUT keeps X)
        beq @next
:       lda #26
        jsr rndn
        adc #'A'
        jsr CHROUT
        dex
        bne :-
@next:  plx
        inx
        cpx rows
        bne @row
        rts

; op_other: screen_mode(A) for a mode that is not a text mode: A, C, then the get's A X Y
op_other:
        pha
        lda #4
        jsr put
        pla
        jsr put
        clc
        jsr screen_mode
        SAVE
        lda #$01
        jsr putp
        sec
        jsr screen_mode
        SAVE
        jsr putaxy
        jmp kd_next

op_chrout:
        pha
        lda #1
        jsr put
        jsr inrow               ; the cursor somewhere before the row's last column
        clc
        jsr PLOT
        pla
        jsr put
        cmp #$07                ; BEL: not sent (see the header)
        beq :+
        jsr CHROUT
:       jsr cursor
        lda $0376
        jsr put
        lda $0377
        jsr put
        lda $0381
        jsr put
        lda $0385
        jsr put
        lda $0372
        jsr put
        jmp kd_next

; inrow: X = a row of the screen, Y = a column before its last, recorded
inrow:  lda rows
        jsr rndn
        tax
        jsr put
        lda cols
        dec a
        jsr rndn
        tay
        jmp put

cursor: sec                     ; PLOT: row and column, recorded
        jsr PLOT
        txa
        jsr put
        tya
        jmp put

op_plot:
        lda #2
        jsr put
        jsr rnd                 ; in the screen 2 times in 4, else the column or both any
        and #3
        sta tmp+4
        cmp #2
        bcs @any
        lda rows
        jsr rndn
        tax
        lda cols
        jsr rndn
        tay
        bra @set
@any:   lda rows
        jsr rndn
        tax
        lda tmp+4
        cmp #3
        bne :+
        jsr rnd
        tax
:       jsr rnd
        tay
@set:   txa
        jsr put
        tya
        jsr put
        clc
        jsr PLOT
        cpx rows                ; a row out of the screen: the official editor reads its
        bcs @out                ; line tables past their end (what PLOT gives back then
        jsr cursor              ; is not defined), and writes past them in CHROUT
        lda tmp+4
        cmp #3
        beq @out
        iny                     ; the column (from cursor): the last one or out: no "X"
        cpy cols
        bcs @out
        lda #'X'
        jsr CHROUT
        jsr cursor
        jmp kd_next
@out:   ldx #0                  ; back to the home position
        ldy #0
        clc
        jsr PLOT
        jmp kd_next

; rndn: A = a random number 0 to A-1 (A > 0)
rndn:   sta tmp+5
        jsr rnd
:       cmp tmp+5
        bcc :+
        sbc tmp+5
        bra :-
:       rts

; dump: the text screen (cols x rows cells from L1's map) to banks 10+2*mode...
rowa = $4E                      ; 2 bytes: VRAM address bits 1-16 of the row (a cell is 2 bytes)
dump:   lda mode
        asl
        adc #10
        sta ram_bank
        lda cols
        sta $BFFE
        lda rows
        sta $BFFF
        lda VERA_L1_CONFIG      ; map width 32 << bits 4-5 cells: a row is that many words
        lsr
        lsr
        lsr
        lsr
        and #3
        tax
        lda strides,x
        sta tmp+4
        lda VERA_L1_MAPBASE     ; map base = MAPBASE << 9 = (MAPBASE << 8) words
        sta rowa+1
        stz rowa
        stz VERA_CTRL
        stz ptr
        lda #$A0
        sta ptr+1
        ldx #0                  ; row
@row:   lda rowa                ; VRAM address = rowa << 1
        asl
        sta VERA_ADDR_L
        lda rowa+1
        rol
        sta VERA_ADDR_M
        lda #0
        rol
        ora #$10                ; step 1
        sta VERA_ADDR_H
        phx
        lda cols
        asl
        tax
        ldy #0
:       lda VERA_DATA0
        sta (ptr),y
        iny
        dex
        bne :-
        plx
        clc
        lda rowa
        adc tmp+4
        sta rowa
        bcc :+
        inc rowa+1
:       inc ptr+1
        lda ptr+1
        cmp #$C0
        bne :+
        lda #$A0
        sta ptr+1
        inc ram_bank
:       inx
        cpx rows
        bne @row
        stz ram_bank
        rts
strides:.byte 32, 64, 128, 0    ; words a map row (256: not a text mode's)

op_charset:
        lda #3
        jsr put
        lda #$11                ; $1F000, step 1, port 0
        stz VERA_CTRL
        sta VERA_ADDR_H
        stz VERA_ADDR_L
        lda #$F0
        sta VERA_ADDR_M
        ldx #8
        ldy #0
        lda #$A5
:       sta VERA_DATA0
        iny
        bne :-
        dex
        bne :-
        jsr rnd
        and #$0F
        jsr put
        ldx #<glyphs            ; A = 0: the glyphs at X/Y
        ldy #>glyphs
        jsr screen_set_charset
        lda $0372
        jsr put
        stz VERA_CTRL           ; which glyphs changed
        lda #$11
        sta VERA_ADDR_H
        stz VERA_ADDR_L
        lda #$F0
        sta VERA_ADDR_M
        stz tmp                 ; first
        stz tmp+1               ; last
        stz tmp+2               ; count, 2 bytes
        stz tmp+3
        ldx #0                  ; glyph
@g:     ldy #8
        lda #0
        sta tmp+4
:       lda VERA_DATA0
        cmp #$A5
        beq :+
        inc tmp+4
:       dey
        bne :--
        lda tmp+4
        beq @next
        lda tmp+2
        ora tmp+3
        bne :+
        stx tmp
:       stx tmp+1
        inc tmp+2
        bne @next
        inc tmp+3
@next:  inx
        bne @g
        ldx #0
:       lda tmp,x
        jsr put
        inx
        cpx #4
        bne :-
        jmp kd_next

; 256 glyphs for screen_set_charset(0): 2 KB of a pattern that never is $A5 in all 8 rows
glyphs:
        .repeat 256, i
        .byte i, $FF, $00, i ^ $5A, $81, $18, $3C, i
        .endrepeat

.include "rnd.inc"
