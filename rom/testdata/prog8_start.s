; What a Prog8 program (cx16 target) does to the KERNAL from its start to its exit, in
; the order its runtime does it (facts from the Prog8 library sources: the startup the
; compiler emits, p8_sys_startup.init_system/init_system_phase2/cleanup_at_exit, and the
; textio calls txt.print/color/color2/plot/get_cursor/column/chrout_lit/print_lit/rvs_on,
; cbm.kbdbuf_clear, txt.waitkey, txt.input_chars, cx16.get_charset, sys.cpu_is_65816).
; Results at $0400+, rows 0-5 of the screen at $6000+ (core/rom_prog8_test.go checks them,
; on both ROMs).
.include "prg.inc"
.include "api.inc"

P8ZP_SCRATCH_B1  = $7A          ; Prog8's own zero page (CX16Zeropage)
P8ZP_SCRATCH_REG = $7B
P8ZP_SCRATCH_W1  = $7C
P8ZP_SCRATCH_W2  = $7E
CINT     = $FF81
IOINIT   = $FF84
RESTOR   = $FF8A
MEMTOP   = $FF99
CINV     = $0314
audio_init = $C09F              ; ROM bank 10
KERNAL_MODE = $0372             ; the official editor's charset/ISO/lock byte

; the startup code the compiler puts after the BASIC stub
        cld
        tsx
        stx orig_sp
        jsr init_system
        jsr init_system_phase2
        jsr main
        jmp cleanup_at_exit

init_system:
        sei
        lda #0
        tax
        tay
        jsr mouse_config        ; mouse off
        lda VERA_DC_VIDEO
        and #%00000111          ; keep chroma + output mode
        sta P8ZP_SCRATCH_REG
        lda #$0A
        sta rom_bank            ; ROM bank 10 (audio)
        jsr audio_init          ; silence
        stz rom_bank
        jsr IOINIT
        jsr RESTOR
        jsr CINT
        lda VERA_DC_VIDEO
        and #%11111000
        ora P8ZP_SCRATCH_REG
        sta VERA_DC_VIDEO
        lda #$90                ; black
        jsr CHROUT
        lda #1                  ; swap fg/bg
        jsr CHROUT
        lda #$9E                ; yellow
        jsr CHROUT
        lda #147                ; clear screen
        jsr CHROUT
        lda #8                  ; lock the case switch
        jsr CHROUT
        lda #1
        sta ram_bank            ; PROG8_VARSHIGH_RAMBANK
        lda #0
        sta rom_bank
        sta VERA_DC_BORDER
        tax
        tay
        cli
        rts

init_system_phase2:
        sei
        lda CINV
        sta orig_irq
        lda CINV+1
        sta orig_irq+1
        lda #1
        sta ram_bank
        stz rom_bank
        cli
        cld
        clc
        clv
        rts

cleanup_at_exit:
        lda #1
        sta ram_bank
        lda #4
        sta rom_bank            ; ROM bank 4 (BASIC) for the return
        jsr CLRCHN              ; through bank 4's jump table
        lda #9                  ; unlock the case switch
        jsr CHROUT
        RESULT $0480            ; C=0 A=9: CHROUT in bank 4 keeps A
        lda rom_bank
        sta $0484               ; still 4
        lda KERNAL_MODE
        sta $0485               ; lock bit clear again
        lda #$A5                ; the DONE flag, then the exit code in A
        sta $04FF
        lda #0
        lsr a
        lda #42
        ldx #0
        ldy #0
        rts

main:
        lda VERA_DC_BORDER
        sta $0400               ; 0
        lda $0376
        sta $0401               ; colour $07: yellow on black
        lda KERNAL_MODE
        sta $0402               ; $82: PETSCII upper, locked
        lda rom_bank
        sta $0403               ; 0
        lda ram_bank
        sta $0404               ; 1
        jsr get_charset
        sta $0405               ; 2

        ; txt.print: Y is the index across CHROUT
        lda #<hello
        ldy #>hello
        jsr print
        ; txt.color2(1, 6): white on blue
        lda #$1F
        jsr CHROUT
        lda #1
        jsr CHROUT
        lda #$05
        jsr CHROUT
        lda #'B'
        jsr CHROUT
        ; txt.color(5) green on blue
        lda #$1E
        jsr CHROUT
        lda #'G'
        jsr CHROUT
        ; txt.plot(10, 5) then get_cursor
        ldy #10
        ldx #5
        clc
        jsr PLOT
        lda #<at
        ldy #>at
        jsr print
        sec
        jsr PLOT
        stx $0406               ; row 5
        sty $0407               ; column 12
        ; txt.column(3): read the row, set the column
        lda #3
        pha
        sec
        jsr PLOT
        pla
        tay
        clc
        jsr PLOT
        lda #'C'
        jsr CHROUT
        ; txt.rvs_on / rvs_off
        lda #18
        jsr CHROUT
        lda #'R'
        jsr CHROUT
        lda #146
        jsr CHROUT
        lda #'N'
        jsr CHROUT
        ; txt.chrout_lit($93) and print_lit(CTRL codes): the verbatim prefix $80
        ldx #0
        ldy #20
        clc
        jsr PLOT                ; row 0, column 20
        lda #$93
        tax
        lda #128
        jsr CHROUT
        txa
        jsr CHROUT
        lda #<lit
        ldy #>lit
        jsr print_lit
        lda #'Z'
        jsr CHROUT              ; printed normally again
        ; txt.lowercase / uppercase and what get_charset says
        lda #$0E
        jsr CHROUT
        jsr get_charset
        sta $0408               ; 3
        lda #$8E
        jsr CHROUT
        jsr get_charset
        sta $0409               ; 2
        ; txt.width/height
        jsr SCREEN
        stx $040A               ; 80
        sty $040B               ; 60
        ; MEMTOP C=1: A = RAM banks (cx16.numbanks)
        sec
        jsr MEMTOP
        RESULT $040C            ; X=$00 Y=$9F, A = 64 (512 KB)
        ; sys.cpu_is_65816: SEP #$EA is a 2-byte NOP on the 65C02
        php
        clv
        .byte $E2, $EA
        bvc :+
        lda #1
        bra :++
