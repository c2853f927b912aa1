; The screen mode switches of Prog8's graphics libraries (cx16 target) and what they leave
; in VERA and the screen editor: gfx_lores (screen_mode 128 and back to 0), monogfx.lores /
; gfx_hires.graphics_mode (VERA set directly, extapi scnsiz, CHROUT colours and clear) and
; their text modes (CINT, keeping DC_VIDEO's output bits), palette.set_default (extapi
; default_palette) and CINT restoring the palette. Each step stores 12 bytes at $0400 +
; 16 * step (core/rom_prog8_test.go compares them between the ROMs).
.include "prg.inc"
.include "api.inc"

CINT   = $FF81
extapi = $FEAB
EXT_scnsiz = $0D
EXT_default_palette = $10
out = $7C                       ; where the next snapshot goes

        lda #<$0400
        sta out
        lda #>$0400
        sta out+1
        jsr snapshot            ; 0: as the program starts

        ; gfx_lores.graphics_mode(): set_screen_mode(128)
        lda #128
        clc
        jsr screen_mode
        jsr snapshot            ; 1
        ; gfx_lores.text_mode(): set_screen_mode(0)
        lda #0
        clc
        jsr screen_mode
        jsr snapshot            ; 2

        ; monogfx.lores()
        stz VERA_CTRL
        lda VERA_DC_VIDEO
        and #%11001111
        ora #%00110000
        sta VERA_DC_VIDEO
        lda #64
        sta VERA_DC_HSCALE
        sta VERA_DC_VSCALE
        lda #%00000100
        sta VERA_L0_CONFIG
        stz VERA_L0_MAPBASE
        stz VERA_L0_TILEBASE
        ldx #40
        ldy #30
        lda #EXT_scnsiz
        jsr extapi
        jsr text_colours
        jsr snapshot            ; 3
        ; monogfx.textmode(): CINT, DC_VIDEO's output bits kept
        jsr text_mode
        jsr snapshot            ; 4

        ; gfx_hires.graphics_mode()
        stz VERA_CTRL
        lda VERA_DC_VIDEO
        and #%11001111
        ora #%00110000
        sta VERA_DC_VIDEO
        lda #128
        sta VERA_DC_HSCALE
        sta VERA_DC_VSCALE
        lda #%00000101
        sta VERA_L0_CONFIG
        stz VERA_L0_MAPBASE
        lda #%00000001
        sta VERA_L0_TILEBASE
        ldx #80
        ldy #60
        lda #EXT_scnsiz
        jsr extapi
        jsr text_colours
        jsr snapshot            ; 5
        jsr text_mode
        jsr snapshot            ; 6

        ; palette entry 1 changed, then CINT (palette.p8: "CINT restores the palette")
        jsr pal1
        stz VERA_DATA0
        stz VERA_DATA0
        jsr text_mode
        jsr snapshot            ; 7
        ; palette entry 1 changed, then palette.set_default()
        jsr pal1
        stz VERA_DATA0
        stz VERA_DATA0
        clc
        lda #EXT_default_palette
        jsr extapi
        jsr snapshot            ; 8
        DONE

; the text the graphics modes set up: CHROUT $90, 1, $9E, 147
text_colours:
        lda #$90
        jsr CHROUT
        lda #1
        jsr CHROUT
        lda #$9E
        jsr CHROUT
        lda #147
        jmp CHROUT

text_mode:
        lda VERA_DC_VIDEO
        and #%00000111
        pha
        jsr CINT
        pla
        sta $7B
        lda VERA_DC_VIDEO
        and #%11111000
        ora $7B
        sta VERA_DC_VIDEO
        rts

; VERA port 0 at palette entry 1, stepping by 1
pal1:   stz VERA_CTRL
        lda #$02
        sta VERA_ADDR_L
        lda #$FA
        sta VERA_ADDR_M
        lda #$11
        sta VERA_ADDR_H
        rts

; 16 bytes at out: DC_VIDEO, HSCALE, VSCALE, BORDER, L0 CONFIG/MAPBASE/TILEBASE, L1
; CONFIG/MAPBASE/TILEBASE, SCREEN columns and rows, the colour, palette entry 1 (2 bytes),
; screen_mode's mode
snapshot:
        stz VERA_CTRL
        ldy #0
        lda VERA_DC_VIDEO
        jsr put
        lda VERA_DC_HSCALE
        jsr put
        lda VERA_DC_VSCALE
        jsr put
        lda VERA_DC_BORDER
        jsr put
        lda VERA_L0_CONFIG
        jsr put
        lda VERA_L0_MAPBASE
        jsr put
        lda VERA_L0_TILEBASE
        jsr put
        lda $9F34               ; L1_CONFIG
        jsr put
        lda $9F35
        jsr put
        lda $9F36
        jsr put
        phy
        jsr SCREEN
        ply
        txa
        jsr put
        phy
        jsr SCREEN
        tya
        ply
        jsr put
        lda $0376
        jsr put
        jsr pal1
        lda VERA_DATA0
        jsr put
        lda VERA_DATA0
        jsr put
        phy
        sec
        jsr screen_mode
        ply
        jsr put
        lda out
        clc
        adc #16
        sta out
        rts

put:    sta (out),y
        iny
        rts
