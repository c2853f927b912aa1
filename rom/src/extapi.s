; x16scope built-in KERNAL: extapi ($FEAB), the extended calls selected by A (X16 KERNAL
; documentation, "extapi"), and extapi16 ($FEA8). Written from the documented register
; conventions; led_update, for a disk activity LED the host disk does not have, is a no-op.
.include "kernal.inc"

.import kbd_getc, ps2_poll, mouse_clamp, mouse_pointer, screen_clear, cursor_show, cursor_hide
.import cursor_blink, cursor_undraw
.import i2c_start, i2c_stop, i2c_write, lz_decompress, joykeys, default_palette, kbdbuf_put
.export extapi, extapi16, ext_init, pfkey_expand

EXT_N = 21              ; functions 1-20; 0 is reserved

.segment "CODE"

; ext_init (reset): the documented defaults of the state the calls below keep
ext_init:
        ldx #JOYKEYS_N-1
:       lda joykeys,x
        sta joykeys_ram,x
        dex
        bpl :-
        stz iso_cur             ; 0 until ISO mode (CHROUT $0F) sets $9F
        lda ram_bank            ; the F-key macros the official editor starts with (what
        pha                     ; each key types in its line input: pfk_defaults)
        stz ram_bank
        ldx #8
:       lda pfk_deflen,x
        sta pfk_len,x
        dex
        bpl :-
        ldx #9*PFK_MAX-1
:       lda pfk_defaults,x
        sta pfk_text,x
        dex
        bpl :-
        pla
        sta ram_bank
        rts

; the default macros, PFK_MAX bytes each (F1-F8, SHIFT+RUN), and their lengths: what the
; keys type on the official ROM after a reset (BASIC commands)
pfk_defaults:
        .byte "LIST:", 13, 0, 0, 0, 0
        .byte "SAVE", '"', "@:", 0, 0, 0
        .byte "LOAD ", '"', 0, 0, 0, 0
        .byte "S", 'C' + $80, "-1:REM", 0, 0
        .byte "RUN:", 13, 0, 0, 0, 0, 0
        .byte "MONITOR:", 13, 0
        .byte "DOS", '"', "$", 13, 0, 0, 0, 0
        .byte "DOS", '"', 0, 0, 0, 0, 0, 0
        .byte "LOAD", 13, "RUN:", 13
pfk_deflen:
        .byte 6, 7, 6, 8, 5, 9, 6, 4, 10
.assert * - pfk_defaults = 9 * PFK_MAX + 9, error, "pfk_defaults"

; extapi: A = function. X, Y and P reach the function as the caller passed them: the
; function's address (minus 1) goes into two stack slots reserved before P and X are
; saved, and an RTS jumps to it. An unknown number stops the program with a message
; naming it (host call), as an unimplemented jump-table slot does.
extapi:
        pha                     ; two slots for the function address
        pha
        php
        phx                     ; S: X P slot slot
        cmp #EXT_N
        bcs @unknown
        cmp #0
        beq @unknown
        asl
        tax
        lda ext_tab-2,x         ; low byte of (function - 1)
        pha
        lda ext_tab-1,x
        tsx                     ; S: low X P slot slot
        sta $0105,x
        pla
        sta $0104,x
        plx
        plp
        rts
@unknown:
        plx
        plp
        pla
        pla                     ; A = the function number again; S: the caller's return
        sta hc_a
        lda #HC_EXTUNK
        sta HOSTCALL
        stp

ext_tab:
        .word clear_status-1, getlfs-1, mouse_sprite_offset-1, joystick_ps2_keycodes-1
        .word iso_cursor_char-1, ps2kbd_typematic-1, pfkey-1, ps2data_fetch-1
        .word ps2data_raw-1, blink_step-1, led_update-1, mouse_set_position-1
        .word scnsiz-1, kbd_leds-1, decompress_from_func-1, default_palette-1
        .word has_machine_property-1, kbdbuf_get-1, kbdbuf_clear-1, blink_enable-1
.assert * - ext_tab = 2 * (EXT_N - 1), error, "extapi table length"

; extapi16 ($FEA8): the 65C816 calls. This machine has a 65C02, where the X16 KERNAL
; answers every extapi16 call "unsupported": C=1, nothing else changes.
extapi16:
        sec
        rts

; 1 clear_status: the I/O status READST returns becomes 0
clear_status:
        stz status
        rts

; 2 getlfs: A = logical file, X = device, Y = secondary address of the last SETLFS
getlfs:
        lda la
        ldx fa
        ldy sa
        rts

