; game.s: a benchmark shaped like an X16 action game's main screen. 320x240 (2x scale), two
; 4 bpp layers of 16x16 tiles (64x32 maps) scrolling at different speeds, 32 16x16 sprites
; moving every frame, and a VSYNC interrupt handler chained in front of the KERNAL's (so the
; KERNAL's keyboard, mouse and joystick scan runs every frame, as under a real game). The
; handler sets the scroll registers and a flag; the main loop sleeps in WAI until the flag
; is set, then moves the sprites and rewrites one column of layer 1's map, as a scrolling
; game streams in new map data.
.include "prg.inc"

CINV    = $0314
L0MAP   = $00000                ; 64x32 entries, 4 KB
L1MAP   = $01000
TILES   = $04000                ; 16 tiles of 16x16 at 4 bpp (128 bytes each)
SPRIMG  = $08000                ; 4 sprite images of 16x16 at 4 bpp
SPRATTR = $1FC00
NSPR    = 32

frame   = $22                   ; frames seen by the handler
flag    = $23                   ; set by the handler, cleared by the main loop
oldirq  = $24                   ; the KERNAL's handler (2 bytes)
tmp     = $26
col     = $27
xs      = $0400                 ; sprite positions and velocities
ys      = $0420
dxs     = $0440
dys     = $0460

start:
        sei
        jsr setup_video
        jsr fill_tiles
        jsr fill_maps
        jsr fill_sprites
        stz frame
        stz flag
        lda CINV                ; chain our handler in front of the KERNAL's
        sta oldirq
        lda CINV+1
        sta oldirq+1
        lda #<irq
        sta CINV
        lda #>irq
        sta CINV+1
        lda #1                  ; VSYNC interrupt on
        sta VERA_IEN
        cli

main:   wai
        lda flag
        beq main
        stz flag
        jsr move_sprites
        jsr stream_column
        bra main

; VSYNC: scroll both layers (layer 0 one pixel a frame right and half a pixel down, layer
; 1 two pixels a frame), then let the KERNAL's handler acknowledge the interrupt.
irq:    lda VERA_ISR
        and #1
        beq @out
        inc frame
        lda frame
        sta VERA_L0_HSCROLL_L
        lsr
        sta VERA_L0_VSCROLL_L
        lda frame
        asl
        sta VERA_L1_HSCROLL_L
        lda #0
        rol
        sta VERA_L1_HSCROLL_H
        lda #1
        sta flag
@out:   jmp (oldirq)

setup_video:
        stz VERA_CTRL
        lda #$71                ; sprites, layer 1, layer 0, VGA
        sta VERA_DC_VIDEO
        lda #64                 ; 2x: 320x240
        sta VERA_DC_HSCALE
        sta VERA_DC_VSCALE
        stz VERA_DC_BORDER
        lda #$12                ; 32 rows x 64 columns, 4 bpp tiles
        sta VERA_L0_CONFIG
        sta VERA_L1_CONFIG
        lda #L0MAP>>9
        sta VERA_L0_MAPBASE
        lda #L1MAP>>9
        sta VERA_L1_MAPBASE
        lda #(TILES>>11)<<2 | 3 ; 16x16 tiles
        sta VERA_L0_TILEBASE
        sta VERA_L1_TILEBASE
        ldx #6
:       stz VERA_L0_HSCROLL_L,x
        stz VERA_L1_HSCROLL_L,x
        dex
        bpl :-
        rts

; tile t, row r, byte b = ((t + r + b) & 7) * $11: stripes with transparent pixels, so the
; layers show through each other
fill_tiles:
        stz VERA_ADDR_L
        lda #>TILES
        sta VERA_ADDR_M
        lda #$10 | ^TILES
        sta VERA_ADDR_H
        ldx #0                  ; tile
@t:     ldy #0                  ; byte within the tile (row = y/8)
@b:     tya
        lsr
        lsr
        lsr                     ; row
        sta tmp
        tya
        and #7                  ; byte within the row
        clc
        adc tmp
        stx tmp
        adc tmp
        and #7
        sta tmp
        asl
        asl
        asl
        asl
        ora tmp
        sta VERA_DATA0
        iny
        cpy #128
        bne @b
        inx
        cpx #16
        bne @t
        rts

