; x16scope built-in KERNAL: memory functions (X16-HARDWARE.md 7.1): memory_fill,
; memory_copy, memory_crc, memory_decompress (LZSA2 raw blocks), JSRFAR, FETCH, STASH, PRIMM.
.include "kernal.inc"
.include "farcall.inc"

.export memory_fill, memory_copy, memory_crc, memory_decompress
.export jsrfar, fetch, stash, primm, lz_decompress

pm_ptr = $9C            ; PRIMM string pointer

.segment "CODE"

; memory_fill: r0 = address, r1 = count, A = value. An address in the I/O page is not
; incremented, so VERA's DATA0/DATA1 can be the target.
memory_fill:
        ldx r0
        stx ptr1
        ldx r0+1
        stx ptr1+1
        ldx r1+1
        ldy r0+1
        cpy #$9F
        beq @io
        ldy #0
@page:  cpx #0
        beq @rest
:       sta (ptr1),y
        iny
        bne :-
        inc ptr1+1
        dex
        bra @page
@rest:  ldx r1
        beq @done
:       sta (ptr1),y
        iny
        dex
        bne :-
@done:  rts
@io:    ldy r1
        beq @iopage
@io1:   sta (ptr1)
        dey
        bne @io1
@iopage:
        cpx #0
        beq @done
        dex
        ldy #0
        bra @io1

; memory_copy: r0 = source, r1 = destination, r2 = count. Overlapping ranges copy
; correctly in either direction; I/O addresses are not incremented.
memory_copy:
        lda r2
        ora r2+1
        bne :+
        rts
:
        lda r0
        sta ptr1
        lda r0+1
        sta ptr1+1
        lda r1
        sta ptr2
        lda r1+1
        sta ptr2+1
        lda r2
        sta tmp1
        lda r2+1
        sta tmp2
        ; tmp3 bit 0: source steps, bit 1: destination steps
        stz tmp3
        lda ptr1+1
        cmp #$9F
        beq :+
        inc tmp3
:       lda ptr2+1
        cmp #$9F
        beq :+
        lda #2
        tsb tmp3
:       lda tmp3
        cmp #3
        bne @fwd
        ; both step: copy backwards when dst > src and the ranges overlap
        lda ptr2
        cmp ptr1
        lda ptr2+1
        sbc ptr1+1
        bcc @fwd                ; dst < src
        ; dst - src < count?
        sec
        lda ptr2
        sbc ptr1
        sta tmp4
        lda ptr2+1
        sbc ptr1+1
        cmp tmp2
        bcc @bwd
        bne @fwd
        lda tmp4
        cmp tmp1
        bcs @fwd
@bwd:   ; point at the last bytes and walk down
        clc
        lda ptr1
        adc tmp1
        sta ptr1
        lda ptr1+1
        adc tmp2
        sta ptr1+1
        clc
        lda ptr2
        adc tmp1
        sta ptr2
        lda ptr2+1
        adc tmp2
        sta ptr2+1
@bloop: lda ptr1
        bne :+
        dec ptr1+1
:       dec ptr1
        lda ptr2
        bne :+
        dec ptr2+1
:       dec ptr2
        lda (ptr1)
        sta (ptr2)
        jsr @count
        bne @bloop
        rts
@fwd:   lda (ptr1)
        sta (ptr2)
        lda tmp3
        lsr
        bcc :+
        inc ptr1
        bne :+
        inc ptr1+1
:       lda tmp3
        and #2
        beq :+
        inc ptr2
        bne :+
        inc ptr2+1
:       jsr @count
        bne @fwd
        rts
@count: lda tmp1                ; 16-bit decrement of the count, Z=1 when it reaches 0
        bne :+
        dec tmp2
:       dec tmp1
        lda tmp1
        ora tmp2
        rts

; memory_crc: r0 = address, r1 = count -> r2 = CRC-16 (polynomial $1021, initial $FFFF,
; no reflection, no final XOR: CRC-16/CCITT-FALSE). I/O addresses are not incremented.
memory_crc:
        lda #$FF
        sta r2
        sta r2+1
        lda r0
        sta ptr1
        lda r0+1
        sta ptr1+1
        lda r1
        sta tmp1
        lda r1+1
        sta tmp2
        ora tmp1
        beq @done
@byte:  lda (ptr1)
        eor r2+1
        sta r2+1
        ldx #8
@bit:   asl r2
        rol r2+1
        bcc :+
        lda r2+1
        eor #$10
        sta r2+1
        lda r2
        eor #$21
        sta r2
:       dex
        bne @bit
        lda ptr1+1
        cmp #$9F
        beq :+
        inc ptr1
        bne :+
        inc ptr1+1
:       lda tmp1
        bne :+
        dec tmp2
:       dec tmp1
        lda tmp1
        ora tmp2
        bne @byte
@done:  rts

; memory_decompress: r0 = LZSA2 raw block, r1 = output; on return r1 = end of output.
; Written from the LZSA2 block format description (token XYZ|LL|MMM, nibble stream,
; negative match offsets, end-of-data marker = match length byte 232).
memory_decompress:
        stz lz_mode             ; the input is memory at r0