; 3 mouse_sprite_offset: C=0 set the pointer sprite's offset from r0 (X), r1 (Y); C=1 get
; it into r0, r1. The pointer (keyboard.s mouse_pointer) is drawn at the mouse position
; plus this offset; mouse_config sets it back to 0.
mouse_sprite_offset:
        ldx #3
        bcs @get
:       lda r0,x
        sta mspr_xoff,x
        dex
        bpl :-
        clc
        rts
@get:
:       lda mspr_xoff,x
        sta r0,x
        dex
        bpl :-
        clc
        rts

; 4 joystick_ps2_keycodes: C=0 the keyboard joystick's 14 key codes come from r0L-r6H,
; C=1 they are copied there (order: right, left, down, up, start, select, Y, B, B, R, L,
; X, A, A; 0 = no key).
joystick_ps2_keycodes:
        ldx #JOYKEYS_N-1
        bcs @get
        php
        sei                     ; the VSYNC handler reads the table
:       lda r0,x
        sta joykeys_ram,x
        dex
        bpl :-
        plp
        rts
@get:
:       lda joykeys_ram,x
        sta r0,x
        dex
        bpl :-
        rts

; 5 iso_cursor_char: C=0 X = the ISO-mode cursor's screen code, C=1 X <- it (0 until ISO
; mode is entered, as in the X16 KERNAL). The cursor shows it in ISO mode (screen.s
; cursor_draw), the cell reversed in PETSCII mode.
iso_cursor_char:
        bcs @get
        stx iso_cur
        rts
@get:   ldx iso_cur
        rts

; 6 ps2kbd_typematic: X = 0ddrrrrr, sent to the keyboard as the PS/2 "set typematic"
; command ($F3) through the SMC's keyboard command register ($1A).
ps2kbd_typematic:
        txa
        and #$7F
        tay
        lda #$F3
        bra smc_kbd_cmd

; 14 kbd_leds: C=1 X <- the LED state last set; C=0 set it from X (bit 0 scroll, 1 num,
; 2 caps lock) and send it to the keyboard (PS/2 $ED through the SMC).
kbd_leds:
        bcc @set
        ldx kbd_ledst
        rts
@set:   txa
        and #7
        sta kbd_ledst
        tay
        lda #$ED
; smc_kbd_cmd: A = PS/2 command, Y = its argument, written to SMC register $1A (the
; keyboard command register) in one I2C transfer
smc_kbd_cmd:
        php
        sei
        sta ext_tmp
        sty ext_tmp+1
        jsr i2c_start
        lda #SMC_ADDR << 1
        jsr i2c_write
        bcs @done
        lda #$1A
        jsr i2c_write
        bcs @done
        lda ext_tmp
        jsr i2c_write
        bcs @done
        lda ext_tmp+1
        jsr i2c_write
@done:  jsr i2c_stop
        plp
        rts

; 7 pfkey: X = key (1-8 = F1-F8, 9 = SHIFT+RUN), Y = length (0-10, 0 = no macro), r0 =
; the text. C=1 for arguments out of range. The line editor (CHRIN) types the macro when
; the key is pressed (pfkey_expand).
pfkey:
        cpx #1
        bcc @bad
        cpx #10
        bcs @bad
        cpy #PFK_MAX+1
        bcs @bad
        sty ext_tmp             ; length
        lda pfk_offs-1,x
        sta ext_tmp+1           ; where the key's text goes
        lda ram_bank
        pha                     ; the caller's bank, for a text in $A000-$BFFF
        stz ram_bank
        tya
        sta pfk_len-1,x
        ldy #0
@next:  cpy ext_tmp
        bcs @end
        pla
        pha
        sta ram_bank            ; read in the caller's bank, write in bank 0
        lda (r0),y
        stz ram_bank
        ldx ext_tmp+1
        sta pfk_text,x
        inc ext_tmp+1
        iny
        bra @next
@end:   pla
        sta ram_bank
        clc
        rts
@bad:   sec
        rts
pfk_offs:
        .byte 0, 10, 20, 30, 40, 50, 60, 70, 80

; pfkey_expand (line editor): A = key from the buffer. For an F-key (or SHIFT+RUN) the keys
; waiting are dropped, its macro (if any) goes into the keyboard buffer and C=1 (the key
; itself is dropped); any other key: C=0, A kept.
pfkey_expand:
        ldx #8
:       cmp pfk_keys,x
        beq @key
        dex
        bpl :-
        clc
        rts
@key:   stz ndx                 ; as the official editor: the keys waiting are dropped,
        lda ram_bank            ; and a key without a macro types nothing
        pha
        stz ram_bank
        lda pfk_len,x
        beq @none
        sta ext_tmp
        lda pfk_offs,x
        tax
        ldy ext_tmp
