; A reset through the SMC after writing AUTOBOOT.X16, as the starter kit's SYSTEM-BOOT
; programs do (BASIC's RESET: I2C device $42, register 2, value 0): the machine resets, the
; official ROM boots again, finds AUTOBOOT.X16 on device 8 and runs it. Before the reset the
; program leaves $5A at $7000 and $C3 at $B000 in RAM bank 1 (a reset keeps RAM) and writes
; AUTOBOOT.X16 (OPEN 2,8,1,"@:AUTOBOOT.X16", CHROUT, CLOSE), then changes into the
; folder SUB (the reset takes the DOS back to the root, as CMDR-DOS starts there): a PRG for $0801 whose BASIC
; line SYS2061 stores $A5 at $04FF (the DONE flag of the test helpers) and returns, or jumps
; to $FFFF when this program's exit_ffff byte is set (RAM survives the reset, and the
; autoboot program is shorter than this one: the byte is still there). core/rom_reset_test.go.
.include "prg.inc"
.include "api.inc"

        lda #$5A
        sta $7000
        lda #1
        sta ram_bank
        lda #$C3
        sta $B000
        stz ram_bank

        lda #2
        ldx #8
        ldy #1                  ; secondary address 1: write
        jsr SETLFS
        lda #name_end-name
        ldx #<name
        ldy #>name
        jsr SETNAM
        jsr OPEN
        ldx #2
        jsr CHKOUT
        ldx #0
:       lda boot,x
        jsr CHROUT
        inx
        cpx #boot_end-boot
        bne :-
        jsr CLRCHN
        lda #2
        jsr CLOSE
        ; OPEN 15,8,15,"CD:SUB": the reset must take the DOS back to the root, where
        ; AUTOBOOT.X16 is
        lda #15
        ldx #8
        ldy #15
        jsr SETLFS
        lda #cd_end-cd
        ldx #<cd
        ldy #>cd
        jsr SETNAM
        jsr OPEN
        lda #15
        jsr CLOSE

        ldx #$42                ; the SMC
        ldy #2                  ; register 2: reset
        lda #0
        jsr i2c_write_byte
forever:
        bra forever             ; the reset comes at the end of the I2C transfer

name:   .byte "@:AUTOBOOT.X16"
name_end:
cd:     .byte "CD:SUB"
cd_end:

; AUTOBOOT.X16: load address, "10 SYS2061", the code at $080D
boot:   .word $0801
        .word $080B, 10
        .byte $9E, "2061", 0
        .word 0
        lda #$A5                ; $080D
        sta $04FF
        lda exit_ffff
        bne :+
        rts
:       jmp $FFFF
boot_end:

; The Go test sets this byte in a copy of the PRG for the official emulator run.
exit_ffff:
        .byte 0
