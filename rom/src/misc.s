; x16scope built-in KERNAL: clock_set_date_time, i2c_batch_read/write, BSAVE, LKUPLA,
; LKUPSA, CMPARE and RAMTAS (X16 KERNAL documentation; C128 conventions for the C128 calls).
.include "kernal.inc"

.import i2c_start, i2c_stop, i2c_write, i2c_readbits, i2c_ack, i2c_write_byte
.import hostcall, copy_ram_code, ext_init
.export clock_set_date_time, i2c_batch_read, i2c_batch_write, bsave, lkupla, lkupsa
.export cmpare, ramtas

.segment "CODE"

; ---------------------------------------------------------------------------------
; clock_set_date_time ($FF4D): r0L year-1900, r0H month, r1L day, r1H hours, r2L minutes,
; r2H seconds, r3L jiffies (the RTC has none), r3H weekday -> the RTC (MCP7940N at $6F,
; BCD registers 0-6). The oscillator is stopped while the registers change and started
; with the seconds, last, so the clock does not tick between the fields; year before month
; before day, so a day is never set in a month that lacks it. C=1 if the RTC is absent.
clock_set_date_time:
        ldx #RTC_ADDR
        ldy #0
        lda #0                  ; ST = 0: stop the oscillator
        jsr i2c_write_byte
        bcs @ret
        ldy #6
        lda r0L
        sec
        sbc #100                ; the RTC counts years 2000-2099
        jsr put_bcd
        dey
        lda r0H
        jsr put_bcd             ; 5: month
        dey
        lda r1L
        jsr put_bcd             ; 4: day
        dey
        lda r3H
        and #$07
        ora #$08                ; 3: weekday, VBATEN (keep time on the battery)
        jsr i2c_write_byte
        dey
        lda r1H
        jsr put_bcd             ; 2: hours, 24-hour mode (bit 6 = 0)
        dey
        lda r2L
        jsr put_bcd             ; 1: minutes
        dey
        lda r2H
        jsr bin_bcd
        ora #$80                ; 0: seconds, ST = 1 starts the clock
        jsr i2c_write_byte
@ret:   rts

put_bcd:
        jsr bin_bcd
        jmp i2c_write_byte

; bin_bcd: A (0-99) -> BCD; Y kept
bin_bcd:
        ldx #$FF
        sec
:       inx                     ; X = tens
        sbc #10
        bcs :-
        adc #10                 ; A = units
        sta tmp1
        txa
        asl
        asl
        asl
        asl
        ora tmp1
        ldx #RTC_ADDR
        rts

; ---------------------------------------------------------------------------------
; i2c_batch_read ($FEB4): X = device, r0 = buffer, r1 = count; C=1: the buffer address
; does not step (all bytes go to r0, e.g. VERA's DATA0). A stepping buffer that reaches
; $C000 goes on at $A000 in the next RAM bank. Returns C=1 if the device does not answer.
; X, r0, r1 and the interrupt flag are kept; A and Y are not.
i2c_batch_read:
        jsr batch_begin
        bcs batch_zero
        lda bt_dev
        sec
        rol                     ; address, read
        jsr i2c_write
        bcs batch_fail
@byte:  jsr i2c_readbits
        sta (r0)
        jsr batch_step
        jsr batch_count         ; Z=1 after the last byte
        sec                     ; NACK the last byte, ACK the others
        beq :+
        clc
:       php
        jsr i2c_ack
        plp
        bcc @byte
        bra batch_ok

; i2c_batch_write ($FEB7): X = device, r0 = data, r1 = count; C=1: the data address does
; not step. r2 = the bytes the device acknowledged; C=1 if it stopped acknowledging.
; X, r0, r1 and the interrupt flag are kept.
i2c_batch_write:
        stz r2L
        stz r2H
        jsr batch_begin
        bcs batch_zero
        lda bt_dev
        asl                     ; address, write
        jsr i2c_write
        bcs batch_fail
@byte:  lda (r0)
        jsr i2c_write
        bcs batch_fail
        inc r2L
        bne :+
        inc r2H
:       jsr batch_step
        jsr batch_count
        bne @byte
batch_ok:
        jsr i2c_stop
        lda #0
        bra batch_done
batch_fail:
        jsr i2c_stop
        lda #1
batch_done:                     ; A = the C to return with the caller's other flags
        pha
        ldx #3
:       lda bt_r0,x
        sta r0,x
        dex
        bpl :-
        ldx bt_dev
        lda bt_p
        and #$FE
        sta bt_p
        pla
        ora bt_p
        pha
        plp
        rts
batch_zero:                     ; a count of 0: nothing to do
        clc
        rts

; batch_begin: the caller's P, X, r0 and r1 saved, interrupts off (the VSYNC handler
; uses the bus too), START sent; C=1 instead if r1 = 0.
batch_begin:
        php
        pla
        sta bt_p                ; bit 0 = C = "do not step"
        stx bt_dev
        lda r1L
        ora r1H
        bne :+
        sec
        rts
