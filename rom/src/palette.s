; x16scope built-in KERNAL: the default palette (extapi default_palette). The 256 colours
; are VERA's power-on palette (X16-HARDWARE.md 2.5; the same table as vera/palette.go), as
; 12-bit $0RGB words in the palette RAM's byte order (green/blue, then red).
.include "kernal.inc"

.export default_palette

PALETTE_VRAM = $1FA00

.segment "CODE"

; default_palette (extapi 16): C=1 -> A = ROM bank, X/Y = address of the 512-byte table;
; C=0 writes it to the palette (VRAM $1FA00-$1FBFF).
default_palette:
        bcc @upload
        lda #0
        ldx #<palette
        ldy #>palette
        rts
@upload:
        lda VERA_CTRL
        pha
        stz VERA_CTRL
        lda #<PALETTE_VRAM
        sta VERA_ADDR_L
        lda #>PALETTE_VRAM
        sta VERA_ADDR_M
        lda #$10 | ^PALETTE_VRAM
        sta VERA_ADDR_H
        ldx #0
:       lda palette,x
        sta VERA_DATA0
        inx
        bne :-
:       lda palette+256,x
        sta VERA_DATA0
        inx
        bne :-
        pla
        sta VERA_CTRL
        rts

.segment "RODATA"
palette:
        .word $0000, $0FFF, $0800, $0AFE, $0C4C, $00C5, $000A, $0EE7
        .word $0D85, $0640, $0F77, $0333, $0777, $0AF6, $008F, $0BBB
        .word $0000, $0111, $0222, $0333, $0444, $0555, $0666, $0777
        .word $0888, $0999, $0AAA, $0BBB, $0CCC, $0DDD, $0EEE, $0FFF
        .word $0211, $0433, $0644, $0866, $0A88, $0C99, $0FBB, $0211
        .word $0422, $0633, $0844, $0A55, $0C66, $0F77, $0200, $0411
        .word $0611, $0822, $0A22, $0C33, $0F33, $0200, $0400, $0600
        .word $0800, $0A00, $0C00, $0F00, $0221, $0443, $0664, $0886
        .word $0AA8, $0CC9, $0FEB, $0211, $0432, $0653, $0874, $0A95
        .word $0CB6, $0FD7, $0210, $0431, $0651, $0862, $0A82, $0CA3
        .word $0FC3, $0210, $0430, $0640, $0860, $0A80, $0C90, $0FB0
        .word $0121, $0343, $0564, $0786, $09A8, $0BC9, $0DFB, $0121
        .word $0342, $0463, $0684, $08A5, $09C6, $0BF7, $0120, $0241
        .word $0461, $0582, $06A2, $08C3, $09F3, $0120, $0240, $0360
        .word $0480, $05A0, $06C0, $07F0, $0121, $0343, $0465, $0686
        .word $08A8, $09CA, $0BFC, $0121, $0242, $0364, $0485, $05A6
        .word $06C8, $07F9, $0020, $0141, $0162, $0283, $02A4, $03C5
        .word $03F6, $0020, $0041, $0061, $0082, $00A2, $00C3, $00F3
        .word $0122, $0344, $0466, $0688, $08AA, $09CC, $0BFF, $0122
        .word $0244, $0366, $0488, $05AA, $06CC, $07FF, $0022, $0144
        .word $0166, $0288, $02AA, $03CC, $03FF, $0022, $0044, $0066
        .word $0088, $00AA, $00CC, $00FF, $0112, $0334, $0456, $0668
        .word $088A, $09AC, $0BCF, $0112, $0224, $0346, $0458, $056A
        .word $068C, $079F, $0002, $0114, $0126, $0238, $024A, $035C
        .word $036F, $0002, $0014, $0016, $0028, $002A, $003C, $003F
        .word $0112, $0334, $0546, $0768, $098A, $0B9C, $0DBF, $0112
        .word $0324, $0436, $0648, $085A, $096C, $0B7F, $0102, $0214
        .word $0416, $0528, $062A, $083C, $093F, $0102, $0204, $0306
        .word $0408, $050A, $060C, $070F, $0212, $0434, $0646, $0868
        .word $0A8A, $0C9C, $0FBE, $0211, $0423, $0635, $0847, $0A59
        .word $0C6B, $0F7D, $0201, $0413, $0615, $0826, $0A28, $0C3A
        .word $0F3C, $0201, $0403, $0604, $0806, $0A08, $0C09, $0F0B
