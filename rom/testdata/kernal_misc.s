; extapi ($FEAB) functions, extapi16, BSAVE, LKUPLA/LKUPSA. Results at $0400+ (P, A, X, Y
; with RESULT, or bytes as commented); the Go test checks both ROMs against the same
; values. With $04F0 = 1 (the built-in ROM only) CMPARE, which the X16 KERNAL leaves
; unimplemented, is tested too.
.include "prg.inc"
.include "api.inc"

extapi   = $FEAB
extapi16 = $FEA8
BSAVE    = $FEBA
LKUPLA   = $FF59
LKUPSA   = $FF5C
CMPARE   = $FF7A
r5 = $0C
r6 = $0E
r4 = $0A
fetchp = $50

        ; clear_status (1), getlfs (2)
        lda #$42
        sta $0287               ; STATUS, where both KERNALs keep it
        lda #1
        jsr extapi
        jsr READST
        sta $0400               ; 0
        lda #5
        ldx #8
        ldy #15
        jsr SETLFS
        lda #2
        jsr extapi
        RESULT $0404            ; A=5 X=8 Y=15

        ; mouse_sprite_offset (3): set (-8, -4), get it back; mouse_config resets it
        lda #$F8
        sta r0
        lda #$FC
        sta r1
        lda #$FF
        sta r0+1
        sta r1+1
        lda #3
        clc
        jsr extapi
        stz r0
        stz r0+1
        stz r1
        stz r1+1
        lda #3
        sec
        jsr extapi
        ldx #3
:       lda r0,x
        sta $0408,x             ; F8 FF FC FF
        dex
        bpl :-

        ; joystick_ps2_keycodes (4): the defaults
        lda #4
        sec
        jsr extapi
        ldx #13
:       lda r0,x
        sta $0410,x             ; 14 key codes
        dex
        bpl :-
        ; set: swap right and left, then read back
        lda $0411
        sta r0
        lda $0410
        sta r0+1
        lda #4
        clc
        jsr extapi
        stz r0
        stz r0+1
        lda #4
        sec
        jsr extapi
        lda r0
        sta $041E               ; $4F
        lda r0+1
        sta $041F               ; $59
        ldx #13                 ; put the defaults back
:       lda $0410,x
        sta r0,x
        dex
        bpl :-
        lda #4
        clc
        jsr extapi

        ; iso_cursor_char (5): default, then set $66 and read it back
        lda #5
        sec
        jsr extapi
        stx $0420               ; 0 (PETSCII mode)
        ldx #$66
        lda #5
        clc
        jsr extapi
        ldx #0
        lda #5
        sec
        jsr extapi
        stx $0421               ; $66
        ldx #0
        lda #5
        clc
        jsr extapi

        ; pfkey (7): F3 = "AB"; key 0, key 10, length 11 refused
        lda #<pftext
        sta r0
        lda #>pftext
        sta r0+1
        ldx #3
        ldy #2
        lda #7
        jsr extapi
        RESULT $0424            ; C=0
        ldx #0
        ldy #2
        lda #7
        jsr extapi
        RESULT $0428            ; C=1
        ldx #10
        ldy #2
        lda #7
        jsr extapi
        RESULT $042C            ; C=1
        ldx #1
        ldy #11
        lda #7
        jsr extapi
        RESULT $0430            ; C=1

        ; mouse_set_position (12): mouse on (640x480), move to (100, 50); then to
        ; (1000, 2000), which the screen limits
        lda #1
        ldx #80
        ldy #60
        jsr mouse_config
        lda #<100
        sta $22
        stz $23
        lda #<50
        sta $24
        stz $25
        ldx #$22
        lda #12
        jsr extapi
        ldx #$30
        jsr mouse_get
        ldx #3
:       lda $30,x
        sta $0434,x             ; 100, 50
        dex
        bpl :-
        lda #<1000
        sta $22
        lda #>1000
        sta $23
        lda #<2000
        sta $24
        lda #>2000
        sta $25
        ldx #$22
        lda #12
        jsr extapi
        ldx #$30
        jsr mouse_get
        ldx #3
