; The C64-table calls and the far-memory, I2C, RTC and entropy calls (X16 Reference, KERNAL)
; in NCASE seeded random cases, each a 16-byte record (kdiff.inc): byte 0 the op, then:
;  0 SETLFS(A,X,Y) then extapi getlfs: A X Y passed, A X Y got back
;  1 READST: the status poked at $0287 (official STATUS), or clear_status first: A got
;  2 SETMSG(A): A passed, msgflg ($028D, the official address) after
;  3 MEMTOP set(A,X,Y) then get: A X Y passed, A X Y got (A: the RAM bank count, set too)
;  4 MEMBOT set(X,Y) then get: X Y passed, X Y got
;  5 SETTIM(A,X,Y) then RDTIM: A X Y passed, A X Y got
;  6 SETTIM, UDTIM, RDTIM: the same, one jiffy on (the 24-hour wrap drawn one time in 4)
;  7 IOBASE: X Y
;  8 STOP (no key): Z
;  9 CLRCHN, 10 CLALL: dfltn dflto poked, dfltn dflto after ($028B/$028C, official)
; 11 JSRFAR to $A000 of RAM bank 1-31 (a routine there mixes the registers with the bank's
;    key and flips N V Z C): bank, A X Y P passed, A X Y P back, ram_bank after
; 12 FETCH(bank 1-31, pointer $A000-$BEFF, Y): bank ptr Y, the byte, A got, ram_bank after
; 13 STASH(A, bank, pointer, Y): bank ptr Y A, the byte read back, ram_bank after
; 14 entropy_get: ram_bank and VERA_CTRL (drawn before) after; the values are random
; 15 i2c_read_byte(SMC $42, any register): reg, A, C
; 16 i2c_read_byte(RTC $6F, register 7-$1F: not the running clock, nor the SRAM the
;    official boot writes): reg, A, C
; 17 i2c_write_byte(RTC SRAM $20-$5F, value) then i2c_read_byte: reg v, C, A, C
; 18 i2c_read_byte/i2c_write_byte of an absent device: dev reg, C, C
; 19 clock_set_date_time(a random valid date) then clock_get_date_time: r0-r3H got
; Interrupts are masked throughout (the jiffy clock stands still).
.include "prg.inc"
.include "api.inc"
.include "kdiff.inc"

NCASE = 480
OUT   = $4000
NOPS  = 20
extapi = $FEAB
clock_set_date_time = $FF4D
MEMTOP = $FF99
MEMBOT = $FF9C
UDTIM  = $FFEA
IOBASE = $FFF3
CLALL  = $FFE7
SETMSG = $FF90
status = $0287
msgflg = $028D
dfltn  = $028B
dflto  = $028C
ptr    = $5E                    ; tmp+4, 2 bytes: FETCH/STASH's pointer
KEYADR = $A100                  ; each RAM bank's key for the JSRFAR routine

        sei
        lda #$C0
        ldx #$4D
        jsr kd_begin
        sec
        jsr MEMTOP
        sta mtop+2
        stx mtop
        sty mtop+1
        sec
        jsr MEMBOT
        stx mbot
        sty mbot+1
        jsr far_init
nextcase:
@pick:  jsr rnd
        and #$1F
        cmp #NOPS
        bcs @pick
        jsr put
        asl
        tax
        jsr dispatch
        jsr kd_next
        bne nextcase
        clc                     ; MEMTOP, MEMBOT and the channels as they were
        lda mtop+2
        ldx mtop
        ldy mtop+1
        jsr MEMTOP
        clc
        ldx mbot
        ldy mbot+1
        jsr MEMBOT
        jsr CLRCHN
        stz ram_bank
        cli
        DONE

dispatch:
        jmp (optab,x)
optab:  .word op_setlfs, op_readst, op_setmsg, op_memtop, op_membot, op_settim, op_udtim
        .word op_iobase, op_stop, op_clrchn, op_clall, op_jsrfar, op_fetch, op_stash
        .word op_entropy, op_smc, op_rtc, op_sram, op_nodev, op_clock

; rnd3: A, X, Y drawn, recorded
rnd3:   jsr rnd
        jsr put
        sta tmp
        jsr rnd
        jsr put
        tax
        jsr rnd
        jsr put
        tay
        lda tmp
        rts

op_setlfs:
        jsr rnd3
        jsr SETLFS
        lda #2                  ; getlfs
        jsr extapi
        SAVE
        jmp putaxy

op_readst:
        jsr rnd
        sta status
        jsr put
        and #3
        bne :+
        lda #1                  ; clear_status
        jsr extapi
:       jsr READST
        jmp put

op_setmsg:
        jsr rnd
        jsr put
        jsr SETMSG
        lda msgflg
        jmp put

op_memtop:
        jsr rnd3
        clc
        jsr MEMTOP
        sec
        jsr MEMTOP
        SAVE
        jmp putaxy

op_membot:
        jsr rnd3
        clc
        jsr MEMBOT
        sec
        jsr MEMBOT
        SAVE
        lda sX
        jsr put
        lda sY
        jmp put

op_settim:
        jsr rnd3
        jsr SETTIM
        jsr RDTIM
        SAVE
        jmp putaxy

op_udtim:
        jsr rnd
        and #3
        bne :+
        lda #$FF                ; 23:59:59.983: $4F19FF, the last jiffy of the day
        ldx #$19
        ldy #$4F
        jsr put
        pha
        txa
        jsr put
        tya
        jsr put
        pla
        bra :++
