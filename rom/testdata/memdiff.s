; memory_fill, memory_copy, memory_crc and memory_decompress (X16 Reference, KERNAL "Memory")
; with any source and target, I/O included: NCASE seeded random cases, each picking an op,
; a length (0 and 256 included, up to 511), RAM addresses (copies overlapping both ways) or one of
; VERA's data ports ($9F23, $9F24), and VERA's two addresses, steps, ADDRSEL and DCSEL beforehand.
; core/rom_memdiff_test.go runs it on the built-in ROM and on the official one and wants the
; same results (rom/testdata/memdiff.golden holds the official's, for when no official ROM is
; at hand).
;
; Every case starts from work RAM (WLO-WHI) filled afresh from the LFSR; VRAM $00000-$0FFFF
; is filled once at the start and then carries every case's writes on.
; Results, case i at OUT+i*48: 0 op, 1-2 length, 3 A passed, 4 P, 5 A, 6 X, 7 Y after the
; call, 8-13 r0, r1, r2 after, 14 VERA_CTRL after, 15-17 port 0's address (L, M, H), 18-20
; port 1's, 21-24 sums (see sum) of the work RAM, 25-28 of VRAM $07000-$09FFF (the range the
; ports can reach), 32-37 r0, r1, r2 passed, 38 VERA_CTRL passed. Interrupts are masked
; throughout, so the KERNAL's handler never meets VERA mid-call.
.include "prg.inc"
.include "api.inc"

NCASE  = 128
OUT    = $4000                  ; NCASE * 48 bytes ($4000-$57FF)
WLO    = $5E00                  ; work RAM: RAM arguments stay in $5F00-$6BFF
WHI    = $6E00
BLOCKS = $7000                  ; the LZSA2 blocks (memdiff.lz2)
seed   = $50                    ; 2 bytes: the LFSR
case   = $52
out    = $53                    ; 2 bytes: this case's record
gen    = $55
ptr    = $56                    ; 2 bytes
s1     = $58                    ; 2 bytes
s2     = $5A                    ; 2 bytes
argA   = $5C
op     = $5D

NOPS = 10

        sei
        lda #$3C                ; the seed
        sta seed
        lda #$C5
        sta seed+1
        jsr vram_init
        stz case
        lda #<OUT
        sta out
        lda #>OUT
        sta out+1
nextcase:
        jsr ram_init
@pick:  jsr rnd
        and #$0F
        cmp #NOPS
        bcs @pick
        sta op
        ; the length: 0 one time in 8, 256 (a whole page, no remainder) one time in 8,
        ; else 0-511
        jsr rnd
        and #7
        stz r2
        stz r2+1
        beq :++
        cmp #1
        bne :+
        inc r2+1
        bra :++
:       jsr rnd
        sta r2
        jsr rnd
        and #1
        sta r2+1
:       jsr rnd
        sta argA
        jsr vera_init
        lda op
        asl
        tax
        jmp (optab,x)

optab:  .word op_fillram, op_fillio, op_copyram, op_copyout, op_copyin, op_copyio
        .word op_crcram, op_crcio, op_lzram, op_lzio

; memory_fill(r0 = RAM or a port, r1 = length)
op_fillram:
        jsr ramaddr
        bra :+
op_fillio:
        jsr ioaddr
:       stx r0
        sty r0+1
        lda r2
        sta r1
        lda r2+1
        sta r1+1
        ldx #<memory_fill
        ldy #>memory_fill
        jmp call

; memory_copy(r0 = source, r1 = target, r2 = length)
op_copyram:                     ; RAM to RAM, the target up to 255 bytes either side
        jsr ramaddr
        stx r0
        sty r0+1
        jsr rnd
        tax
        jsr rnd
        bmi @down
        txa
        clc
        adc r0
        sta r1
        lda r0+1
        adc #0
        sta r1+1
        bra copy
@down:  stx ptr
        sec
        lda r0
        sbc ptr
        sta r1
        lda r0+1
        sbc #0
        sta r1+1
        bra copy
