; sdboot.s: the AUTOBOOT.X16 of the SD card tests (core/sdcard_rom_test.go). The official
; ROM loads it from the card at power-on and RUNs it; it then goes through CMDR-DOS on the
; card with the KERNAL's own calls:
;   1. LOADs "INPUT.BIN" (put on the image by mtools) to $6000 and copies its first
;      4 bytes to $0404-$0407;
;   2. SAVEs $5000-$50FF (a pattern it writes: i*3+1) as "OUTPUT.BIN";
;   3. LOADs "OUTPUT.BIN" back to $7000 and counts the bytes that differ into $0403.
; Results: $0400 = $42 (it ran), $0401 = 0 when step 1 went well (else the load's error),
; $0402 = 0 when steps 2-3 went well, $0403 = differing bytes; $0408 = $A5 at the end.
.include "prg.inc"

SETLFS = $FFBA
SETNAM = $FFBD
LOAD   = $FFD5
SAVE   = $FFD8

start:  lda #$42
        sta $0400
        lda #$FF
        sta $0401
        sta $0402
        sta $0403
        ; 1. LOAD "INPUT.BIN",8 to $6000
        lda #1
        ldx #8
        ldy #0                  ; secondary address 0: load to X/Y
        jsr SETLFS
        lda #inname_end-inname
        ldx #<inname
        ldy #>inname
        jsr SETNAM
        lda #0
        ldx #<$6000
        ldy #>$6000
        jsr LOAD
        bcs load1_err
        stz $0401
        ldx #3
copy:   lda $6000,x
        sta $0404,x
        dex
        bpl copy
        bra step2
load1_err:
        sta $0401
step2:  ; the pattern to save
        ldx #0
fill:   txa
        sta $00FE               ; i
        asl
        clc
        adc $00FE               ; i*3
        inc
        sta $5000,x
        inx
        bne fill
        lda #1
        ldx #8
        ldy #0
        jsr SETLFS
        lda #outname_end-outname
        ldx #<outname
        ldy #>outname
        jsr SETNAM
        lda #<$5000
        sta $FB
        lda #>$5000
        sta $FC
        lda #$FB                ; the start address is in $FB/$FC
        ldx #<$5100
        ldy #>$5100
        jsr SAVE
        bcs save_err
        ; 3. LOAD it back to $7000
        lda #1
        ldx #8
        ldy #0
        jsr SETLFS
        lda #rdname_end-rdname
        ldx #<rdname
        ldy #>rdname
        jsr SETNAM
        lda #0
        ldx #<$7000
        ldy #>$7000
        jsr LOAD
        bcs save_err
        stz $0402
        ldx #0
        ldy #0
cmpl:   lda $5000,x
        cmp $7000,x
        beq same
        iny
same:   inx
        bne cmpl
        sty $0403
        bra done
save_err:
        sta $0402
done:   lda #$A5
        sta $0408
.ifdef POWEROFF
        ldx #$42                ; i2c_write_byte: SMC register 1 = 0, power off (the
        ldy #$01                ; official emulator then exits: sdbootoff.s)
        lda #$00
        jsr $FEC9
        bra *
.endif
        rts

inname: .byte "INPUT.BIN"
inname_end:
outname: .byte "@:OUTPUT.BIN"
outname_end:
rdname: .byte "OUTPUT.BIN"
rdname_end:
