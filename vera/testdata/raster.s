; raster.s: a raster effect. A LINE interrupt (polled with SEI/WAI: with I=1 the IRQ
; only wakes WAI) rewrites layer 0's HSCROLL every 4 lines from line 100 to 380, bending
; a pattern of vertical bars into a wave; at line 440 the scroll goes back to 0, which
; also holds for the top of the next frame.
;
; The picture: 8-pixel vertical bars cycling through colours white, red, cyan, purple,
; green, blue, yellow, orange, brown, pink, greys, light green, light blue, light grey
; (colour 0 replaced by white). Lines 0-100 and 441-479 show them unscrolled; from line
; 101 (one line after the first LINE interrupt, as on hardware, which has already
; rendered line 100 when it fires) to line 384 the bars bend into two periods of a sine
; wave, 4 lines per step, shifted left by 1 to 31 pixels; lines 385-440 keep the last
; step's shift (13) until the interrupt at line 440 restores 0.
.include "prg.inc"
.include "vera.inc"

MAP  = $1B000           ; 128x64, 16-colour text mode
FONT = $1F000
N    = 72               ; table entries
row  = $26
col  = $27

        video $11, 128, 128, 0
        layer 0, $60, MAP, FONT, 0, 0
        vaddr FONT, 1
        vcopy font, font_end-font
        ; Every cell a solid glyph in colour col & 15, except colour 0 -> 1 (white): 8-pixel
        ; vertical bars cycling through the 16 colours.
        vaddr MAP, 1
        stz row
@row:   stz col
@col:   setreg VERA_DATA0, 1
        lda col
        and #15
        bne :+
        lda #1
:       sta VERA_DATA0
        inc col
        bpl @col
        inc row
        lda row
        cmp #64
        bne @row

        sei
        setreg VERA_ISR, $07            ; clear stale VSYNC/LINE/SPRCOL flags
idle:   ldx #0
@next:  lda line_lo,x                   ; IRQLINE 7:0, bit 8 in IEN bit 7, LINE enabled
        sta VERA_IRQLINE
        lda line_hi,x
        ora #$02
        sta VERA_IEN
        wai                             ; wakes at the start of scan-out of that line
        lda scroll,x
        sta VERA_L0_HSCROLL_L           ; shows from the next line on (the RTL renders ahead)
        setreg VERA_ISR, $02            ; acknowledge LINE
        inx
        cpx #N
        bne @next
        bra idle
idle_end:

        VERA_ROUTINES

line_lo:
        .byte $64,$68,$6C,$70,$74,$78,$7C,$80,$84,$88,$8C,$90,$94,$98,$9C,$A0
        .byte $A4,$A8,$AC,$B0,$B4,$B8,$BC,$C0,$C4,$C8,$CC,$D0,$D4,$D8,$DC,$E0
        .byte $E4,$E8,$EC,$F0,$F4,$F8,$FC,$00,$04,$08,$0C,$10,$14,$18,$1C,$20
        .byte $24,$28,$2C,$30,$34,$38,$3C,$40,$44,$48,$4C,$50,$54,$58,$5C,$60
        .byte $64,$68,$6C,$70,$74,$78,$7C,$B8
line_hi:
        .byte $00,$00,$00,$00,$00,$00,$00,$00,$00,$00,$00,$00,$00,$00,$00,$00
        .byte $00,$00,$00,$00,$00,$00,$00,$00,$00,$00,$00,$00,$00,$00,$00,$00
        .byte $00,$00,$00,$00,$00,$00,$00,$80,$80,$80,$80,$80,$80,$80,$80,$80
        .byte $80,$80,$80,$80,$80,$80,$80,$80,$80,$80,$80,$80,$80,$80,$80,$80
        .byte $80,$80,$80,$80,$80,$80,$80,$80
scroll:
        .byte $10,$13,$15,$18,$1A,$1C,$1D,$1E,$1F,$1F,$1F,$1E,$1D,$1B,$19,$17
        .byte $15,$12,$0F,$0D,$0A,$08,$06,$04,$03,$02,$01,$01,$01,$02,$04,$05
        .byte $07,$0A,$0C,$0F,$11,$14,$16,$19,$1B,$1C,$1E,$1F,$1F,$1F,$1E,$1D
        .byte $1C,$1A,$18,$16,$13,$11,$0E,$0B,$09,$07,$05,$03,$02,$01,$01,$01
        .byte $02,$03,$04,$06,$08,$0B,$0D,$00

font:   .byte $00,$00,$00,$00,$00,$00,$00,$00   ; 0 blank
        .byte $FF,$FF,$FF,$FF,$FF,$FF,$FF,$FF   ; 1 solid
font_end:
