; The built-in ROM's I2C and clock calls: i2c_read_byte from the SMC ($42) and the RTC
; ($6F), i2c_write_byte to the RTC's SRAM and time registers, an absent device, RDTIM and
; SETTIM, clock_get_date_time. Results (P, A, X, Y) at $0400+, the date at $0430.
.include "prg.inc"
.include "api.inc"

        ldx #$42
        ldy #$30                ; SMC firmware version, major
        jsr i2c_read_byte
        RESULT $0400            ; C=0 A=47 X=$42 Y=$30
        lda #$5A
        ldx #$6F
        ldy #$25                ; RTC SRAM byte $25
        jsr i2c_write_byte
        RESULT $0404            ; C=0 A=$5A X=$6F Y=$25
        ldx #$6F
        ldy #$25
        jsr i2c_read_byte
        RESULT $0408            ; A=$5A
        ldx #$10                ; nobody at $10
        ldy #0
        jsr i2c_read_byte
        RESULT $040C            ; C=1
        lda #$77
        ldx #$10
        jsr i2c_write_byte
        RESULT $0410            ; C=1

        ; the date before and after setting the RTC's year (BCD 31) and minutes (BCD 45)
        jsr clock_get_date_time
        ldx #7
:       lda r0,x
        sta $0420,x
        dex
        bpl :-
        lda #$31
        ldx #$6F
        ldy #6
        jsr i2c_write_byte
        lda #$45
        ldy #1
        jsr i2c_write_byte
        jsr clock_get_date_time
        ldx #7
:       lda r0,x
        sta $0430,x
        dex
        bpl :-

        ; the jiffy clock: SETTIM / RDTIM, then five VSYNCs later
        sei
        lda #$56
        ldx #$34
        ldy #$12
        jsr SETTIM
        jsr RDTIM
        RESULT $0440            ; $56 $34 $12
        cli
        ldx #5
:       wai                     ; the only interrupt source is VSYNC
        dex
        bne :-
        jsr RDTIM
        RESULT $0444            ; $5B $34 $12
        DONE
