; The MCP7940N real-time clock as the chip keeps it (core/rtc.go), through i2c_read_byte and
; i2c_write_byte, on both ROMs. Each dump is registers 0-6 (seconds with ST, minutes,
; hours, weekday with OSCRUN and VBATEN, date, month with LPYR, year), 8 bytes apart:
;   $0400 at power-on: 2000-01-01 00:00:00, weekday 1, VBATEN, the oscillator stopped
;   $0408 over a second later: still that (a stopped clock does not count)
;   $0410 2099-02-28 23:59:59 weekday 7 started, a second later: 2099-03-01 (not a leap
;         year), weekday 1, OSCRUN
;   $0418 2024-02-28 23:59:59 weekday 3, a second later: 2024-02-29, LPYR
;   $0420 2099-12-31 11:59:59 PM (12-hour mode) weekday 7, a second later: 2000-01-01
;         12 AM, weekday 1, LPYR
;   $0428 weekday written as 5 without VBATEN, then the clock stopped (ST=0)
.include "prg.inc"
.include "api.inc"

RTC = $6F

        ldy #$00
        jsr dump
        jsr second
        ldy #$08
        jsr dump

        ldx #0                  ; 2099-02-28 23:59:59, weekday 7
        jsr set
        jsr second
        ldy #$10
        jsr dump

        ldx #7                  ; 2024-02-28 23:59:59, weekday 3
        jsr set
        jsr second
        ldy #$18
        jsr dump

        ldx #14                 ; 2099-12-31 11:59:59 PM, weekday 7
        jsr set
        jsr second
        ldy #$20
        jsr dump

        lda #$05                ; weekday 5, VBATEN clear
        ldx #RTC
        ldy #3
        jsr i2c_write_byte
        lda #$00                ; ST clear: the oscillator stops
        ldy #0
        jsr i2c_write_byte
        ldy #$28
        jsr dump
        DONE

; dump: registers 0-6 to $0400+Y.
dump:   sty ptr
        ldy #0
:       ldx #RTC
        jsr i2c_read_byte
        phy
        pha
        tya
        clc
        adc ptr
        tay
        pla
        sta $0400,y
        ply
        iny
        cpy #7
        bne :-
        rts

; set: the 7 registers at times+X, written year first (6 down to 0), seconds last (with ST).
set:    ldy #6
:       lda times,x
        phx
        ldx #RTC
        jsr i2c_write_byte
        plx
        inx
        dey
        bpl :-
        rts

; second: waits 80 jiffies (over a second).
second: jsr RDTIM
        clc
        adc #80
        sta ptr
:       wai
        jsr RDTIM
        cmp ptr
        bne :-
        rts

ptr:    .byte 0
;              year month date  wday  hour  min   sec+ST
times:  .byte $99, $02, $28,  $0F,  $23,  $59,  $D9
        .byte $24, $02, $28,  $0B,  $23,  $59,  $D9
        .byte $99, $12, $31,  $0F,  $71,  $59,  $D9