; lz_decompress: the decoder; lz_mode says where the bytes come from (lz_get). An output
; address in the I/O page ($9F23, VERA's DATA0) is not stepped: VERA steps its own
; address, and the match copies read the earlier output back through DATA1 (port 1, whose
; address and VERA_CTRL are restored afterwards; port 1 stays selected during a copy).
lz_decompress:
        lda r1+1
        cmp #$9F
        bne lz_body
        lda VERA_CTRL
        pha
        ora #1
        sta VERA_CTRL           ; port 1's address, to give it back
        lda VERA_ADDR_L
        pha
        lda VERA_ADDR_M
        pha
        lda VERA_ADDR_H
        pha
        tsx
        lda $0104,x
        sta VERA_CTRL
        jsr lz_body
        lda VERA_CTRL
        ora #1
        sta VERA_CTRL
        pla
        sta VERA_ADDR_H
        pla
        sta VERA_ADDR_M
        pla
        sta VERA_ADDR_L
        pla
        sta VERA_CTRL
        rts
lz_body:
        stz lz_flag
@token: jsr lz_get
        sta tmp1                ; token
        and #$18
        beq @match
        lsr
        lsr
        lsr
        cmp #3
        bne @lshort
        jsr lz_len3
        bra @lcopy
@lshort:sta lz_len
        stz lz_len+1
@lcopy: jsr lz_get
        jsr lz_put
        jsr lz_dec
        bne @lcopy
@match: lda tmp1
        and #$C0
        beq @off5
        cmp #$40
        beq @off9
        cmp #$80
        beq @off13
        lda tmp1
        and #$20
        bne @mlen               ; 111: repeat the previous offset
        jsr lz_get              ; 110: 16-bit offset, high byte first
        sta lz_off+1
        jsr lz_get
        sta lz_off
        bra @mlen
@off5:  jsr lz_nibz
        sta lz_off
        lda #$FF
        sta lz_off+1
        bra @mlen
@off9:  jsr lz_get
        sta lz_off
        lda tmp1
        and #$20
        beq :+
        lda #$FE
        bra :++
:       lda #$FF
:       sta lz_off+1
        bra @mlen
@off13: jsr lz_nibz
        sec
        sbc #2
        sta lz_off+1
        jsr lz_get
        sta lz_off
@mlen:  lda tmp1
        and #$07
        cmp #$07
        bne @mshort
        lda #9
        jsr lz_length
        bcs @eod
        bra @mcopy
@mshort:clc
        adc #2
        sta lz_len
        stz lz_len+1
@mcopy: lda r1+1
        cmp #$9F
        beq @mio
        clc
        lda r1
        adc lz_off
        sta lz_src
        lda r1+1
        adc lz_off+1
        sta lz_src+1
:       lda (lz_src)
        jsr lz_put
        inc lz_src
        bne :+
        inc lz_src+1
:       jsr lz_dec
        bne :--
        jmp @token
@mio:   ; output into VERA: port 1 = port 0's address + the (negative) offset, same step
        lda VERA_CTRL
        and #$FE
        sta VERA_CTRL
        clc
        lda VERA_ADDR_L
        adc lz_off
        sta lz_src
        lda VERA_ADDR_M
        adc lz_off+1
        sta lz_src+1
        lda VERA_ADDR_H         ; bit 16 + $1 (the offset's sign) + carry
        bcs :+
        eor #1
:       tay
        lda VERA_CTRL
        ora #1
        sta VERA_CTRL
        sty VERA_ADDR_H
        lda lz_src+1
        sta VERA_ADDR_M
        lda lz_src
        sta VERA_ADDR_L
        ; VERA reads port 1's byte ahead, when its address is set or stepped, and a write
        ; through port 0 does not renew it (addr_data.v fetches ahead only for the port
        ; whose address changed): a match 1 byte back would read the byte as it was before
        ; this copy wrote it. Setting port 1's address again (ADDR_L, port 1 selected)
        ; makes VERA read it anew after every write.
:       lda VERA_DATA1
        jsr lz_put
        lda VERA_ADDR_L
        sta VERA_ADDR_L
        jsr lz_dec
        bne :-
        jmp @token
@eod:   rts

; A = ((nibble << 1) | token bit 5) ^ $E1: the low byte of a 5-bit offset, or the high
; byte (+2) of a 13-bit one, in the negative form the copy adds to the output pointer.
lz_nibz:
        jsr lz_nibble
        asl
        sta tmp2
        lda tmp1
        and #$20
        beq :+
        inc tmp2
:       lda tmp2
        eor #$E1
        rts

lz_len3:
        lda #3
; lz_length: A = base (3 literals, 9 matches) + nibble [+ byte [16-bit]] -> lz_len;
; C=1 for the end-of-data marker (base + 15 + byte = 256).
lz_length:
        sta lz_len
        stz lz_len+1
        jsr lz_nibble
        tax
        clc
        adc lz_len
        sta lz_len
        cpx #15
        bne @ok
        jsr lz_get
        clc
        adc lz_len
        sta lz_len
        bcc @ok
        beq @eod                ; 256: end of data
        jsr lz_get              ; 257: a 16-bit length follows
        sta lz_len
        jsr lz_get
        sta lz_len+1
@ok:    clc
        rts
@eod:   sec
        rts

lz_nibble:
        lda lz_flag
        bne @have
        jsr lz_get
        sta lz_nib
        dec lz_flag
        lsr
        lsr
        lsr
        lsr
        rts
@have:  stz lz_flag
        lda lz_nib
        and #$0F
        rts

lz_get: bit lz_mode
        bmi @func
        lda (r0)
        inc r0
        bne :+
        inc r0+1
:       rts
@func:  ; memory_decompress_from_func: the caller's function at r4 returns the next byte
        ; in A (it keeps X, Y, r1-r3); the decoder's own temps are kept across the call
        lda tmp1
        pha
        lda tmp2
        pha
        jsr @call
        sta lz_byte
        pla
        sta tmp2
        pla
        sta tmp1
        lda lz_byte
        rts
@call:  jmp (r4)

lz_put: sta (r1)
        lda r1+1
        cmp #$9F
        beq :+                  ; I/O: the device steps
        inc r1
        bne :+
        inc r1+1
:       rts

lz_dec: lda lz_len              ; 16-bit decrement, Z=1 at zero
        bne :+
        dec lz_len+1
:       dec lz_len
        lda lz_len
        ora lz_len+1
        rts

; JSRFAR ($FF6E): JSR $FF6E / .word address / .byte bank. A, X, Y and P pass through to
; the target and back; the frame is all on the stack (farcall.inc), so calls nest and
; interrupt handlers may make them too.
jsrfar:
        FAR_INLINE

; FETCH ($FF74): A = zero-page address of a pointer, X = bank, Y = index -> A = byte
; (N/Z set). RAM bank X for $A000-$BFFF, ROM bank X for $C000-$FFFF.
fetch:
        php                     ; masked throughout: ptr2 and the banks are shared with
        sei                     ; an interrupt handler that may FETCH or STASH too
        jsr ptr2_save
        phx
        tax
        lda $00,x
        sta ptr2
        lda $01,x
        sta ptr2+1
        plx
        lda ptr2+1
        cmp #$C0
        bcs @rom
        cmp #$A0
        bcc @low
        lda ram_bank
        pha
        stx ram_bank
        lda (ptr2),y
        plx
        stx ram_bank
        bra @out
@low:   lda (ptr2),y
        bra @out
@rom:   txa
        ldx rom_bank
        jsr fetch_ram
@out:   jsr ptr2_restore
        plp
        ora #0
        rts

; STASH ($FF77): A = byte, X = RAM bank, Y = index; stavec ($03B2) = zero-page address of
; the pointer.
stash:
        php                     ; masked, ptr2 given back: as FETCH
        sei
        jsr ptr2_save
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
        bcs @low
        lda ram_bank
        stx ram_bank
        tax
        pla
        sta (ptr2),y
        stx ram_bank
        bra @out
@low:   pla
        sta (ptr2),y
@out:   jsr ptr2_restore
        plp
        rts

; ptr2_save / ptr2_restore: FETCH and STASH borrow ptr2 from the code they may interrupt
; (a KERNAL routine using it with interrupts on); the copy is kept on the stack, in the two
; bytes above ptr2_save's return address. ptr2_save keeps X and Y; ptr2_restore keeps A, X
; and Y. Called with interrupts masked (they move return addresses on the stack).
ptr2_save:
        pha                     ; two bytes of room under the return address
        pha
        pha
        phx
        tsx                     ; $101 X, $102 A, $103/$104 room, $105/$106 return
        lda $105,x
        sta $103,x
        lda $106,x
        sta $104,x
        lda ptr2
        sta $105,x
        lda ptr2+1
        sta $106,x
        plx
        pla
        rts
ptr2_restore:
        pha
        phx
        tsx                     ; $101 X, $102 A, $103/$104 return, $105/$106 the copy
        lda $105,x
        sta ptr2
        lda $106,x
        sta ptr2+1
        lda $104,x              ; everything moves up over the copy
        sta $106,x
        lda $103,x
        sta $105,x
        lda $102,x
        sta $104,x
        lda $101,x
        sta $103,x
        inx
        inx
        txs
        plx
        pla
        rts

; PRIMM ($FF7D): print the zero-terminated string that follows the JSR; A/X/Y preserved.
primm:
        pha
        phx
        phy
        tsx
        lda $0104,x
        sta pm_ptr
        lda $0105,x
        sta pm_ptr+1
@next:  inc pm_ptr
        bne :+
        inc pm_ptr+1
:       lda (pm_ptr)
        beq @end
        jsr $FFD2
        bra @next
@end:   tsx
        lda pm_ptr
        sta $0104,x
        lda pm_ptr+1
        sta $0105,x
        ply
        plx
        pla
        rts
