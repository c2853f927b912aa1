; jsrfar3: a program that carries the caller's half of the official ROM's far call (as
; programs built with x16-rom's inc/jsrfar.inc do, the kit's file manager among them) and
; jumps to the RAM half at the official address $02C4. It calls IOBASE ($FFF3, bank 0) and
; SCREEN ($FFED) from RAM with ROM bank 9 mapped, and records X, Y and the ROM bank after
; each at $0400 and $0403 (core/rom_jsrfar_test.go runs it on both ROMs).
.include "prg.inc"
.include "api.inc"
JSRFAR3 = $02C4
JMPFR   = $02DF
IOBASE_ = $FFF3
SCREEN_ = $FFED

; FARCALL target, bank: the caller's half of the official far call, as its contract has it:
; reached by a JSR (the return address under everything), it jumps to the RAM half
.macro FARCALL target, tbank
        php                     ; a byte for the caller's ROM bank
        php                     ; the caller's P
        pha
        phx
        phy
        tsx
        lda #<target
        sta JMPFR+1
        lda #>target
        sta JMPFR+2
        lda $01
        sta $0105,x             ; the caller's ROM bank into the reserved byte
        lda #tbank
        ply
        plx
        jmp JSRFAR3
.endmacro

        lda #9
        sta $01
        ldx #0
        ldy #0
        jsr far_iobase
        stx $0400
        sty $0401
        lda $01
        sta $0402
        lda #9
        sta $01
        jsr far_screen
        stx $0403
        sty $0404
        lda $01
        sta $0405
        stz $01
        DONE

far_iobase: FARCALL IOBASE_, 0
far_screen: FARCALL SCREEN_, 0