:       lda $30,x
        sta $0438,x             ; 639, 479
        dex
        bpl :-
        lda #0
        jsr mouse_config
        ; mouse_config reset the sprite offset
        lda #3
        sec
        jsr extapi
        lda r0
        ora r0+1
        ora r1
        ora r1+1
        sta $043C               ; 0

        ; scnsiz (13): 80x25 in mode 1 (80x30); SCREEN says 80x25, screen_mode 80x30
        lda #1
        clc
        jsr screen_mode
        ldx #80
        ldy #25
        lda #13
        jsr extapi
        RESULT $0440            ; C=0
        jsr SCREEN
        stx $0444               ; 80
        sty $0445               ; 25
        sec
        jsr screen_mode
        stx $0446               ; 80
        sty $0447               ; 30
        ldx #81                 ; refused, nothing changes
        ldy #25
        lda #13
        jsr extapi
        RESULT $0448            ; C=1
        ldx #40
        ldy #3
        lda #13
        jsr extapi
        RESULT $044C            ; C=1
        jsr SCREEN
        stx $0450               ; 80
        sty $0451               ; 25
        lda #0
        clc
        jsr screen_mode         ; back to 80x60

        ; kbd_leds (14): set 5, read back
        ldx #5
        lda #14
        clc
        jsr extapi
        ldx #0
        lda #14
        sec
        jsr extapi
        stx $0452               ; 5
        ldx #0
        lda #14
        clc
        jsr extapi

        ; memory_decompress_from_func (15): the LZSA2 block at $7000 (put there by the
        ; test), streamed by fetch_byte, into $4000 (9312 bytes: below the block)
        lda #<$7000
        sta fetchp
        lda #>$7000
        sta fetchp+1
        lda #<$4000
        sta r1
        lda #>$4000
        sta r1+1
        lda #<fetch_byte
        sta r4
        lda #>fetch_byte
        sta r4+1
        lda #15
        jsr extapi
        lda r1
        sta $0454               ; end of the output
        lda r1+1
        sta $0455

        ; default_palette (16): spoil entry 1, upload, read entry 1 back
        stz VERA_CTRL
        lda #$02
        sta VERA_ADDR_L
        lda #$FA
        sta VERA_ADDR_M
        lda #$11
        sta VERA_ADDR_H
        stz VERA_DATA0
        stz VERA_DATA0
        lda #16
        clc
        jsr extapi
        lda #$02
        sta VERA_ADDR_L
        lda #$FA
        sta VERA_ADDR_M
        lda #$11
        sta VERA_ADDR_H
        lda VERA_DATA0
        sta $0456               ; $FF
        lda VERA_DATA0
        sta $0457               ; $0F
        ; C=1: where the table is; its entry 2 ($0800) through FETCH
        lda #16
        sec
        jsr extapi
        stx $40
        sty $41
        sta $045A               ; the ROM bank
        tax
        lda #$40
        ldy #4
        jsr FETCH
        sta $0458               ; $00
        ldx $045A
        lda #$40
        ldy #5
        jsr FETCH
        sta $0459               ; $08

        ; has_machine_property (17): 0 (65C816) and 1 (far memory): C=0
        ldx #0
        lda #17
        jsr extapi
        RESULT $045C            ; C=0
        ldx #1
        lda #17
        jsr extapi
        RESULT $0460            ; C=0
        ldx #2                  ; 2-4 (GS I/O, shared bank, bank mirror): C=0 each