:       ldx #3
:       lda r0,x
        sta bt_r0,x
        dex
        bpl :-
        sei
        jsr i2c_start
        clc
        rts

; batch_step: r0 + 1 unless the call had C=1; $C000 wraps to $A000 in the next RAM bank
batch_step:
        lda bt_p
        lsr
        bcs @ret
        inc r0L
        bne @ret
        inc r0H
        lda r0H
        cmp #$C0
        bne @ret
        lda #$A0
        sta r0H
        inc ram_bank
@ret:   rts

; batch_count: r1 - 1, Z=1 at 0
batch_count:
        lda r1L
        bne :+
        dec r1H
:       dec r1L
        lda r1L
        ora r1H
        rts

; ---------------------------------------------------------------------------------
; BSAVE ($FEBA): as SAVE (A = zero-page address of the start pointer, X/Y = end + 1) but
; the file gets the bytes alone, without the 2-byte address header.
bsave:  HOSTCALL_A HC_BSAVE

; LKUPLA ($FF59): A = logical file -> C=0 and A = logical file, X = device, Y = secondary
; address | $60 (the file table's form) if it is open; C=1 if not. LKUPSA ($FF5C): the
; same, looking for the secondary address Y (| $60).
lkupla: HOSTCALL_A HC_LKUPLA
lkupsa: HOSTCALL_A HC_LKUPSA

; ---------------------------------------------------------------------------------
; CMPARE ($FF7A, C128): CMP (pointer),Y in RAM bank X ($A000-$BFFF) or ROM bank X
; ($C000-$FFFF). A = value; the zero-page address of the pointer is in stavec ($03B2), as
; for STASH (the X16 has no CMPARE variable of its own). Flags as CMP; A, Y kept.
cmpare:
        pha
        phx
        ldx stavec
        lda $00,x
        sta ptr2
        lda $01,x
        sta ptr2+1
        plx
        lda ptr2+1
        cmp #$A0
        bcc @low
        cmp #$C0
        bcs @rom
        lda ram_bank
        stx ram_bank
        tax
        lda (ptr2),y
        stx ram_bank
        bra @cmp
@rom:   php
        sei
        txa
        ldx rom_bank
        jsr fetch_ram           ; reads (ptr2),Y in ROM bank A
        plp
        bra @cmp
@low:   lda (ptr2),y
@cmp:   sta ext_tmp
        pla
        cmp ext_tmp
        rts

; ---------------------------------------------------------------------------------
; RAMTAS ($FF87): clears zero page and the KERNAL's RAM $0200-$03FF and puts the KERNAL's
; RAM code back, as at power-on; MEMTOP becomes $9F00. The RAM size the emulator measured
; at power-on (MEMTOP's bank count) stays. Like the X16's RAMTAS, the RAM vectors
; $0314-$0333 are cleared too: call RESTOR (with interrupts off) before interrupts run.
ramtas:
        lda nbanks
        pha
        ldx #0
:       stz $00,x
        stz $0200,x
        stz $0300,x
        inx
        bne :-
        pla
        sta nbanks
        jsr copy_ram_code
        jsr ext_init
        lda #$9F
        sta memtop+1            ; memtop low byte is 0
        lda #3
        sta dflto               ; this ROM's screen output and line editor state
        stz crsw                ; no line input under way
        rts