; both maps: entry (c, r) = tile (c*3 + r) & 15, palette offset (c + r) & 3, H-flip on odd
; columns
fill_maps:
        stz VERA_ADDR_L
        stz VERA_ADDR_M
        lda #$10
        sta VERA_ADDR_H
        ldy #64                 ; 2 maps x 32 rows
@row:   ldx #0
@col:   txa
        asl
        sta tmp
        txa
        adc tmp                 ; c*3 (carry clear: c < 64)
        sty tmp
        adc tmp
        and #15
        sta VERA_DATA0
        txa
        clc
        adc tmp
        and #3
        asl
        asl
        asl
        asl
        sta tmp
        txa
        and #1
        asl
        asl
        ora tmp
        sta VERA_DATA0
        inx
        cpx #64
        bne @col
        dey
        bne @row
        rts

; 4 sprite images (colour bands), then 32 sprites: Z 3, 16x16, palette offset i & 15
fill_sprites:
        stz VERA_ADDR_L
        lda #>SPRIMG
        sta VERA_ADDR_M
        lda #$10 | ^SPRIMG
        sta VERA_ADDR_H
        ldx #0
:       txa
        lsr
        lsr
        lsr
        lsr
        and #$0F
        ora #$01                ; never transparent
        sta tmp
        asl
        asl
        asl
        asl
        ora tmp
        sta VERA_DATA0
        inx
        bne :-
        ldx #0
:       stx VERA_DATA0          ; images 2 and 3
        inx
        bne :-
        stz VERA_ADDR_L
        lda #>SPRATTR
        sta VERA_ADDR_M
        lda #$10 | ^SPRATTR
        sta VERA_ADDR_H
        ldx #0
@s:     txa
        and #3
        asl
        asl                     ; image address bits 12:5 = i*4 (128 bytes each)
        sta VERA_DATA0
        lda #SPRIMG>>13         ; 4 bpp, address bits 16:13
        sta VERA_DATA0
        stz VERA_DATA0          ; X, Y: set by move_sprites
        stz VERA_DATA0
        stz VERA_DATA0
        stz VERA_DATA0
        lda #$0C                ; Z 3, no flips, no collision mask
        sta VERA_DATA0
        txa
        and #$0F
        ora #$50                ; 16x16, palette offset
        sta VERA_DATA0
        txa                     ; start positions and velocities
        asl
        asl
        asl
        sta xs,x
        eor #$5A
        sta ys,x
        txa
        and #3
        inc a
        sta dxs,x
        txa
        lsr
        and #1
        asl
        dec a                   ; +-1
        sta dys,x
        inx
        cpx #NSPR
        bne @s
        rts

; Move the sprites and write their positions: X = 32 + xs (carry into X high), Y = ys.
move_sprites:
        lda #$20 | ^SPRATTR     ; increment 2: X low, then Y low
        sta VERA_ADDR_H
        ldx #0
@s:     txa
        asl
        asl
        asl
        ora #2                  ; attribute byte 2 of sprite x
        sta VERA_ADDR_L
        lda #>SPRATTR
        sta VERA_ADDR_M
        lda xs,x
        clc
        adc dxs,x
        sta xs,x
        clc
        adc #32
        sta VERA_DATA0          ; X low
        lda ys,x
        clc
        adc dys,x
        cmp #224
        bcc :+
        lda dys,x               ; bounce off the bottom or the top
        eor #$FF
        inc a
        sta dys,x
        lda ys,x
:       sta ys,x
        sta VERA_DATA0          ; Y low
        inx
        cpx #NSPR
        bne @s
        rts

; Rewrite one map column of layer 1 (32 entries, a new tile in each), one column a frame.
stream_column:
        lda col
        inc a
        and #63
        sta col
        asl
        sta VERA_ADDR_L
        lda #>L1MAP
        sta VERA_ADDR_M
        lda #$80 | ^L1MAP       ; increment 128: one map row
        sta VERA_ADDR_H
        ldx #32
        lda frame
:       sta VERA_DATA0
        inc a
        and #15
        dex
        bne :-
        rts
