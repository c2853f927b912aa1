; sdsector.s: a program that drives the SD card itself through VERA's SPI registers, as
; video and sample players do (core/sdcard_test.go gives it a card whose block n holds
; byte (n*7+i) & $FF at offset i). It initialises the card (80 clocks deselected at the
; slow clock, CMD0, CMD8, CMD55+ACMD41 until ready, CMD58), then at full speed:
;   1. CMD17 block 1 with auto-TX reads (as the official ROM's fast path) to $4000;
;   2. CMD24 block 2 with bytes i EOR $5A;
;   3. CMD18 blocks 2-4 to $5000-$55FF with polled reads, then CMD12.
; It checks every byte itself. Results:
;   $0400 CMD0 R1 ($01)     $0401 CMD8 R1 ($01)     $0402 R7's last byte ($AA)
;   $0403 ACMD41 polls      $0404 OCR byte 0 ($C0)  $0405 CMD17 R1 ($00)
;   $0406 mismatches in block 1 (0)   $0407 CMD24 R1 ($00)   $0408 data response ($05)
;   $0409 busy bytes seen   $040A CMD18 R1 ($00)    $040B mismatches in blocks 2-4 (0)
;   $040C CMD12 R1 ($00)    $0410-$0413 cycles of step 1 (command to last byte)
;   $0414-$0417 cycles of step 3    $04FF = $A5 at the end.
.include "prg.inc"

SPI_DATA = VERA_SPI_DATA
SPI_CTRL = VERA_SPI_CTRL
ptr      = $FB
errs     = $FD
blk      = $FE

start:  sei
        lda #2                  ; slow clock, deselected
        sta SPI_CTRL
        ldx #10
@clk:   jsr spi_read
        dex
        bne @clk
        lda #3                  ; slow clock, selected
        sta SPI_CTRL
        ldx #0                  ; CMD0
        jsr command
        sta $0400
        ldx #6                  ; CMD8 $1AA
        jsr command
        sta $0401
        jsr spi_read
        jsr spi_read
        jsr spi_read
        jsr spi_read
        sta $0402
        stz $0403
@acmd:  inc $0403
        ldx #12                 ; CMD55
        jsr command
        ldx #18                 ; ACMD41 HCS
        jsr command
        cmp #0
        bne @acmd
        ldx #24                 ; CMD58
        jsr command
        jsr spi_read
        sta $0404
        jsr spi_read
        jsr spi_read
        jsr spi_read
        lda #1                  ; full speed, selected
        sta SPI_CTRL

        ; 1. CMD17 block 1, read with auto-TX
        lda #0
        sta EMU_COUNTER0        ; reset the cycle counter
        ldx #30                 ; CMD17 1
        jsr command
        sta $0405
        jsr wait_token
        lda #5                  ; auto-TX, selected
        sta SPI_CTRL
        lda SPI_DATA            ; starts the first transfer
        ldy #0
@r1:    lda SPI_DATA
        sta $4000,y
        iny
        bne @r1
@r2:    lda SPI_DATA
        sta $4100,y
        iny
        bne @r2
        lda #1
        sta SPI_CTRL            ; auto-TX off; the first CRC byte is in
        jsr spi_read            ; the second
        lda EMU_COUNTER0
        sta $0410
        lda EMU_COUNTER1
        sta $0411
        lda EMU_COUNTER2
        sta $0412
        lda EMU_COUNTER3
        sta $0413
        lda #$40
        ldx #1
        jsr check
        sta $0406

        ; 2. CMD24 block 2: i EOR $5A
        ldx #36
        jsr command
        sta $0407
        jsr spi_read            ; a gap byte
        lda #$FE
        jsr spi_write
        ldy #0
@w1:    tya
        eor #$5A
        jsr spi_write
        iny
        bne @w1
@w2:    tya
        eor #$5A
        jsr spi_write
        iny
        bne @w2
        lda #0                  ; CRC (not checked: CRCs are off)
        jsr spi_write
        lda #0
        jsr spi_write
        jsr spi_read
        and #$1F
        sta $0408
        stz $0409
@busy:  jsr spi_read
        cmp #$FF
        beq @ready
        inc $0409
        bra @busy
@ready:
        ; 3. CMD18 blocks 2-4, polled
        lda #0
        sta EMU_COUNTER0
        ldx #42
        jsr command
        sta $040A
        lda #$50
        sta ptr+1
        stz ptr
        ldx #3
@blk:   phx
        jsr wait_token
        ldy #0
@m1:    jsr spi_read
        sta (ptr),y
        iny
        bne @m1
        inc ptr+1
@m2:    jsr spi_read
        sta (ptr),y
        iny
        bne @m2
        inc ptr+1
        jsr spi_read            ; CRC
        jsr spi_read
        plx
        dex
        bne @blk
        lda EMU_COUNTER0
        sta $0414
        lda EMU_COUNTER1
        sta $0415
        lda EMU_COUNTER2
        sta $0416
        lda EMU_COUNTER3
        sta $0417
        ldx #48                 ; CMD12
        jsr command
        sta $040C
@busy2: jsr spi_read
        cmp #$FF
        bne @busy2
        ; block 2 as written
        stz errs
        ldy #0
@c1:    tya
        eor #$5A
        cmp $5000,y
        beq :+
        inc errs
:       tya
        eor #$5A
        cmp $5100,y
        beq :+
        inc errs
:       iny
        bne @c1
        lda #$52
        ldx #3
        jsr check
        clc
        adc errs
        sta errs
        lda #$54
        ldx #4
        jsr check
        clc
        adc errs
        sta $040B
        stz SPI_CTRL            ; deselect
        lda #$A5
        sta $04FF
        cli
        rts

; check: A = page of a 512-byte buffer, X = block number; returns in A the number of
; bytes (up to 255) that are not (X*7 + i) & $FF.
check:  sta ptr+1
        stz ptr
        stx blk
        txa
        asl
        asl
        asl
        sec
        sbc blk                 ; X*7
        sta blk
        stz errs
        ldx #2
@page:  ldy #0
@byte:  tya
        clc
        adc blk
        cmp (ptr),y
        beq :+
        inc errs
:       iny
        bne @byte
        inc ptr+1
        lda blk                 ; the second page: i = 256 + y, same low byte
        dex
        bne @page
        lda errs
        rts

; command: sends the command at cmds+X (6 bytes) and returns its R1 (the first byte with
; bit 7 clear within 10, else $FF).
command:
        ldy #6
@send:  lda cmds,x
        jsr spi_write
        inx
        dey
        bne @send
        ldy #10
@wait:  jsr spi_read
        bit #$80
        beq @done
        dey
        bne @wait
@done:  rts

; wait_token: reads until the data start token.
wait_token:
        jsr spi_read
        cmp #$FE
        bne wait_token
        rts

spi_read:
        lda #$FF
spi_write:
        sta SPI_DATA
@w:     bit SPI_CTRL
        bmi @w
        lda SPI_DATA
        rts

cmds:   .byte $40, 0, 0, 0, 0, $95       ; 0: CMD0
        .byte $48, 0, 0, 1, $AA, $87     ; 6: CMD8
        .byte $77, 0, 0, 0, 0, $01       ; 12: CMD55
        .byte $69, $40, 0, 0, 0, $01     ; 18: ACMD41 HCS
        .byte $7A, 0, 0, 0, 0, $01       ; 24: CMD58
        .byte $51, 0, 0, 0, 1, $01       ; 30: CMD17 1
        .byte $58, 0, 0, 0, 2, $01       ; 36: CMD24 2
        .byte $52, 0, 0, 0, 2, $01       ; 42: CMD18 2
        .byte $4C, 0, 0, 0, 0, $01       ; 48: CMD12