:       phx
        lda #17
        jsr extapi
        plx
        lda #0
        rol
        sta $04A6,x
        inx
        cpx #5
        bne :-

        ; kbdbuf_clear (19), kbdbuf_get (18)
        lda #'Q'
        jsr kbdbuf_put
        lda #'R'
        jsr kbdbuf_put
        lda #18
        jsr extapi
        sta $0464               ; 'Q'
        lda #19
        jsr extapi
        jsr kbdbuf_peek
        stx $0465               ; 0
        lda #18
        jsr extapi
        sta $0466               ; 0

        ; extapi16 on a 65C02: C=1
        clc
        lda #8
        jsr extapi16
        php
        pla
        and #1
        sta $0467               ; 1

        ; BSAVE: $3000-$3003 without a header into BS.BIN
        lda #1
        ldx #8
        ldy #1
        jsr SETLFS
        lda #6
        ldx #<bsname
        ldy #>bsname
        jsr SETNAM
        lda #$A1
        sta $3000
        lda #$B2
        sta $3001
        lda #$C3
        sta $3002
        lda #$D4
        sta $3003
        lda #<$3000
        sta $40
        lda #>$3000
        sta $41
        lda #$40
        ldx #<$3004
        ldy #>$3004
        jsr BSAVE
        RESULT $0468            ; C=0

        ; LKUPLA / LKUPSA: files 3 (device 8, SA 5) and 7 (device 8, SA 9) open
        lda #3
        ldx #8
        ldy #5
        jsr SETLFS
        lda #6
        ldx #<bsname
        ldy #>bsname
        jsr SETNAM
        jsr OPEN
        lda #7
        ldx #8
        ldy #9
        jsr SETLFS
        lda #6
        ldx #<bsname
        ldy #>bsname
        jsr SETNAM
        jsr OPEN
        lda #7
        jsr LKUPLA
        RESULT $046C            ; C=0 A=7 X=8 Y=$69 (SA | $60, the file table's form)
        ldy #$65
        jsr LKUPSA
        RESULT $0470            ; C=0 A=3 X=8 Y=$65
        lda #4
        jsr LKUPLA
        RESULT $0474            ; C=1
        ldy #5                  ; the plain SA is not the table's form
        jsr LKUPSA
        RESULT $0478            ; C=1
        lda #3
        jsr CLOSE
        lda #7
        jsr CLOSE

        ; memory_decompress into VRAM $04000 through DATA0 (the match copies read VRAM
        ; back), then memory_decompress_from_func into VRAM $08000; r1 stays $9F23
        stz VERA_CTRL
        stz VERA_ADDR_L
        lda #$40
        sta VERA_ADDR_M
        lda #$10
        sta VERA_ADDR_H
        lda #<$7000
        sta r0
        lda #>$7000
        sta r0+1
        lda #<VERA_DATA0
        sta r1
        lda #>VERA_DATA0
        sta r1+1
        jsr memory_decompress
        lda r1
        sta $047C               ; $23
        lda r1+1
        sta $047D               ; $9F
        stz VERA_ADDR_L
        lda #$80
        sta VERA_ADDR_M
        lda #$10
        sta VERA_ADDR_H
        lda #<$7000
        sta fetchp
        lda #>$7000
        sta fetchp+1
        lda #15
        jsr extapi

        ; ps2data_fetch (8) / ps2data_raw (9) with interrupts off: the test presses A when
        ; $04E0 = 1; the raw key code comes back in A, no mouse packet (X = 0)
        sei
        lda #1
        sta $04E0
:       lda #8
        jsr extapi
        lda #9
        jsr extapi
        beq :-
        RESULT $04A0            ; A = 31 (A's key number), X = 0
        stz $04E0
        cli
        lda #19                 ; kbdbuf_clear: the built-in fetch also typed the key
        jsr extapi

        ; blink_enable (20): the cursor at row 2, column 3 blinks on (the cell reversed)
        ; within 60 frames; blink_enable X=1 puts the cell back
        ldx #2
        ldy #3
        clc
        jsr PLOT
        ldx #0
        lda #20
        jsr extapi
        ldy #60
:       wai
        jsr cell23
        cmp #$A0
        beq :+
        dey
        bne :-
:       sta $04A4               ; $A0: the reversed space
        ldx #1
        lda #20
        jsr extapi
        jsr cell23
        sta $04A5               ; $20

        lda $04F0
        bne :+
        jmp @done
:
        ; CMPARE: $3001 in RAM, bank 1 $A010, ROM bank 0 $FFFC (the reset vector's low byte)
        lda #<$3000
        sta $40
        lda #>$3000
        sta $41
        lda #$40
        sta stavec
        lda #$B2
        ldx #0
        ldy #1
        jsr CMPARE
        RESULT $0480            ; Z=1 C=1
        lda #$B1
        ldy #1
        jsr CMPARE
        RESULT $0484            ; Z=0 C=0
        lda #$77
        sta $A010               ; RAM bank 1 (the program's)
        lda #<$A000
        sta $40
        lda #>$A000
        sta $41
        lda #$77
        ldx #1
        ldy #$10
        jsr CMPARE
        RESULT $0488            ; Z=1
        lda #<$FF00
        sta $40
        lda #>$FF00
        sta $41
        lda $FFFC
        ldx #0
        ldy #$FC
        jsr CMPARE
        RESULT $048C            ; Z=1
        ; pfkey's macro: F1 = "XY" + CR, typed by the line editor when F1 ($85) comes
        lda #<pfmac
        sta r0
        lda #>pfmac
        sta r0+1
        ldx #1
        ldy #3
        lda #7
        jsr extapi
        lda #$85
        jsr kbdbuf_put
        jsr CHRIN
        sta $0490               ; 'X'
        jsr CHRIN
        sta $0491               ; 'Y'
        jsr CHRIN
        sta $0492               ; CR
@done:  DONE

cell23:                         ; A = the screen code at row 2, column 3 (map $1B000)
        stz VERA_CTRL
        lda #<(2*256 + 3*2)
        sta VERA_ADDR_L
        lda #>($B000 + 2*256)
        sta VERA_ADDR_M
        lda #$01
        sta VERA_ADDR_H
        lda VERA_DATA0
        rts

fetch_byte:                     ; the next LZSA2 byte; keeps X and Y
        lda (fetchp)
        inc fetchp
        bne :+
        inc fetchp+1
:       rts
pftext: .byte "AB"
pfmac:  .byte "XY", $0D
bsname: .byte "BS.BIN"