:       lda #0
:       plp
        sta $0410               ; 0
        ; cbm.kbdbuf_clear: GETIN until A = 0
        lda #'Q'
        jsr kbdbuf_put
:       jsr GETIN
        cmp #0
        bne :-
        ; txt.waitkey: GETIN's Z flag follows A
        lda #'K'
        jsr kbdbuf_put
:       jsr GETIN
        beq :-
        sta $0411               ; 'K'
        ; sys.wait(2): RDTIM with interrupts masked around it
        php
        sei
        jsr RDTIM
        plp
        sta P8ZP_SCRATCH_B1
:       php
        sei
        jsr RDTIM
        plp
        cmp P8ZP_SCRATCH_B1
        beq :-
        ; txt.input_chars: CHRIN from the keyboard, Y counts across the calls
        ldx #30
        ldy #0
        clc
        jsr PLOT                ; row 30 for the echo
        ldx #0
:       lda keys,x
        beq :+
        jsr kbdbuf_put
        inx
        bra :-
:       lda #<$0440
        sta P8ZP_SCRATCH_W1
        lda #>$0440
        sta P8ZP_SCRATCH_W1+1
        ldy #0
@in:    jsr CHRIN
        cmp #$0D
        beq :+
        sta (P8ZP_SCRATCH_W1),y
        iny
        bne @in
:       lda #0
        sta (P8ZP_SCRATCH_W1),y
        sty $0412               ; 3
        ; quote mode: between quote marks a colour code prints as its glyph; RETURN ends it
        ldx #2
        ldy #0
        clc
        jsr PLOT
        lda #<quoted
        ldy #>quoted
        jsr print
        jsr save_rows
        ; ISO mode: txt.iso() then what get_charset says, then iso_off()
        lda #$0F
        jsr CHROUT
        jsr get_charset
        sta $0413               ; 1
        lda KERNAL_MODE
        and #$40
        sta $0414               ; $40
        ldx #0
        ldy #0
        clc
        jsr PLOT
        lda #$E9                ; e acute: ISO code = screen code
        jsr CHROUT
        lda #'a'
        jsr CHROUT
        jsr vram_cells
        lda #$8F
        jsr CHROUT              ; back to PETSCII (clears the screen)
        jsr get_charset
        sta $0415               ; 2
        rts

; copy the first 40 cells (screen code, colour) of rows 0-5 to $6000 + row * 256
save_rows:
        stz VERA_CTRL
        lda #$11
        sta VERA_ADDR_H
        ldy #0
@row:   tya
        clc
        adc #$B0
        sta VERA_ADDR_M
        stz VERA_ADDR_L
        tya
        clc
        adc #$60
        sta P8ZP_SCRATCH_W1+1
        stz P8ZP_SCRATCH_W1
        phy
        ldy #0
:       lda VERA_DATA0
        sta (P8ZP_SCRATCH_W1),y
        iny
        cpy #80
        bne :-
        ply
        iny
        cpy #6
        bne @row
        rts

; copy the first two cells of row 0 (screen code, colour) to $0418-$041B
vram_cells:
        stz VERA_CTRL
        lda #$11
        sta VERA_ADDR_H
        lda #$B0
        sta VERA_ADDR_M
        stz VERA_ADDR_L
        ldx #0
:       lda VERA_DATA0
        sta $0418,x
        inx
        cpx #4
        bne :-
        rts

; cx16.get_charset: 0 unknown, 1 ISO, 2 PETSCII upper, 3 PETSCII lower (from $0372)
get_charset:
        lda KERNAL_MODE
        beq @end
        bit #$40
        beq :+
        lda #1
        bra @end
:       bit #1
        bne :+
        lda #2
        bra @end
:       lda #3
@end:   rts

; txt.print (A/Y = string)
print:  sta P8ZP_SCRATCH_W2
        sty P8ZP_SCRATCH_W2+1
        ldy #0
:       lda (P8ZP_SCRATCH_W2),y
        beq :+
        jsr CHROUT
        iny
        bne :-
:       rts

; txt.print_lit: every character after the verbatim prefix, X and Y across CHROUT
print_lit:
        sta P8ZP_SCRATCH_W2
        sty P8ZP_SCRATCH_W2+1
        ldy #0
:       lda (P8ZP_SCRATCH_W2),y
        beq :+
        tax
        lda #128
        jsr CHROUT
        txa
        jsr CHROUT
        iny
        bne :-
:       rts

hello:  .byte "HELLO", 0
quoted: .byte $22, $05, $93, $22, "Q", $1C, "W", $22, $0D, $05, "V", 0
at:     .byte "AT", 0
lit:    .byte $05, $11, $1D, $9D, $12, $0D, 0
keys:   .byte "XYZ", $0D, 0
orig_sp: .byte 0
orig_irq: .word 0
