; clock_set_date_time, then clock_get_date_time and the RTC's raw registers; i2c_batch_write
; and i2c_batch_read on the RTC's SRAM. Results: $0400 P/A/X/Y after the set, $0410-$0417
; the date read back, $0418-$041E RTC registers 0-6 (i2c_read_byte), $0420+ the batch
; calls (P, A, X, Y, then r0, r1, r2 at +4), $0460 the bytes read back.
.include "prg.inc"
.include "api.inc"

clock_set_date_time = $FF4D
i2c_batch_read      = $FEB4
i2c_batch_write     = $FEB7

        ldx #7
:       lda date,x
        sta r0,x
        dex
        bpl :-
        jsr clock_set_date_time
        RESULT $0400
        jsr clock_get_date_time
        ldx #7
:       lda r0,x
        sta $0410,x
        dex
        bpl :-
        ldy #0
:       ldx #$6F
        jsr i2c_read_byte
        sta $0418,y
        iny
        cpy #7
        bne :-

        ; write register address $28 and 5 bytes into the SRAM
        lda #<wdata
        sta r0
        lda #>wdata
        sta r0+1
        lda #6
        sta r1
        stz r1+1
        ldx #$6F
        clc
        jsr i2c_batch_write
        jsr save                ; $0420
        ; set the register pointer back to $28 and read 5 bytes into $0460
        lda #<wdata
        sta r0
        lda #>wdata
        sta r0+1
        lda #1
        sta r1
        stz r1+1
        ldx #$6F
        clc
        jsr i2c_batch_write
        lda #<$0460
        sta r0
        lda #>$0460
        sta r0+1
        lda #5
        sta r1
        stz r1+1
        ldx #$6F
        clc
        jsr i2c_batch_read
        jsr save                ; $042A
        ; C=1: the target does not step: 3 bytes from $2A-$2C all land in $0468
        lda #<reg2a
        sta r0
        lda #>reg2a
        sta r0+1
        lda #1
        sta r1
        stz r1+1
        ldx #$6F
        clc
        jsr i2c_batch_write     ; pointer to $2A
        lda #<$0468
        sta r0
        lda #>$0468
        sta r0+1
        lda #3
        sta r1
        stz r1+1
        ldx #$6F
        sec
        jsr i2c_batch_read
        jsr save                ; $0434
        ; nobody at $11: C=1; r2 = 0 for the write
        ldx #$11
        clc
        jsr i2c_batch_write
        jsr save                ; $043E
        ldx #$11
        clc
        jsr i2c_batch_read
        jsr save                ; $0448
        ; a count of 0: C=0, nothing sent
        stz r1
        ldx #$6F
        sec
        jsr i2c_batch_read
        jsr save                ; $0452
        DONE

; save: P, A, X, Y, r0, r1, r2 at $0420 + 10 * n (n counts the calls)
save:   php
        pha
        phx
        phy
        ldx savep
        pla
        sta $0423,x
        pla
        sta $0422,x
        pla
        sta $0421,x
        pla
        and #$01                ; C only: the other flags are the ROM's business
        sta $0420,x
        ldy #0
:       lda r0,y
        sta $0424,x
        inx
        iny
        cpy #6
        bne :-
        lda savep
        clc
        adc #10
        sta savep
        rts
savep:  .byte 0

;      year-1900 month day hours minutes seconds jiffies weekday
date:   .byte 126,  2,    28,  23,   59,     58,     0,      7
wdata:  .byte $28, $11, $22, $33, $44, $55
reg2a:  .byte $2A
