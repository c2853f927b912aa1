; x16scope built-in KERNAL: I2C, the SMC keyboard and mouse, SNES joysticks, the RTC, the
; keyboard buffer and line input (X16-HARDWARE.md 5.2, 5.3, 7.1).
.include "kernal.inc"

.import edkey_filter, edkey_reset, key_compose
.import kbd_layout_boot
.import screen_set_charset
.import chrout_screen, cursor_show, cursor_hide, primm, pos_addr
.import sys_addr, wait_start_line
.export kbd_init, ps2_poll, kbd_getc, chrin_kbd, chrin_screen, readline_command
.export kbdbuf_peek, kbdbuf_get_modifiers, kbdbuf_put, getin_kbd
.export joystick_init, joystick_scan, joystick_get
.export mouse_config, mouse_scan, mouse_get
.export i2c_read_byte, i2c_write_byte, clock_get_date_time, stop_fn
.export i2c_start, i2c_stop, i2c_write, i2c_readbits, i2c_ack, mouse_clamp, joykeys
.export mouse_pointer, kbdbuf_put_irq
.import pfkey_expand

KC_LSHIFT = 44
KC_RSHIFT = 57
KC_LCTRL  = 58
KC_RCTRL  = 64
KC_LALT   = 60
KC_RALT   = 62
KC_CAPS   = 30
KC_LWIN   = 59
KC_RWIN   = 63
KC_SCRLK  = 125
KC_NUMLOCK = 90
KC_PAUSE  = 126


.segment "CODE"

kbd_init:
        stz ndx
        stz shflag
        stz dk_key
        lda #$FF
        sta joy0
        sta joy0+1
        sta joy0+2              ; the keyboard joystick: not present ($FF) until the first
                                ; key event, as in the official KERNAL (joy0_key)
        jmp kbd_layout_boot