op_copyout:                     ; RAM to a port
        jsr ramaddr
        stx r0
        sty r0+1
        jsr ioaddr
        stx r1
        sty r1+1
        bra copy
op_copyin:                      ; a port to RAM
        jsr ioaddr
        stx r0
        sty r0+1
        jsr ramaddr
        stx r1
        sty r1+1
        bra copy
op_copyio:                      ; a port to a port
        jsr ioaddr
        stx r0
        sty r0+1
        jsr ioaddr
        stx r1
        sty r1+1
copy:   ldx #<memory_copy
        ldy #>memory_copy
        jmp call

; memory_crc(r0 = RAM or a port, r1 = length) -> r2
op_crcram:
        jsr ramaddr
        bra :+
op_crcio:
        jsr ioaddr
:       stx r0
        sty r0+1
        lda r2
        sta r1
        lda r2+1
        sta r1+1
        jsr rnd                 ; r2 is the result: pass garbage in it
        sta r2
        ldx #<memory_crc
        ldy #>memory_crc
        jmp call

; memory_decompress(r0 = block, r1 = RAM or DATA0): one of memdiff.lz2's blocks, picked by
; the length's low bits; the table at BLOCKS holds their addresses.
op_lzram:
        jsr ramaddr
        stx r1
        sty r1+1
        bra :+
op_lzio:
        lda #<VERA_DATA0
        sta r1
        lda #>VERA_DATA0
        sta r1+1
:       lda r2
        and #7
        asl
        tax
        lda BLOCKS,x
        sta r0
        lda BLOCKS+1,x
        sta r0+1
        ldx #<memory_decompress
        ldy #>memory_decompress
        ; fall through

; call: the KERNAL at Y:X with A = argA, the arguments recorded first, the results after.
call:   stx @jsr+1
        sty @jsr+2
        ldy #32
        ldx #0
:       lda r0,x
        sta (out),y
        iny
        inx
        cpx #6
        bne :-
        lda VERA_CTRL
        sta (out),y
        ldy #0
        lda op
        sta (out),y
        iny
        lda r2
        sta (out),y
        iny
        lda r2+1
        sta (out),y
        iny
        lda argA
        sta (out),y
        jsr rnd                 ; X, Y and the carry: garbage
        tax
        lsr
        tay
        lda argA
@jsr:   jsr $FFFF
        php
        phy
        phx
        ldy #5
        sta (out),y
        pla
        ldy #6
        sta (out),y
        pla
        iny
        sta (out),y
        pla
        ldy #4
        sta (out),y
        ldy #8
        ldx #0
:       lda r0,x
        sta (out),y
        iny
        inx
        cpx #6
        bne :-
        lda VERA_CTRL
        sta (out),y             ; 14
        iny
        stz VERA_CTRL
        lda VERA_ADDR_L
        sta (out),y
        iny
        lda VERA_ADDR_M
        sta (out),y
        iny
        lda VERA_ADDR_H
        sta (out),y
        iny
        lda #1
        sta VERA_CTRL
        lda VERA_ADDR_L
        sta (out),y
        iny
        lda VERA_ADDR_M
        sta (out),y
        iny
        lda VERA_ADDR_H
        sta (out),y             ; 20
        jsr ram_sum
        ldy #21
        jsr putsum
        jsr vram_sum
        ldy #25
        jsr putsum
        clc
        lda out
        adc #48
        sta out
        bcc :+
        inc out+1
:       inc case
        lda case
        cmp #NCASE
        beq :+
        jmp nextcase
:       lda #1                  ; both ports back on the text screen, stepping 1: the
        jsr vera_home           ; official KERNAL's screen output (BASIC's READY) sets
        lda #0                  ; only ADDR_L and ADDR_M and would write into VRAM $0xxxx
        jsr vera_home
        cli
        DONE
        rts

vera_home:
        sta VERA_CTRL
        stz VERA_ADDR_L
        lda #$B0
        sta VERA_ADDR_M
        lda #$11
        sta VERA_ADDR_H
        rts

