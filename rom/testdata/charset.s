; The built-in ROM's character sets (ROM bank 6) as programs use them (core/rom_charset_test.go):
; 1. as the VERA FX test programs do: map ROM bank 6 at $01 from RAM code (this program) and
;    copy $C000-$C7FF (the PETSCII pair) straight to VRAM $1F000; then the whole bank 6 to
;    RAM banks 10-11 for the test to compare with the image;
; 2. screen_set_charset 1-12 (and 13, unsupported; and A=0 with a pointer into bank 6), each
;    result's 2 KB in VRAM saved to RAM banks 1-4;
; 3. CHROUT's ISO mode: $0F, ISO codes on the screen, $8F back to PETSCII; the case switch
;    $0E after a thin set and after set 2.
.include "prg.inc"
.include "api.inc"

src = $22               ; copy pointers
dst = $24

        ; 1a. the FX tests' font copy: bank 6 $C000-$C7FF -> VRAM $1F000
        sei
        lda #6
        sta rom_bank
        stz VERA_CTRL
        stz VERA_ADDR_L
        lda #$F0
        sta VERA_ADDR_M
        lda #$11
        sta VERA_ADDR_H
        stz src
        lda #$C0
        sta src+1
        ldx #8
        ldy #0
@fx:    lda (src),y
        sta VERA_DATA0
        iny
        bne @fx
        inc src+1
        dex
        bne @fx
        ; 1b. bank 6 $C000-$FFFF -> RAM bank 10 $A000-$BFFF and RAM bank 11
        stz src
        lda #$C0
        sta src+1
        lda #10
        sta ram_bank
@bank:  stz dst
        lda #$A0
        sta dst+1
        ldy #0
@copy:  lda (src),y
        sta (dst),y
        iny
        bne @copy
        inc src+1
        inc dst+1
        lda dst+1
        cmp #$C0
        bne @copy
        inc ram_bank
        lda src+1
        bne @bank               ; until the pointer wraps past $FFFF
        stz rom_bank
        cli
        lda #12
        sta ram_bank
        lda #>$A000
        jsr save_charset        ; VRAM after 1a -> bank 12 $A000

        ; 2. screen_set_charset 1-12: set n -> RAM bank 1 + (n-1)/4, $A000 + (n-1)%4 * $800
        lda #1
        sta $30                 ; n
@set:   lda $30
        jsr screen_set_charset
        php
        pla
        ldx $30
        sta $0400,x             ; P after set n
        lda $30
        dec
        lsr
        lsr
        inc
        sta ram_bank
        lda $30
        dec
        and #3
        asl
        asl
        asl
        adc #>$A000
        jsr save_charset
        inc $30
        lda $30
        cmp #13
        bne @set
        lda #13                 ; no such set: C=1, VRAM keeps set 12
        jsr screen_set_charset
        php
        pla
        sta $040D
        lda #4
        sta ram_bank
        lda #>$A000
        jsr save_charset        ; bank 4 $A000: still set 12
        lda #0                  ; a pointer into bank 6: the ISO set
        ldx #<$C800
        ldy #>$C800
        jsr screen_set_charset
        php
        pla
        sta $0400
        lda #>$A800
        jsr save_charset        ; bank 4 $A800
        ; a set at $A000 in banked RAM is read from RAM bank 6 (whatever bank is mapped):
        ; bank 6 $A000-$A7FF = $5A, bank 7 (mapped when calling) = $C3
        lda #$5A
        ldx #6
        jsr fill_a000
        lda #$C3
        ldx #7
        jsr fill_a000
        lda #0
        ldx #<$A000
        ldy #>$A000
        jsr screen_set_charset
        lda ram_bank
        sta $040E               ; 7: the bank stays mapped
        lda #4
        sta ram_bank
        lda #>$B000
        jsr save_charset        ; bank 4 $B000 (overwritten below, after checking 3 bytes)
        lda $B000
        sta $0491
        lda $B3FF
        sta $0492
        lda $B7FF
        sta $0493

        ; 3. ISO mode
        lda #$0F
        jsr CHROUT              ; ISO set, cleared screen, ISO encoding
        lda #>$B000
        jsr save_charset        ; bank 4 $B000: the ISO set
        lda #5                  ; extapi iso_cursor_char, get: $9F after $0F
        sec
        jsr $FEAB
        stx $0490
        ldx #0
:       lda isotext,x
        beq :+
        jsr CHROUT
        inx
        bra :-
:       ldx #0                  ; row 0's first 8 screen codes -> $0480
        jsr read_row
        lda #$8F
        jsr CHROUT              ; PETSCII again (upper/graphics), cleared screen
        lda #>$B800
        jsr save_charset        ; bank 4 $B800: PETSCII upper/graphics
        lda #$12
        jsr CHROUT
        lda #'A'
        jsr CHROUT              ; reversed PETSCII 'A': screen code $81
        lda #$92
        jsr CHROUT
        lda #$E9
        jsr CHROUT              ; PETSCII $E9 -> screen code $69
        ldx #8                  ; -> $0488
        jsr read_row
        lda #$0E                ; the case switch stays thin: set 5
        jsr CHROUT
        lda #5
        sta ram_bank
        lda #>$A000
        jsr save_charset        ; bank 5 $A000
        lda #2
        jsr screen_set_charset
        lda #$0E                ; and from set 2: set 3
        jsr CHROUT
        lda #>$A800
        jsr save_charset        ; bank 5 $A800
        lda #1
        sta ram_bank
        DONE

; A, e acute, backslash, tilde, reverse on (ignored), B, lower-case switch (ignored), y
; diaeresis ($FF), euro
isotext:.byte $41, $E9, $5C, $7E, $12, $42, $0E, $FF, $A4, 0

; fill $A000-$A7FF of RAM bank X with A; RAM bank X stays mapped
fill_a000:
        stx ram_bank
        stz dst
        ldx #>$A000
        stx dst+1
        ldx #8
        ldy #0
:       sta (dst),y
        iny
        bne :-
        inc dst+1
        dex
        bne :-
        rts

; copy the screen codes of row 0, columns 0-7, to $0480+X
read_row:
        stz VERA_CTRL
        stz VERA_ADDR_L
        lda #$B0
        sta VERA_ADDR_M
        lda #$21                ; bank 1, increment 2: the codes, not the colours
        sta VERA_ADDR_H
        ldy #8
:       lda VERA_DATA0
        sta $0480,x
        inx
        dey
        bne :-
        rts

; save_charset: copy the 2 KB character set in VRAM $1F000 to A*256 (of the current RAM bank)
save_charset:
        sta dst+1
        stz dst
        stz VERA_CTRL
        stz VERA_ADDR_L
        lda #$F0
        sta VERA_ADDR_M
        lda #$11                ; bank 1, increment 1
        sta VERA_ADDR_H
        ldx #8
        ldy #0
:       lda VERA_DATA0
        sta (dst),y
        iny
        bne :-
        inc dst+1
        dex
        bne :-
        rts