:       lda pfk_text,x
        phx
        jsr kbdbuf_put
        plx
        inx
        dey
        bne :-
        pla
        sta ram_bank
        sec
        rts
@none:  pla
        sta ram_bank
        sec
        rts
;               F1   F2   F3   F4   F5   F6   F7   F8   SHIFT+RUN
pfk_keys:.byte  $85, $89, $86, $8A, $87, $8B, $88, $8C, $83

; 8 ps2data_fetch: poll the SMC for a key code (and a mouse packet) and process them, as
; the VSYNC handler does. Not re-entrant: interrupts are off meanwhile.
ps2data_fetch:
        php
        sei
        jsr ps2_poll
        plp
        rts

; 9 ps2data_raw: what the last poll fetched. A = key code (0 none; this ROM's SMC reading
; has no extended codes, Y = 0), X = mouse packet length (0 none, else r0L.. = packet).
; Z=1 if there was neither.
ps2data_raw:
        php
        sei
        ldx ps2_rawlen
        beq @nom
:       lda ps2_rawpkt-1,x
        sta r0-1,x
        dex
        bne :-
        ldx ps2_rawlen
@nom:   plp
        ldy #0
        lda ps2_rawkey
        bne :+
        cpx #0
:       rts

; 10 cursor_blink: one step of the VSYNC handler's cursor blink (screen.s), for programs
; that replace the handler
blink_step:
        php
        sei
        jsr cursor_blink
        plp
        rts

; 11 led_update: the VSYNC handler's disk activity LED. The host disk has no activity or
; error state to show: nothing to do.
led_update:
        rts

; 12 mouse_set_position: X = zero-page address of the new X (2 bytes) and Y (2 bytes),
; in mouse_get's coordinates; only while the mouse is on, kept inside the screen as
; mouse_config's limits say; the pointer sprite moves there. On a screen whose axis counts
; the mouse in double steps (mouse_scale, keyboard.s) the position is doubled into
; mouse_x/mouse_y, as the official KERNAL does, so mouse_get gives it back unchanged.
mouse_set_position:
        lda mouse_on
        beq @off
        php
        sei
        lda $00,x
        sta mouse_x
        lda $01,x
        sta mouse_x+1
        lda $02,x
        sta mouse_y
        lda $03,x
        sta mouse_y+1
        lda mouse_scale
        lsr                     ; bit 0: Y counted double
        bcc :+
        asl mouse_y
        rol mouse_y+1
:       lsr                     ; bit 1: X counted double
        bcc :+
        asl mouse_x
        rol mouse_x+1
:       jsr mouse_clamp
        jsr mouse_pointer
        plp
@off:   rts

; 13 scnsiz: X columns (20-80), Y rows (4-60) for the screen editor; the screen is
; cleared and the cursor homed. C=1 (nothing changes) for a size out of range.
scnsiz:
        cpx #81
        bcs @bad
        cpx #20
        bcc @bad
        cpy #61
        bcs @bad
        cpy #4
        bcc @bad
        stx llen
        sty nlines
        jsr screen_clear
        clc
        rts
@bad:   sec
        rts

; 15 memory_decompress_from_func: like memory_decompress, the LZSA2 bytes coming one per
; call from the function at r4 (it keeps X, Y, r1-r3); r1 = output, updated.
decompress_from_func:
        lda #$80
        sta lz_mode
        jsr lz_decompress
        stz lz_mode
        rts

; 17 has_machine_property: X = property -> C=1 if the machine has it. This one has a
; 65C02 (no 65C816 properties) and banked RAM that does not mirror: none of them.
has_machine_property:
        clc
        rts

; 18 kbdbuf_get: A = next character of the keyboard buffer (0 = none, Z set), as GETIN
; from the keyboard, whatever the input channel is
kbdbuf_get:
        jsr kbd_getc
        clc
        rts

; 19 kbdbuf_clear: the keyboard buffer is emptied
kbdbuf_clear:
        php
        sei
        stz ndx
        plp
        rts

; 20 blink_enable: X = 0 lets the line editor's cursor blink at the cursor position (from
; the VSYNC interrupt, screen.s), X <> 0 stops it. Either way a drawn cursor is taken off
; first, the cell restored; the first blink comes a blink period later.
blink_enable:
        php
        sei
        phx
        jsr cursor_undraw
        plx
        stx blnsw
        lda #20                 ; BLINK_RATE frames
        sta blnct
        plp
        rts