; ---------------------------------------------------------------------------------
; I2C master, bit-banged on VIA1 port A: PA0 = SDA, PA1 = SCL, open drain (a DDR bit of
; 1 pulls the line low; the port's output bits stay 0). Callers keep interrupts off,
; except the IRQ handler itself.

i2c_start:                      ; (repeated) START: both lines high, SDA falls, SCL falls
        lda #I2C_SDA
        trb VIA1_DDRA
        lda #I2C_SCL
        trb VIA1_DDRA
        lda #I2C_SDA
        tsb VIA1_DDRA
        lda #I2C_SCL
        tsb VIA1_DDRA
        rts

i2c_stop:                       ; SDA low, SCL rises, SDA rises
        lda #I2C_SDA
        tsb VIA1_DDRA
        lda #I2C_SCL
        trb VIA1_DDRA
        lda #I2C_SDA
        trb VIA1_DDRA
        rts

; i2c_write: A = byte, sent MSB first; returns C=1 if the device did not acknowledge.
i2c_write:
        sta i2c_byte
        ldx #8
@bit:   asl i2c_byte
        lda #I2C_SDA
        bcc @zero
        trb VIA1_DDRA           ; release: 1
        bra @clk
@zero:  tsb VIA1_DDRA           ; pull low: 0
@clk:   lda #I2C_SCL
        trb VIA1_DDRA           ; SCL high: the device samples
        tsb VIA1_DDRA           ; SCL low
        dex
        bne @bit
        lda #I2C_SDA
        trb VIA1_DDRA           ; release SDA for the acknowledge
        lda #I2C_SCL
        trb VIA1_DDRA
        lda VIA1_PA_NH
        lsr                     ; C = SDA: 0 = ACK
        lda #I2C_SCL
        tsb VIA1_DDRA
        rts

; i2c_read: C=1 answers NACK (last byte), C=0 ACK; returns A = byte.
i2c_read:
        php
        jsr i2c_readbits
        plp
; i2c_ack: C=0 acknowledge the byte just read, C=1 not (the last one); A kept.
i2c_ack:
        pha
        bcs @nack
        lda #I2C_SDA
        tsb VIA1_DDRA           ; ACK: SDA low for the ninth clock
@nack:  lda #I2C_SCL
        trb VIA1_DDRA
        tsb VIA1_DDRA
        lda #I2C_SDA
        trb VIA1_DDRA
        pla
        rts

; i2c_readbits: clock in 8 bits (MSB first) -> A; the acknowledge is left to i2c_ack.
i2c_readbits:
        lda #I2C_SDA
        trb VIA1_DDRA
        ldx #8
@bit:   lda #I2C_SCL
        trb VIA1_DDRA           ; SCL high: the device's bit is on SDA
        lda VIA1_PA_NH
        lsr
        rol i2c_byte
        lda #I2C_SCL
        tsb VIA1_DDRA
        dex
        bne @bit
        lda i2c_byte
        rts

; i2c_read_byte ($FEC6): X = device, Y = register -> A = value, C=1 on error. X, Y kept.
i2c_read_byte:
        php
        sei
        phx
        phy
        jsr i2c_start
        txa
        asl
        jsr i2c_write
        bcs @err
        pla
        pha
        jsr i2c_write
        bcs @err
        jsr i2c_start
        tsx
        lda $0102,x             ; the device, pushed by phx
        sec
        rol
        jsr i2c_write
        bcs @err
        sec
        jsr i2c_read
        sta itmp3
        jsr i2c_stop
        ply
        plx
        plp
        lda itmp3
        clc
        rts
@err:   jsr i2c_stop
        ply
        plx
        plp
        lda #$EE
        sec
        rts

; i2c_write_byte ($FEC9): A = value, X = device, Y = register -> C=1 on error. A, X, Y kept.
i2c_write_byte:
        php
        sei
        pha
        phx
        phy
        jsr i2c_start
        txa
        asl
        jsr i2c_write
        bcs @err
        pla
        pha
        jsr i2c_write
        bcs @err
        tsx
        lda $0103,x             ; the value, pushed first
        jsr i2c_write
        bcs @err
        jsr i2c_stop
        ply
        plx
        pla
        plp
        clc
        rts
@err:   jsr i2c_stop
        ply
        plx
        pla
        plp
        sec
        rts

; ---------------------------------------------------------------------------------
; ps2_poll (IRQ): one key code per frame from the SMC by a direct read (no register byte:
; the SMC answers its default read operation, key codes). Key code = IBM key number,
; bit 7 set for a release, 0 = nothing.
ps2_poll:
        stz ps2_rawkey          ; ps2data_raw: nothing fetched yet
        stz ps2_rawlen
        jsr i2c_start
        lda #(SMC_ADDR << 1) | 1
        jsr i2c_write
        bcs @none
        lda mouse_on
        bne @mouse
        sec
        jsr i2c_read
        sta itmp1
        jsr i2c_stop
@key:   lda itmp1
        sta ps2_rawkey
        bne kbd_process
        rts
@none:  jmp i2c_stop
@mouse: ; default operation $43: a key code, then a mouse packet or a single 0
        clc
        jsr i2c_read
        sta itmp1
        jsr i2c_readbits
        cmp #0
        bne @pkt
        sec
        jsr i2c_ack
        jsr i2c_stop
        bra @key
@pkt:   clc
        jsr i2c_ack
        jsr mouse_packet
        bra @key

kbd_process:
        ldx ram_bank            ; RAM bank 0 (the layout's) throughout
        phx
        stz ram_bank
        jsr kbd_event
        plx
        stx ram_bank
        rts
kbd_event:                      ; the program's key event handler (KEYHDL, $032E) sees
        ldx #0                  ; every key code first; what it returns in A is
        jsr @keyhdl             ; processed (0: the event is dropped)
        sta itmp1
        and #$FF
        beq @ret
        cmp #$7F                ; extended-key prefixes are not used by this ROM
        beq @ret
        cmp #$FF
        beq @ret
        jsr joy0_key
        lda itmp1
        and #$7F
        ldx #modkeys_end-modkeys-1
:       cmp modkeys,x
        beq @mod
        dex
        bpl :-
        cmp #KC_CAPS
        beq @caps
        bit itmp1
        bmi @ret                ; other releases don't type anything
        cmp #KC_NUMLOCK         ; Num Lock types nothing (the pad always gives digits)
        beq @ret
        tax                     ; X = key number
        cmp #KC_PAUSE
        bne :+
        lda shflag              ; Pause/Break is STOP with any modifier, RUN with Shift
        lsr                     ; (the official KERNAL's STOP key): C = Shift
        lda #$03 << 1
        ror
        bra @put
:       jmp key_type
@put:   jmp kbdbuf_put_irq
@caps:  bit itmp1
        bmi @ret
        lda shflag
        eor #16                 ; caps lock: bit 4, as kbdbuf_get_modifiers documents it
        sta shflag
@ret:   rts
@mod:   lda modbits,x
        bit itmp1
        bmi @up
        tsb shflag
        jmp charset_switch
@up:    trb shflag
        rts
@keyhdl:jmp (keyhdl)

; the modifiers' shflag bits, as the official KERNAL's: AltGr is Alt+Ctrl, the Windows keys
; are 8 and Scroll Lock is 32 (the official 40/80 key) while held
modkeys:.byte KC_LSHIFT, KC_RSHIFT, KC_LALT, KC_RALT, KC_LCTRL, KC_RCTRL, KC_LWIN, KC_RWIN
        .byte KC_SCRLK
modkeys_end:
modbits:.byte 1, 1, 2, 6, 4, 4, 8, 8, 32

; charset_switch (IRQ, a modifier just went down): Shift+Alt (C= + Shift on a C64) alone
; switches between the upper-case/graphics and the upper/lower-case set (mode 2 <-> 3, or
; the thin 4 <-> 5), as the official KERNAL does: not in ISO mode, nor while CHROUT $08
; locked the case (kmode bits 6 and 7). The set is copied here in the interrupt, so the
; VERA address registers of both ports and the screen code's temps are put back after.
charset_switch:
        lda shflag
        and #$0F
        cmp #3
        bne @ret
        lda kmode
        bmi @ret
        bit #$40
        bne @ret
        ldx #vsave_end-vsave-1  ; zero-page temps screen_set_charset uses
:       ldy vsave,x
        lda 0,y
        pha
        dex
        bpl :-
        lda VERA_CTRL
        pha
        ldx #1
:       txa                     ; port 1, then port 0
        sta VERA_CTRL
        lda VERA_ADDR_L
        pha
        lda VERA_ADDR_M
        pha
        lda VERA_ADDR_H
        pha
        dex
        bpl :-
        lda kmode
        eor #1
        and #$0F
        jsr screen_set_charset
        ldx #0
:       txa                     ; port 0, then port 1
        sta VERA_CTRL
        pla
        sta VERA_ADDR_H
        pla
        sta VERA_ADDR_M
        pla
        sta VERA_ADDR_L
        inx
        cpx #2
        bne :-
        pla
        sta VERA_CTRL
        ldx #0
:       ldy vsave,x
        pla
        sta 0,y
        inx
        cpx #vsave_end-vsave
        bne :-
@ret:   rts
vsave:  .byte ptr1, ptr1+1, ptr2, ptr2+1, tmp2, tmp3
vsave_end:

; ---------------------------------------------------------------------------------
; key_type (IRQ, RAM bank 0 mapped): key number X pressed -> the character of the layout in
; use (kbdlayout.s: 11 tables at RAM bank 0 $A000, byte 0 of each = its layer) in the layer
; of the modifiers, as the official KERNAL looks it up: ISO mode sets bit 7, then shflag's
; Shift, Alt, Ctrl and Windows bits (no table for the layer: nothing). Caps Lock works as
; Shift on the keys the layout's Caps bits mark. In ISO mode a layout without tables of its
; own for (Shift+)Alt or AltGr ($82/$83/$86/$87) has shared ones, $C6/$C7. A key with no
; character in its table may be a dead key (keyiso.s).
key_type:
        lda shflag
        and #$0F
        bit isomode
        bvc :+
        ora #$80
:       sta itmp2               ; itmp2 = layer
        lda shflag
        and #16
        beq @find
        txa
        and #7
        tay
        lda bitmask,y
        pha
        txa
        lsr
        lsr
        lsr
        tay
        pla
        and km_caps,y
        beq @find
        lda #1                  ; Caps Lock on a marked key: the other of plain/shifted
        eor itmp2
        sta itmp2
@find:  lda #<km_tables
        sta iptr
        lda #>km_tables
        sta iptr+1
        ldy #11
:       lda (iptr)
        cmp itmp2
        beq @tab
        lda iptr
        eor #$80
        sta iptr
        bmi :+
        inc iptr+1
:       dey
        bne :--
        lda itmp2
        and #$FA                ; ISO (Shift+)Alt or AltGr ($82/$83/$86/$87): $C6/$C7
        cmp #$82
        bne @none
        lda itmp2
        ora #$46
        sta itmp2
        bra @find
@none:  rts
@tab:   txa
        tay
        lda (iptr),y
        jmp key_compose         ; A = character (0: none), X = key, itmp2 = layer

bitmask:.byte $80, $40, $20, $10, $08, $04, $02, $01

; keyboard joystick (joystick 0): the key codes in joykeys_ram (joystick_ps2_keycodes,
; extapi.s), by default the official KERNAL's assignment (joykeys)
joy0_key:
        stz joy0+2              ; a keyboard: the keyboard joystick is present
        lda itmp1
        and #$7F
        ldx #joykeys_end-joykeys-1
:       cmp joykeys_ram,x
        beq @hit
        dex
        bpl :-
        rts
@hit:   ldy joybyte,x
        lda joymask,x
        bit itmp1
        bmi @rel
        eor #$FF                ; pressed = 0
        and joy0,y
        sta joy0,y
        rts
@rel:   ora joy0,y
        sta joy0,y
        rts
;              right left down  up  enter lshift A    Z   lalt  C    D    S    X  lctrl
joykeys:.byte  89,   79,  84,  83,  43,   44,  31,  46,  60,  48,  33,  32,  47,  58
joykeys_end:
joybyte:.byte  0,    0,   0,   0,   0,    0,   0,   0,   0,   1,   1,   1,   1,   1
joymask:.byte  $01, $02, $04, $08, $10,  $20, $40, $80, $80, $10, $20, $40, $80, $80

; ---------------------------------------------------------------------------------
; keyboard buffer (10 characters)
kbdbuf_put_irq:
        ldx ndx
        cpx #KEYDMAX
        bcs :+
        sta keyd,x
        inc ndx
:       ldx #0                  ; STOP is "down" while the last character put is $03,
        cmp #$03                ; as in the official KERNAL
        bne :+
        dex
:       stx stopkey
        rts

; kbdbuf_put ($FEC3): A = character
kbdbuf_put:
        php
        sei
        phx
        jsr kbdbuf_put_irq
        plx
        plp
        rts

; kbdbuf_peek ($FEBD): A = next character (0 = none), X = characters waiting
kbdbuf_peek:
        lda keyd
        ldx ndx
        bne :+
        lda #0
:       rts

; kbdbuf_get_modifiers ($FEC0): A = modifier bits (1 shift, 2 alt, 4 ctrl, 16 caps lock)
kbdbuf_get_modifiers:
        lda shflag
        rts

; kbd_getc: A = next character from the buffer, 0 if empty (Z set accordingly); X, Y kept
kbd_getc:
        php
        sei
        lda ndx
        beq @empty
        phx
        lda keyd
        pha
        ldx #0
:       lda keyd+1,x
        sta keyd,x
        inx
        cpx #KEYDMAX-1
        bne :-
        dec ndx
        pla
        plx
        plp
        ora #0
        rts
@empty: plp
        lda #0
        rts

; GETIN from the keyboard: A = character or 0, C=0
getin_kbd:
        jsr kbd_getc
        clc
        rts

; STOP ($FFE1): Z=1 while the STOP key (Pause/Break, PETSCII $03) is the last key typed
stop_fn:
        lda stopkey
        eor #$FF
        rts

; ---------------------------------------------------------------------------------
; CHRIN from the keyboard, as the official screen editor: the keys typed are echoed (the
; cursor keys, DEL and INST edit the screen); RETURN reads the logical line the cursor is
; on back from the screen: from the column CHRIN started on if RETURN is pressed on that
; line, else from its start, up to its last non-blank character. That CHRIN and the next
; ones return it a character at a time (screen codes back to PETSCII; reversed characters
; are read plain, or as control codes in quote mode), then $0D; the call after that starts
; a new line. The RETURN is not printed (the program prints it), unless the output is
; redirected (CHKOUT). X and Y are kept (Prog8's txt.input_chars counts in Y).
chrin_kbd:
        phx
        phy
        lda cur_col             ; where this call started (the official lstp/lsxp)
        sta lstp
        lda cur_row
        sta lsxp
        lda crsw
        bne chrin_deliver
@wait:  jsr cursor_show
@poll:  jsr kbd_getc
        bne @key
        wai                     ; sleep until the next interrupt (VSYNC)
        bra @poll
@key:   pha
        jsr cursor_hide
        pla
        jsr edkey_filter        ; the program's BASIN key handler may change it (edkey.s)
        beq @wait
        jsr pfkey_expand        ; an F-key or SHIFT+RUN types its macro (extapi pfkey)
        bcs @wait
        cmp #$0D
        beq @return
        sta autodn              ; echoing a typed key: a wrapping line opens a row
        jsr chrout_screen
        stz autodn
        bra @wait
@return:ldy lnmx                ; the line ends after its last non-blank cell (column 0
        sty crsw                ; is not looked at)
@trim:  tya
        jsr pos_addr
        lda VERA_DATA0
        cmp #' '
        bne :+
        dey
        bne @trim
:       iny
        sty indx
        stz autodn
        stz cur_col
        stz qtsw
        lda lsxp
        bmi chrin_deliver
        ldx cur_row             ; on the line CHRIN started on: from the column it started
        cpx lsxp                ; on (nothing there: the line is empty)
        beq :+
        ldx lstart
:       cpx lsxp
        bne chrin_deliver
        lda lstp
        sta cur_col
        cmp indx
        bcs chrin_eol
; the line's next character, from the cursor's column (crsw set; X and Y pushed)
chrin_deliver:
        lda cur_col
        pha
        jsr pos_addr
        lda VERA_DATA0
        bit isomode
        bvs @got                ; ISO: the screen code is the character
        sta tmp1                ; PETSCII from the screen code: bits 0-5, bit 6 -> 7;
        and #$3F                ; bit 5 clear -> +$40; reversed cells read as plain
        bit tmp1                ; characters, or in quote mode as control codes
        bvc :+
        ora #$80
:       bit tmp1
        bpl @plain
        ldx qtsw
        bne @got
@plain: tax
        lda tmp1
        and #$20
        bne :+
        txa
        ora #$40
        bra @got
:       txa
@got:   inc cur_col
        cmp #'"'                ; a quote mark read switches quote mode
        bne :+
        pha
        lda qtsw
        eor #1
        sta qtsw
        pla
:       ply                     ; the column it was read from
        cpy indx
        bne chrin_out
chrin_eol:
        stz crsw
        jsr edkey_reset         ; the BASIN key handler is set for one line: it goes with
        lda dfltn               ; the line's final RETURN. The RETURN is printed when the
        cmp #3                  ; line came from the screen (device 3); from the keyboard
        beq :+                  ; it is not: the program (BASIC, a C library's read())
        lda dflto               ; prints it, and only with the output sent elsewhere
        cmp #3                  ; does the editor put it on the screen
        beq :++
:       lda #$0D
        jsr chrout_screen
:       lda #$0D
chrin_out:
        bit isomode
        bvs :+
        cmp #$DE                ; pi: its PETSCII code
        bne :+
        lda #$FF
:       ply
        plx
        clc
        rts

; CHRIN from the screen (device 3, after CHKIN or with it the default input), as the
; official editor: the character under the cursor, which moves right in its logical line;
; at the line's last column (lnmx) the character there is not read: $0D comes instead and
; is printed (the cursor goes to the next line). X and Y are kept.
chrin_screen:
        phx
        phy
        lda #3
        sta crsw
        lda lnmx
        sta indx
        jmp chrin_deliver

; readline_command: the READY loop. There is no BASIC; "SYS address" (decimal or $hex)
; calls machine code, anything else is refused.
readline_command:
        ldx #0                  ; the line, as BASIC reads it: CHRIN to the RETURN
:       jsr chrin_kbd
        cmp #$0D
        beq :+
        cpx #LINEMAX
        bcs :-
        sta linebuf,x
        inx
        bra :-
:       stx lb_len
        lda #$0D                ; the RETURN, which the editor leaves to BASIC to print
        jsr chrout_screen
        ldx #0
        jsr skip_spaces
        cpx lb_len
        beq @ret
        lda linebuf,x
        cmp #'S'
        bne @err
        lda linebuf+1,x
        cmp #'Y'
        bne @err
        lda linebuf+2,x
        cmp #'S'
        bne @err
        inx
        inx
        inx
        jsr skip_spaces
        jsr parse_number
        bcs @err
        lda ptr1                ; call it through the RAM helper (kernal.s sys_tramp)
        sta sys_addr
        lda ptr1+1
        sta sys_addr+1
        jsr wait_start_line     ; the official ROM's start line (kernal.s START_LINE)
        jsr sys_ram
        php                     ; hand the program's registers to the emulator: a program
        sta hc_a                ; StartPRG started has ended (EventExit)
        stx hc_x
        sty hc_y
        pla
        sta hc_p
        cld
        cli
        lda #HC_SYSRET
        sta HOSTCALL
        jsr primm
        .byte $0D, "READY.", $0D, 0
@ret:   rts
@err:   jsr primm
        .byte "?NO BASIC IN THE BUILT-IN ROM: USE SYS", $0D, 0
        rts

skip_spaces:
:       cpx lb_len
        bcs :+
        lda linebuf,x
        cmp #' '
        bne :+
        inx
        bra :-
:       rts

; parse a decimal or $hex number at linebuf,x into ptr1; C=1 if there is none
parse_number:
        stz ptr1
        stz ptr1+1
        cpx lb_len
        bcs @bad
        lda linebuf,x
        cmp #'$'
        beq @hex
        stz tmp3                ; digits seen
@dec:   cpx lb_len
        bcs @end
        lda linebuf,x
        sec
        sbc #'0'
        cmp #10
        bcs @end
        pha                     ; ptr1 = ptr1 * 10 + digit
        asl ptr1
        rol ptr1+1
        lda ptr1
        ldy ptr1+1
        asl ptr1
        rol ptr1+1
        asl ptr1
        rol ptr1+1
        clc
        adc ptr1
        sta ptr1
        tya
        adc ptr1+1
        sta ptr1+1
        pla
        clc
        adc ptr1
        sta ptr1
        bcc :+
        inc ptr1+1
:       inc tmp3
        inx
        bra @dec
@hex:   inx
        stz tmp3
@hexd:  cpx lb_len
        bcs @end
        lda linebuf,x
        sec
        sbc #'0'
        cmp #10
        bcc @nib
        sbc #'A'-'0'-10         ; carry is set here
        cmp #10
        bcc @end
        cmp #16
        bcs @end
@nib:   ldy #4
:       asl ptr1
        rol ptr1+1
        dey
        bne :-
        ora ptr1
        sta ptr1
        inc tmp3
        inx
        bra @hexd
@end:   lda tmp3
        beq @bad
        clc
        rts
@bad:   sec
        rts

; ---------------------------------------------------------------------------------
; SNES controllers: pulse LATCH, then read 24 bits per port, sampling with CLK low and
; shifting with CLK high (X16-HARDWARE.md 5.2). Bits arrive B, Y, SELECT, START, up, down,
; left, right, A, X, L, R, 4 ID bits, then 8 bits that are 0 on a present controller.
joystick_init:
        ldx #11
        lda #$FF
:       sta joy1,x
        dex
        bpl :-
        rts

joystick_scan:
        lda #SNES_CLK
        sta VIA1_PA             ; latch low, clock high
        lda #SNES_LATCH|SNES_CLK
        sta VIA1_PA             ; latch the buttons
        lda #SNES_CLK
        sta VIA1_PA
        ldx #0
@byte:  ldy #8
@bit:   stz VIA1_PA             ; clock low: read
        lda VIA1_PA_NH
        asl
        rol joy1,x              ; PA7: controller 1
        asl
        rol joy1+3,x            ; PA6: controller 2
        asl
        rol joy1+6,x            ; PA5: controller 3
        asl
        rol joy1+9,x            ; PA4: controller 4
        lda #SNES_CLK
        sta VIA1_PA             ; clock high: next bit
        dey
        bne @bit
        inx
        cpx #3
        bne @byte
        ; a controller whose ID bits are not all 1 is present whatever its third byte says
        ldx #9
:       lda joy1+1,x
        and #$0F
        cmp #$0F
        beq :+
        stz joy1+2,x
:       dex
        dex
        dex
        bpl :--
        rts

; joystick_get ($FF56): A = 0 (keyboard) or 1-4 -> A = B Y SEL START UP DOWN LEFT RIGHT,
; X = A X L R 1 1 1 1 (0 = pressed), Y = $00 present / $FF absent.
joystick_get:
        cmp #5
        bcs @absent
        php
        sei
        tax
        lda @offs,x
        tax
        ldy joy0+2,x
        lda joy0+1,x
        pha
        lda joy0,x
        plx
        plp
        rts
@absent:lda #$FF
        tax
        tay
        rts
@offs:  .byte 0, joy1-joy0, joy1-joy0+3, joy1-joy0+6, joy1-joy0+9

; ---------------------------------------------------------------------------------
; Mouse: packets from SMC register $21 (3 bytes, or 4 with a wheel mouse: buttons/signs,
; dX, dY, wheel). The pointer is sprite 0, as in the official KERNAL: A = 0 hides it, 1-$FE
; show the default pointer (written to $13000), $FF shows sprite 0 with the image and
; attributes the program gave it. Screens of 40 columns or fewer (30 rows or fewer) count
; the mouse in double steps, like the official one: mouse_get halves the position.
mouse_config:
        php
        sei
        sta mouse_on
        pha
        stz mouse_w
        cmp #0
        beq :+
        cmp #$FF
        beq :+
        phx
        phy
        jsr mouse_set_image     ; the default pointer into sprite 0
        ply
        plx
:       pla
        stz mspr_xoff           ; mouse_sprite_offset goes back to 0
        stz mspr_xoff+1
        stz mspr_yoff
        stz mspr_yoff+1
        phx
        phy
        ldx #SMC_ADDR           ; SMC default read operation: $43 key codes + mouse, $41 keys
        ldy #$40
        cmp #0
        beq :+
        lda #$43
        bra :++
:       lda #$41
:       jsr i2c_write_byte
        ply
        plx
        cpx #0                  ; X = 0: keep the screen size and the position
        beq @keep
        lda #0                  ; scale: bit 1 for 40 columns or fewer, bit 0 for 30 rows
        cpx #41
        bcs :+
        ora #2
:       cpy #31
        bcs :+
        ora #1
:       sta mouse_scale
        stx mouse_maxx          ; X columns, Y rows of 8 pixels
        stz mouse_maxx+1
        sty mouse_maxy
        stz mouse_maxy+1
        ldx #3
:       asl mouse_maxx
        rol mouse_maxx+1
        asl mouse_maxy
        rol mouse_maxy+1
        dex
        bne :-
        lsr                     ; C = row scale
        bcc :+
        asl mouse_maxy
        rol mouse_maxy+1
:       lsr                     ; C = column scale
        bcc :+
        asl mouse_maxx
        rol mouse_maxx+1
:       jsr mouse_home
@keep:  lda mouse_maxx+1        ; never configured: the whole 640x480 screen
        ora mouse_maxx
        bne :+
        lda #<640
        sta mouse_maxx
        lda #>640
        sta mouse_maxx+1
        lda #<480
        sta mouse_maxy
        lda #>480
        sta mouse_maxy+1
        stz mouse_scale
        jsr mouse_home
:       lda mouse_on
        bne :+
        jsr mouse_hide_pointer
        bra :++
:       jsr mouse_pointer
:       plp
        rts

; mouse_set_image: the default pointer, 16x16 at 8 bpp (colour 16 inside, 1 edge, 0 clear),
; into VRAM $13000, and sprite 0's attributes pointed at it (8 bpp, 16x16).
POINTER_VRAM = $13000
mouse_set_image:
        stz VERA_CTRL
        stz VERA_ADDR_L
        lda #>(POINTER_VRAM & $FFFF)
        sta VERA_ADDR_M
        lda #$10 | ^POINTER_VRAM
        sta VERA_ADDR_H
        ldy #0
@byte:  lda pointer_edge,y
        sta tmp1
        lda pointer_fill,y
        sta tmp2
        ldx #8
@bit:   lda #0
        asl tmp2
        bcc :+
        lda #16                 ; body: black
:       asl tmp1
        bcc :+
        lda #1                  ; edge: white
:       sta VERA_DATA0
        dex
        bne @bit
        iny
        cpy #32
        bne @byte
        stz VERA_ADDR_L         ; sprite 0: address bits 12-5, then 8 bpp + bits 16-13
        lda #$FC
        sta VERA_ADDR_M
        lda #$11
        sta VERA_ADDR_H
        lda #<(POINTER_VRAM >> 5)
        sta VERA_DATA0
        lda #>(POINTER_VRAM >> 5) | $80
        sta VERA_DATA0
        lda #7
        sta VERA_ADDR_L
        lda #$50                ; height 16, width 16, palette offset 0
        sta VERA_DATA0
        rts

; the default pointer: the official KERNAL's arrow (x16-rom kernal/drivers/x16/ps2mouse.s,
; 2-clause BSD, THIRD_PARTY_NOTICES), black with a white edge; two bytes per row (left
; half, right half). "edge" pixels are colour 1 (white), "body" pixels colour 16 (black):
; the official colour bits where its mask is set, and its mask's other bits.
pointer_edge:
        .byte %11000000, 0, %10100000, 0, %10010000, 0, %10001000, 0
        .byte %10000100, 0, %10000010, 0, %10000001, 0, %10000000, %10000000
        .byte %10000000, %01000000, %10000011, %11100000, %10010010, 0, %10101001, 0
        .byte %11001001, 0, %10000100, %10000000, %00000100, %10000000, %00000011, %10000000
pointer_fill:
        .byte 0, 0, %01000000, 0, %01100000, 0, %01110000, 0
        .byte %01111000, 0, %01111100, 0, %01111110, 0, %01111111, 0
        .byte %01111111, %10000000, %01111100, 0, %01101100, 0, %01000110, 0
        .byte %00000110, 0, %00000011, 0, %00000011, 0, 0, 0

; mouse_pointer: sprite 0 to the mouse position (mouse_get's, plus mouse_sprite_offset),
; given a Z-depth of 3 if it has none, and sprites switched on in DC_VIDEO, as the official
; sprite_set_position does. Called from mouse_config and, per packet, from the VSYNC
; interrupt: VERA's CTRL and port 0 are saved and restored around it.
mouse_pointer:
        jsr vera_save
        lda #2
        sta VERA_ADDR_L
        lda #$FC
        sta VERA_ADDR_M
        lda #$11
        sta VERA_ADDR_H
        ldx #0
        jsr @coord
        ldx #2
        jsr @coord
        lda #$01                ; offset 6, no increment
        sta VERA_ADDR_H
        lda VERA_DATA0
        and #$0C
        bne :+
        lda VERA_DATA0
        ora #$0C
        sta VERA_DATA0
:       lda VERA_DC_VIDEO       ; (DCSEL 0: vera_save cleared CTRL)
        ora #$40
        sta VERA_DC_VIDEO
        jmp vera_restore
@coord: lda mouse_x+1,x         ; one coordinate, halved when scaled, plus the offset
        sta itmp3
        lda mouse_x,x
        jsr mouse_unscale
        clc
        adc mspr_xoff,x
        sta VERA_DATA0
        lda itmp3
        adc mspr_xoff+1,x
        and #$03                ; the high bits stay clear
        sta VERA_DATA0
        rts

; mouse_unscale: A = low byte, itmp3 = high byte of coordinate X (0 = X, 2 = Y) of the
; mouse; halves them if that axis is scaled. X kept.
mouse_unscale:
        pha
        lda mouse_scale
        cpx #0
        bne :+
        lsr                     ; X axis: bit 1
:       lsr
        pla
        bcc :+
        lsr itmp3
        ror
:       rts

; mouse_hide_pointer: sprite 0's Z-depth to 0 (the official mouse_config 0 does this)
mouse_hide_pointer:
        jsr vera_save
        lda #6
        sta VERA_ADDR_L
        lda #$FC
        sta VERA_ADDR_M
        lda #$01
        sta VERA_ADDR_H
        lda VERA_DATA0
        and #%11110011
        sta VERA_DATA0
        jmp vera_restore

; vera_save / vera_restore: CTRL and port 0's address, kept on the stack under the
; caller's return address; vera_save leaves CTRL at 0 (port 0, DCSEL 0).
vera_save:
        ply                     ; the return address comes off first
        plx
        lda VERA_CTRL
        pha
        stz VERA_CTRL
        lda VERA_ADDR_L
        pha
        lda VERA_ADDR_M
        pha
        lda VERA_ADDR_H
        pha
        phx
        phy
        rts
vera_restore:                   ; reached by JMP: the saved state is on top
        stz VERA_CTRL
        pla
        sta VERA_ADDR_H
        pla
        sta VERA_ADDR_M
        pla
        sta VERA_ADDR_L
        pla
        sta VERA_CTRL
        rts

; mouse_home: the limits become the last pixel (size - 1) and the pointer goes to the
; middle of the screen, as the official KERNAL's mouse_config does.
mouse_home:
        ldx #2
@one:   lda mouse_maxx,x
        bne :+
        dec mouse_maxx+1,x
:       dec mouse_maxx,x
        lda mouse_maxx+1,x
        lsr
        sta mouse_x+1,x
        lda mouse_maxx,x
        ror
        sta mouse_x,x
        dex
        dex
        bpl @one
        rts

; mouse_scan ($FF71): packets arrive with the key codes in the VSYNC handler
mouse_scan:
        rts

; mouse_packet (IRQ): A = first packet byte (buttons and signs); reads dX, dY and the
; wheel byte (4-byte packets), ends the transfer and moves the pointer.
mouse_packet:
        sta itmp2
        sta ps2_rawpkt          ; kept for ps2data_raw
        clc
        jsr i2c_read
        sta iptr                ; dX
        sta ps2_rawpkt+1
        clc
        jsr i2c_read
        sta iptr+1              ; dY
        sta ps2_rawpkt+2
        sec
        jsr i2c_read
        sta ps2_rawpkt+3
        ldx #4
        stx ps2_rawlen
        clc
        adc mouse_w
        sta mouse_w
        jsr i2c_stop
        lda itmp2
        and #7
        sta mouse_b
        ; X += dX (9-bit signed: sign in bit 4 of the first byte)
        lda itmp2
        and #$10
        beq :+
        lda #$FF
:       tay
        clc
        lda mouse_x
        adc iptr
        sta mouse_x
        tya
        adc mouse_x+1
        sta mouse_x+1
        ; Y -= dY (PS/2 counts up as positive; sign in bit 5)
        lda itmp2
        and #$20
        beq :+
        lda #$FF
:       sta itmp3
        sec
        lda mouse_y
        sbc iptr+1
        sta mouse_y
        lda mouse_y+1
        sbc itmp3
        sta mouse_y+1
        jsr mouse_clamp
        jmp mouse_pointer

mouse_clamp:
        ldx #0
        jsr @one
        ldx #2
@one:   lda mouse_x+1,x
        bpl :+
        stz mouse_x,x           ; negative -> 0
        stz mouse_x+1,x
        rts
:       lda mouse_maxx,x
        cmp mouse_x,x
        lda mouse_maxx+1,x
        sbc mouse_x+1,x
        bcs :+
        lda mouse_maxx,x        ; past the last pixel -> the last pixel
        sta mouse_x,x
        lda mouse_maxx+1,x
        sta mouse_x+1,x
:       rts

; mouse_get ($FF6B): X = zero-page address for X (2 bytes) and Y (2 bytes);
; A = buttons, X = wheel movement since the last call.
mouse_get:
        php
        sei
        phx
        lda mouse_scale         ; bit 1: X counted in double steps, bit 0: Y
        sta tmp1
        lda mouse_x+1
        ldy mouse_x
        lsr tmp1
        lsr tmp1
        bcc :+
        lsr
        pha
        tya
        ror
        tay
        pla
:       sta $01,x
        tya
        sta $00,x
        lda mouse_scale
        sta tmp1
        lda mouse_y+1
        ldy mouse_y
        lsr tmp1
        bcc :+
        lsr
        pha
        tya
        ror
        tay
        pla
:       sta $03,x
        tya
        sta $02,x
        plx
        ldx mouse_w
        stz mouse_w
        lda mouse_b
        plp
        rts

; ---------------------------------------------------------------------------------
; clock_get_date_time ($FF50): the RTC (MCP7940N at $6F, BCD registers 0-6) ->
; r0L year-1900, r0H month, r1L day, r1H hours, r2L minutes, r2H seconds, r3L jiffies (0),
; r3H weekday.
clock_get_date_time:
        ldy #6
@reg:   ldx #RTC_ADDR
        jsr i2c_read_byte
        bcs @fail
        and @mask,y
        ; BCD -> binary: (a >> 4) * 10 + (a & 15)
        pha
        lsr
        lsr
        lsr
        lsr
        sta tmp1
        asl
        asl
        adc tmp1
        asl
        sta tmp1
        pla
        and #$0F
        clc
        adc tmp1
        ldx @dest,y
        sta $00,x
        dey
        bpl @reg
        clc
        lda r0L
        adc #100                ; years 2000-2099
        sta r0L
        stz r3L
        clc
        rts
@fail:  ldx #7
:       stz r0L,x
        dex
        bpl :-
        sec
        rts
;             sec   min   hour  wkday date  month year
@mask:  .byte $7F,  $7F,  $3F,  $07,  $3F,  $1F,  $FF
@dest:  .byte r2H,  r2L,  r1H,  r3H,  r1L,  r0H,  r0L