; putsum: s1, s2 at out+Y
putsum: ldx #0
:       lda s1,x
        sta (out),y
        iny
        inx
        cpx #4
        bne :-
        rts

; ramaddr: Y:X = $6000 + 0-$3FF
ramaddr:
        jsr rnd
        tax
        jsr rnd
        and #3
        ora #$60
        tay
        rts

; ioaddr: Y:X = VERA_DATA0 or VERA_DATA1
ioaddr: ldx #<VERA_DATA0
        jsr rnd
        bpl :+
        ldx #<VERA_DATA1
:       ldy #>VERA_DATA0
        rts

; vera_init: port 1 then port 0 at $08000 + 0-$FFF, a step of 0, 1, 2, 4 or 8 up or down
; (so 511 steps stay in $07000-$09FFF), then VERA_CTRL.
vera_init:
        lda #1
        jsr :+
        lda #0
        jsr :+
        jsr rnd
        and #7                  ; ADDRSEL and DCSEL 0-3 (which only the registers
        sta VERA_CTRL           ; $9F29-$9F2C see): memory_decompress gives CTRL back
        rts
:       sta VERA_CTRL
        jsr rnd
        sta VERA_ADDR_L
        jsr rnd
        and #$0F
        ora #$80
        sta VERA_ADDR_M
:       jsr rnd
        and #7
        cmp #5
        bcs :-
        asl
        asl
        asl
        asl
        sta ptr
        jsr rnd
        and #$08                ; DECR
        ora ptr
        sta VERA_ADDR_H
        rts

; ram_init: WLO-WHI from an 8-bit LFSR seeded from the 16-bit one, mixed with the page
ram_init:
        jsr rnd
        ora #1
        sta gen
        lda #<WLO
        sta ptr
        lda #>WLO
        sta ptr+1
        ldy #0
:       lda gen
        asl
        bcc :+
        eor #$1D
:       sta gen
        eor ptr+1
        sta (ptr),y
        iny
        bne :--
        inc ptr+1
        lda ptr+1
        cmp #>WHI
        bne :--
        rts

; vram_init: VRAM $00000-$0FFFF the same way, through port 0
vram_init:
        stz VERA_CTRL
        stz VERA_ADDR_L
        stz VERA_ADDR_M
        lda #$10
        sta VERA_ADDR_H
        lda #$5B
        sta gen
        ldx #0
        ldy #0
:       lda gen
        asl
        bcc :+
        eor #$1D
:       sta gen
        stx ptr
        eor ptr
        sta VERA_DATA0
        iny
        bne :--
        inx
        bne :--
        rts

; ram_sum: Fletcher-style sums (s1 += byte, s2 += s1) of WLO-WHI
ram_sum:
        jsr sum0
        lda #<WLO
        sta ptr
        lda #>WLO
        sta ptr+1
        ldy #0
:       lda (ptr),y
        jsr sum
        iny
        bne :-
        inc ptr+1
        lda ptr+1
        cmp #>WHI
        bne :-
        rts

; vram_sum: the same over VRAM $07000-$09FFF, through port 1 (recorded before)
vram_sum:
        jsr sum0
        lda #1
        sta VERA_CTRL
        stz VERA_ADDR_L
        lda #$70
        sta VERA_ADDR_M
        lda #$10
        sta VERA_ADDR_H
        ldx #$30                ; pages
        ldy #0
:       lda VERA_DATA1
        jsr sum
        iny
        bne :-
        dex
        bne :-
        rts

; sum: s1 += A, s2 += s1 (16 bits each: the weight of a byte's position repeats only
; after 64K bytes, so bytes swapped or moved change s2)
sum0:   stz s1
        stz s1+1
        stz s2
        stz s2+1
        rts
sum:    clc
        adc s1
        sta s1
        bcc :+
        inc s1+1
:       clc
        lda s1
        adc s2
        sta s2
        lda s1+1
        adc s2+1
        sta s2+1
        rts

.include "rnd.inc"

.segment "RODATA"
