; bitmap640_hi.s: 8 bpp (layer 0) and 4 bpp (layer 1) bitmaps, both 640 wide, at 1x,
; shown in a 120-line window (VSTART 180, VSTOP 300: two such bitmaps of 480 lines would
; not fit in 128 KB), border colour 59 (bright red).
;
; The picture: bright red border above y=180 and from y=300 down. Between, layer 0 shows
; "/" diagonal bands through the palette (value x/2 + y; values 1-15 become 33-47,
; pinkish browns, through palette offset 2), 2 pixels per step horizontally. Layer 1
; covers it on alternate 10-line strips (source lines 10-19, 30-39, ... 110-119) with
; sixteen 40-pixel bars in colours 0-15 (white, dark red, cyan, purple, green, blue,
; yellow, orange, brown, pink, dark grey, grey, light green, light blue, light grey);
; bar 0 (x 0-39) is transparent, so the bands show through there.
.include "prg.inc"
.include "vera.inc"

BM0  = $00000           ; 640x120 8 bpp = 76800 bytes
BM1  = $13000           ; 640x120 4 bpp = 38400 bytes
row  = $26
tmp  = $28

        video $31, 128, 128, 59
        setreg VERA_CTRL, 2             ; DCSEL 1: VSTART 180, VSTOP 300
        setreg VERA_DC_VSCALE, 180/2
        setreg VERA_DC_BORDER, 300/2
        stz VERA_CTRL
        layer 0, $07, BM0, BM0 | 1, $0200, 0    ; 8 bpp, 640 wide, palette offset 2
        layer 1, $06, BM1, BM1 | 1, 0, 0        ; 4 bpp, 640 wide

        ; Layer 0: pixel (x, y) = (x/2 + y) & $FF.
        vaddr BM0, 1
        stz row
@r0:    lda row
        ldx #0
@x0:    sta VERA_DATA0                  ; two pixels per value: x = 0-511
        sta VERA_DATA0
        inc a
        inx
        bne @x0
        ldx #64
@x0b:   sta VERA_DATA0                  ; x = 512-639
        sta VERA_DATA0
        inc a
        dex
        bne @x0b
        inc row
        lda row
        cmp #120
        bne @r0

        ; Layer 1: on lines with (y/10) odd, 40-pixel bars of colour (x/40) & 15 (bar 0
        ; transparent); other lines transparent.
        vaddr BM1, 1
        stz row
        ldy #0                          ; y/10
        ldx #10                         ; lines left in this group of 10
@r1:    phx
        tya
        and #1
        beq @empty
        lda #0                          ; bar colour
@bar:   sta tmp
        asl a
        asl a
        asl a
        asl a
        ora tmp
        ldx #20                         ; 20 bytes = 40 pixels
:       sta VERA_DATA0
        dex
        bne :-
        lda tmp
        inc a
        cmp #16
        bne @bar
        bra @next
@empty: ldx #0                          ; 320 bytes of 0: 256 + 64
:       stz VERA_DATA0
        dex
        bne :-
        ldx #64
:       stz VERA_DATA0
        dex
        bne :-
@next:  plx
        dex
        bne :+
        iny
        ldx #10
:       inc row
        lda row
        cmp #120
        bne @r1
idle:   bra idle
idle_end:
