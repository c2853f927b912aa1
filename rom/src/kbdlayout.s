; x16scope built-in KERNAL: the keyboard layouts and the keymap call ($FED2). ROM bank 1
; holds the official ROM's layouts (keymaps.s, converted by rom/gen from x16-rom keymap/,
; public domain): a directory at $C000 of 32 entries (name, 14 bytes zero-padded, and the
; address of an LZSA2 block; an entry starting with 0 ends it), in the official order,
; which is also the index the NVRAM's layout byte counts in. The selected layout is
; unpacked into RAM bank 0 $A000-$A67D, where the official KERNAL keeps it and where the
; keyboard code (keyboard.s key_type, keyiso.s) reads it: 11 tables of 128 characters
; (byte 0 of each = its modifier layer, $FF unused), the Caps Lock bits, the dead-key
; groups and the name.
.include "kernal.inc"

.import keymaps_dir, keymap_image0, fetch, lz_decompress
.import i2c_start, i2c_stop, i2c_write, i2c_readbits, i2c_ack, i2c_read_byte
.export keymap, kbd_layout_boot, kbd_swap

KM_BANK = 1                     ; the ROM bank of the layouts
KM_SLOTS = 32
KM_SIZE = km_name + 14 - km_tables ; 1662 bytes unpacked
.assert KM_SIZE .mod 256 > 0 && KM_SIZE .mod 256 <= 128, error, "the copy's last loop counts down with BPL"
NVRAM   = $40                   ; the RTC's SRAM: the official settings block ($40-$5F)

.segment "CODE"

; keymap ($FED2): C=1 (get) -> X/Y = the current layout's name (RAM bank 0 $A670,
; zero-terminated, e.g. "DE-DE"), A = its index. C=0 (set) with X/Y = a zero-terminated
; name spelled as the directory spells it -> C=0 and that layout in use, or C=1 if no
; layout has the name (the current one stays). As the official KERNAL, either way a
; pending dead key is forgotten; the previous layout is remembered when it changes.
keymap:
        bcc @set
        ldx #<km_name
        ldy #>km_name
        lda curkbd
        rts
@set:   php
        sei
        stx ptr1
        sty ptr1+1
        lda #<keymaps_dir
        sta tmp3
        lda #>keymaps_dir
        sta tmp3+1
        ldx #0                  ; X = index
@entry: ldy #0
@cmp:   phx
        ldx #KM_BANK
        lda #tmp3
        jsr fetch
        plx
        cmp (ptr1),y
        bne @no
        iny
        cmp #0
        bne @cmp                ; equal so far, not at the end
        txa                     ; found: index X
        cmp curkbd
        beq :+
        ldy curkbd
        sty prevkbd
:       jsr kbd_layout_load
        plp
        clc
        rts
@no:    ldy #0                  ; the next entry, unless this one ended the directory
        phx
        ldx #KM_BANK
        lda #tmp3
        jsr fetch
        plx
        cmp #0
        beq @none
        inx
        cpx #KM_SLOTS
        beq @none
        lda tmp3
        clc
        adc #16
        sta tmp3
        bcc @entry
        inc tmp3+1
        bra @entry
@none:  stz dk_key              ; the official KERNAL reloads the current layout
        plp
        sec
        rts

; kbd_swap (CHROUT $0B, as the official editor): the layout in use and the previous one
; trade places (nothing if the previous one cannot be loaded or is the same).
kbd_swap:
        lda curkbd
        pha
        lda prevkbd
        jsr kbd_layout_load
        pla
        bcs @end
        cmp curkbd
        beq @end
        sta prevkbd
@end:   rts

; kbd_layout_boot: the layout after a reset, chosen as the official boot does: the NVRAM's
; layout byte of the active profile when the settings block's checksum holds and the byte
; is not 0 (layout byte - 1), else the emulator's -keymap index ($9FBD, when $9FBE/$9FBF
; say "16"), else 0 (ABC/X16). An index with no layout falls back to 0.
kbd_layout_boot:
        ldx #RTC_ADDR           ; a layout byte of 0 means the emulator's choice whether the
        ldy #NVRAM              ; checksum holds or not: the 32 bytes are read for it only
        jsr i2c_read_byte       ; when the byte is not 0 (a short boot)
        bcs @emu
        ldy #NVRAM+11
        lsr
        bcc :+
        ldy #NVRAM+11+13
:       jsr i2c_read_byte
        bcs @emu
        cmp #0
        beq @emu
        jsr nvram_layout
        bcs @emu
        cmp #0
        beq @emu
        dec
        bra @load
@emu:   lda #0
        ldx $9FBE
        cpx #'1'
        bne @load
        ldx $9FBF
        cpx #'6'
        bne @load
        lda $9FBD
@load:  cmp #KM_SLOTS
        bcc :+
        lda #0
:       jsr kbd_layout_load
        bcc :+
        lda #0
        jsr kbd_layout_load
:       rts

; nvram_layout -> C=0 and A = the layout byte of the active profile (byte 0 bit 0 picks
; profile 0 at $4B or 1 at $58), C=1 if the RTC does not answer or the checksum at $5F
; (the sum of $40-$5E) does not hold. One I2C transaction reads the 32 bytes in a row (the
; RTC steps its address), which keeps the boot short; interrupts are off.
nvram_layout:
        php
        sei
        jsr i2c_start
        lda #RTC_ADDR << 1      ; write the address
        jsr i2c_write
        bcs @bad
        lda #NVRAM
        jsr i2c_write
        bcs @bad
        jsr i2c_start
        lda #RTC_ADDR << 1 | 1  ; read from it
        jsr i2c_write
        bcs @bad
        stz tmp3                ; the sum
        ldy #0
@byte:  jsr i2c_readbits        ; A = byte Y (X used)
        cpy #$1F
        beq @last
        pha
        clc
        adc tmp3
        sta tmp3
        pla
        cpy #0
        bne :+
        sta tmp1                ; the profile byte
:       cpy #11
        bne :+
        sta tmp2                ; profile 0's layout byte
:       cpy #11+13
        bne :+
        sta tmp4                ; profile 1's
:       clc                     ; acknowledge: more to come
        jsr i2c_ack
        iny
        bra @byte
@last:  sec                     ; the last byte: no acknowledge
        jsr i2c_ack
        pha
        jsr i2c_stop
        pla
        cmp tmp3
        bne @sum
        lda tmp1
        lsr
        lda tmp2
        bcc :+
        lda tmp4
:       plp
        clc
        rts
@bad:   jsr i2c_stop
@sum:   plp
        sec
        rts

; kbd_layout_load: A = index -> the layout unpacked into RAM bank 0 $A000, curkbd = A,
; C=0; C=1 if there is no layout A (nothing changed). r0, r1, r4, the RAM bank and the
; interrupt flag are given back; A, X, Y are not.
kbd_layout_load:
        php
        sei
        sta tmp4
        ldx #7                  ; r0-r3 (r0 and r1 are used), then r4
:       lda r0,x
        pha
        dex
        bpl :-
        lda r4
        pha
        lda r4+1
        pha
        lda ram_bank
        pha
        stz ram_bank
        lda tmp4                ; r0 = keymaps_dir + 16 * index
        stz r0+1
        asl
        asl
        asl
        asl
        rol r0+1
        adc #<keymaps_dir       ; C = 0: index < 32
        sta r0
        lda r0+1
        adc #>keymaps_dir
        sta r0+1
        ldy #0
        jsr km_fetch
        beq @none               ; an empty entry: no such layout
        lda tmp4
        bne @unpack
        ldx #0                  ; the default: bank 0 has it unpacked (keymaps.s)
:       .repeat KM_SIZE / 256, p ; whole pages, then the rest
        lda keymap_image0+p*256,x
        sta km_tables+p*256,x
        .endrepeat
        inx
        bne :-
        ldx #KM_SIZE .mod 256 - 1
:       lda keymap_image0+KM_SIZE/256*256,x
        sta km_tables+KM_SIZE/256*256,x
        dex
        bpl :-
        bra @done
@unpack:lda #<km_tables
        sta r1
        lda #>km_tables
        sta r1+1
        lda ptr2                ; ptr2: the block (the decoder does not use it)
        pha
        lda ptr2+1
        pha
        ldy #14                 ; the block's address
        jsr km_fetch
        sta ptr2
        iny
        jsr km_fetch
        sta ptr2+1
        lda #<km_getsrc
        sta r4
        lda #>km_getsrc
        sta r4+1
        lda lz_mode
        pha
        lda #$80                ; the decoder's input: the function at r4
        sta lz_mode
        jsr lz_decompress
        pla
        sta lz_mode
        pla
        sta ptr2+1
        pla
        sta ptr2
@done:  lda tmp4
        sta curkbd
        stz dk_key
        clc
        bra @out
@none:  sec
@out:   pla                     ; C kept from here on
        sta ram_bank
        pla
        sta r4+1
        pla
        sta r4
        ldx #0
:       pla
        sta r0,x
        inx
        txa                     ; (CPX would lose C)
        eor #8
        bne :-
        bcs @err
        plp
        clc
        rts
@err:   plp
        sec
        rts

; km_fetch: Y = offset -> A = ROM bank 1's byte at r0 + Y (N/Z set)
km_fetch:
        ldx #KM_BANK
        lda #r0
        jmp fetch

; km_getsrc: the decoder's byte source, the block in ROM bank 1 at ptr2, read through
; FETCH's RAM code (which maps bank 1 for the one read); X, Y kept
km_getsrc:
        phx
        phy
        ldy #0
        ldx #0                  ; back to bank 0 (this code's)
        lda #KM_BANK
        jsr fetch_ram
        inc ptr2
        bne :+
        inc ptr2+1
:       ply
        plx
        rts