:       jsr rnd3
:       jsr SETTIM
        jsr UDTIM
        jsr RDTIM
        SAVE
        jmp putaxy

op_iobase:
        jsr IOBASE
        SAVE
        lda sX
        jsr put
        lda sY
        jmp put

op_stop:
        jsr STOP
        SAVE
        lda #$02
        jmp putp

op_clrchn:
        jsr pokech
        jsr CLRCHN
        bra :+
op_clall:
        jsr pokech
        jsr CLALL
:       lda dfltn
        jsr put
        lda dflto
        jmp put
pokech: jsr rnd
        sta dfltn
        jsr put
        jsr rnd
        sta dflto
        jmp put

; far_init: RAM banks 1-31 get the JSRFAR routine at $A000 and a key at KEYADR
far_init:
        ldx #1
@bank:  stx ram_bank
        ldy #farlen-1
:       lda farcode,y
        sta $A000,y
        dey
        bpl :-
        txa
        asl
        asl
        eor #$5B
        sta KEYADR
        inx
        cpx #32
        bne @bank
        stz ram_bank
        rts
farcode:                        ; at $A000: A ^= key, X+1, Y-2, N V Z C flipped
        eor KEYADR
        sta KEYADR+1
        inx
        dey
        dey
        php
        pla
        eor #$C3
        pha
        lda KEYADR+1
        plp
        rts
farlen = * - farcode

rbank:  jsr rnd                 ; A = a RAM bank 1-31
        and #31
        beq rbank
        rts

op_jsrfar:
        jsr rbank
        sta @bank
        jsr put
        jsr rnd3
        jsr rnd
        and #$C3                ; N V Z C drawn, I set, D clear
        ora #$04
        jsr put
        pha
        lda tmp
        plp
        jsr JSRFAR
        .word $A000
@bank:  .byte 0
        SAVE
        jsr putaxy
        lda #$FF
        jsr putp
        lda ram_bank
        jmp put

rptr:   jsr rnd                 ; ptr = $A000-$BEFF, recorded
        sta ptr
        jsr put
        jsr rnd
        and #$1F
        cmp #$1F
        beq rptr
        ora #$A0
        sta ptr+1
        jmp put

op_fetch:
        jsr rbank
        jsr put
        sta tmp
        jsr rptr
        jsr rnd
        jsr put
        tay
        jsr rnd                 ; the byte, put there directly
        ldx tmp
        stx ram_bank
        sta (ptr),y
        stz ram_bank
        jsr put
        ldx tmp
        lda #ptr
        jsr FETCH
        SAVE
        jsr put
        lda ram_bank
        jmp put

op_stash:
        jsr rbank
        jsr put
        sta tmp
        jsr rptr
        jsr rnd
        jsr put
        tay
        jsr rnd
        jsr put
        ldx #ptr
        stx stavec
        ldx tmp
        jsr STASH
        lda ram_bank
        sta tmp+1
        lda tmp
        sta ram_bank
        lda (ptr),y
        stz ram_bank
        jsr put
        lda tmp+1
        jmp put

op_entropy:
        jsr rnd
        and #$3F
        sta ram_bank
        jsr put
        jsr rnd
        and #$7E                ; DCSEL and ADDRSEL, never RESET
        sta VERA_CTRL
        jsr put
        jsr entropy_get
        lda ram_bank
        jsr put
        lda VERA_CTRL
        jsr put
        stz VERA_CTRL
        stz ram_bank
        rts

op_smc:
        ldx #$42
        jsr rnd
        bra rdreg
op_rtc:
        ldx #$6F
:       jsr rnd
        and #$7F
        cmp #$20
        bcs :-
        cmp #7
        bcc :-
rdreg:  jsr put
        tay
        jsr i2c_read_byte
        SAVE
        jsr put
        lda #$01
        jmp putp

op_sram:
:       jsr rnd
        and #$7F
        cmp #$60
        bcs :-
        cmp #$20
        bcc :-
        jsr put
        tay
        jsr rnd
        jsr put
        ldx #$6F
        jsr i2c_write_byte
        SAVE
        lda #$01
        jsr putp
        ldx #$6F
        jsr i2c_read_byte
        SAVE
        jsr put
        lda #$01
        jmp putp

op_nodev:
        jsr rnd
        and #$0F                ; devices $10-$1F: none on the bus
        ora #$10
        jsr put
        tax
        jsr rnd
        jsr put
        tay
        phx
        phy
        jsr i2c_read_byte
        SAVE
        lda #$01
        jsr putp
        ply
        plx
        lda #$5A
        jsr i2c_write_byte
        SAVE
        lda #$01
        jmp putp

op_clock:
        lda #100                ; 2000-2099
        jsr rndn
        adc #100
        sta r0
        lda #12
        jsr rndn
        inc a
        sta r0+1
        lda #28
        jsr rndn
        inc a
        sta r1
        lda #24
        jsr rndn
        sta r1+1
        lda #60
        jsr rndn
        sta r2
        lda #60
        jsr rndn
        sta r2+1
        stz r3
        lda #7
        jsr rndn
        inc a
        sta r3+1
        jsr clock_set_date_time
        jsr clock_get_date_time
        ldx #0
:       lda r0,x
        jsr put
        inx
        cpx #8
        bne :-
        rts

; rndn: A = a random number 0 to A-1 (A > 0), carry clear
rndn:   sta tmp+3
        jsr rnd
:       cmp tmp+3
        bcc :+
        sbc tmp+3
        bra :-
:       clc
        rts

mtop:   .byte 0, 0, 0
mbot:   .word 0

.include "rnd.inc"
