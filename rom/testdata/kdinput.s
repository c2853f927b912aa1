; The keyboard buffer, the extapi functions, the joysticks and the mouse (X16 Reference,
; KERNAL "Keyboard", "Mouse", "Joystick", "extapi") in NCASE seeded random cases, a
; 16-byte record each (kdiff.inc), with no key, mouse or joystick input:
;  0 kbdbuf_put(A: a letter, digit, or STOP $03 one time in 8): A, then kbdbuf_peek A X Z
;    (A 0 when X is 0: what is left in A then is not defined)
;  1 kbdbuf_peek: A X Z           2 GETIN: A           3 extapi kbdbuf_get: A Z
;  4 extapi kbdbuf_clear, then kbdbuf_peek: X      5 kbdbuf_get_modifiers: A
;  6 extapi mouse_sprite_offset: r0 r1 set (C=0), r0 r1 got (C=1)
;  7 extapi joystick_ps2_keycodes: r0-r6 got (C=1; the first case: the defaults), then
;    new random ones set (C=0), got by the next case
;  8 extapi iso_cursor_char: X set (C=0), X got (C=1)
;  9 extapi ps2kbd_typematic(X): X (what goes to the keyboard is not read back)
; 10 extapi scnsiz(X 0-100 columns, Y 0-70 rows): X Y, C, then SCREEN X Y
; 11 extapi default_palette, VRAM $1FA00-$1FBFF drawn at random before: sums of it after
; 12 extapi has_machine_property(X 0-15 or any, not 4: see op_prop): X, C
; 13 extapi blink_enable(X 0 or 1 or any): X, blnsw ($037B, the official address)
; 14 extapi kbd_leds: X set (C=0), X got (C=1)
; 15 mouse_config(A 0, 1 or $FF; X 0-80, Y 0-60 in 8-pixel units), then mouse_get:
;    A X Y passed, A got, x y (4 bytes)
; 16 extapi mouse_set_position(x 0-1023, y 0-767), then mouse_get: x y passed, A, x y got
; 17 joystick_scan, joystick_get(A 0-4): A, then A X Y
; 18 extapi ps2data_raw: A X Z
; 19 extapi pfkey(X key 0-10, Y length 0-12, r0 text): X Y, C
; 20 extapi cursor_blink, n = 1-40 times, at a random place (PLOT), blinking on (blink_enable
;    0) and the blink counter blnct ($037C, the official address) at 1 first: the place, n,
;    blnon ($037E) and the cell under the cursor (screen code, colour); then blink_enable(1)
;    (off): blnon and the cell
; Interrupts are masked throughout: nothing scans the keyboard, mouse or joysticks.
.include "prg.inc"
.include "api.inc"
.include "kdiff.inc"

NCASE = 480
OUT   = $4000
NOPS  = 21
extapi = $FEAB
blnsw  = $037B
blnct  = $037C
blnon  = $037E
mpos   = $4C                    ; 4 bytes: mouse_get's and mouse_set_position's x, y

        sei
        lda #$D3
        ldx #$1B
        jsr kd_begin
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
        lda #19                 ; the keyboard buffer empty, the screen and mouse as at
        jsr extapi              ; boot
        lda #0
        ldx #0
        ldy #0
        jsr mouse_config
        clc
        lda #0
        jsr screen_mode
        cli
        DONE

dispatch:
        jmp (optab,x)
optab:  .word op_put, op_peek, op_getin, op_get, op_clear, op_mods, op_msoff, op_joykeys
        .word op_isocur, op_typem, op_scnsiz, op_palette, op_prop, op_blink, op_leds
        .word op_mcfg, op_mpos, op_joy, op_raw, op_pfkey, op_blinkc

peek:   jsr kbdbuf_peek
        SAVE
        lda sX                  ; A only when the buffer holds something: the official
        beq :+                  ; KERNAL leaves the buffer's stale first byte in A when it
        lda sA                  ; is empty, which no document defines
:       jsr put
        lda sX
        jsr put
        lda #$02
        jmp putp

op_put: jsr rnd
        and #7
        bne :+
        lda #3                  ; STOP
        bra @put
:       jsr rnd
        and #$3F
        ora #$30                ; $30-$6F: digits, signs, letters
@put:   jsr put
        jsr kbdbuf_put
        bra peek

op_peek:
        bra peek

op_getin:
        jsr GETIN
        jmp put

op_get: lda #18
        jsr extapi
        SAVE
        jsr put
        lda #$02
        jmp putp

op_clear:
        lda #19
        jsr extapi
        jsr kbdbuf_peek
        txa
        jmp put

op_mods:
        jsr kbdbuf_get_modifiers
        jmp put

; r4put: r0-r1 drawn and recorded
r01rnd: ldx #0
:       jsr rnd
        sta r0,x
        jsr put
        inx
        cpx #4
        bne :-
        rts
r01put: ldx #0
:       lda r0,x
        jsr put
        inx
        cpx #4
        bne :-
        rts

op_msoff:
        jsr r01rnd
        lda #3
        clc
        jsr extapi
        ldx #3
:       stz r0,x
        dex
        bpl :-
        lda #3
        sec
        jsr extapi
        bra r01put

op_joykeys:
        lda #4
        sec
        jsr extapi
        ldx #0
:       lda r0,x
        jsr put
        inx
        cpx #14
        bne :-
        ldx #13
:       jsr rnd
        sta r0,x
        dex
        bpl :-
        lda #4
        clc
        jmp extapi

op_isocur:
        jsr rnd
        jsr put
        tax
        lda #5
        clc
        jsr extapi
        ldx #0
        lda #5
        sec
        jsr extapi
        txa
        jmp put

op_typem:
        jsr rnd
        and #$7F
        jsr put
        tax
        lda #6
        jmp extapi

op_scnsiz:
        lda #101
        jsr rndn
        jsr put
        tax
        lda #71
        jsr rndn
        jsr put
        tay
        lda #13
        jsr extapi
        SAVE
        lda #$01
        jsr putp
        jsr SCREEN
        txa
        jsr put
        tya
        jmp put

op_palette:
        stz VERA_CTRL           ; the palette drawn at random
        lda #$11
        sta VERA_ADDR_H
        lda #$FA
        sta VERA_ADDR_M
        stz VERA_ADDR_L
        ldx #2
        ldy #0
:       jsr rnd
        sta VERA_DATA0
        iny
        bne :-
        dex
        bne :-
        lda #16
        jsr extapi
        stz VERA_CTRL
        lda #$11
        sta VERA_ADDR_H
        lda #$FA
        sta VERA_ADDR_M
        stz VERA_ADDR_L
        stz s1
        stz s1+1
        stz s2
        stz s2+1
        ldx #2
        ldy #0
:       lda VERA_DATA0
        clc
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
        iny
        bne :--
        dex
        bne :--
        ldx #0
:       lda s1,x
        jsr put
        inx
        cpx #4
        bne :-
        rts
s1:     .word 0
s2:     .word 0

op_prop:
        jsr rnd
        bmi :+
        and #$0F
:       cmp #4                  ; not 4 (BANKMIRROR): the official KERNAL's boot probe
        beq op_prop             ; compares with the bank it has just cleared and reports a
        jsr put                 ; mirror on any machine; the built-in answers the RAM's
        tax
        lda #17
        jsr extapi
        SAVE
        lda #$01
        jmp putp

op_blink:
        jsr rnd
        bmi :+
        and #1
:       jsr put
        tax
        lda #20
        jsr extapi
        lda blnsw
        jmp put

op_leds:
        jsr rnd
        jsr put
        tax
        lda #14
        clc
        jsr extapi
        ldx #0
        lda #14
        sec
        jsr extapi
        txa
        jmp put

mget:   ldx #mpos               ; mouse_get: A, then x and y
        jsr mouse_get
        jsr put
        ldx #0
:       lda mpos,x
        jsr put
        inx
        cpx #4
        bne :-
        rts

op_mcfg:
        jsr rnd
        and #3
        beq @a
        cmp #3
        beq @ff
        lda #1
        bra @a
@ff:    lda #$FF
@a:     jsr put
        pha
        lda #81
        jsr rndn
        jsr put
        tax
        lda #61
        jsr rndn
        jsr put
        tay
        pla
        jsr mouse_config
        bra mget

op_mpos:
        jsr rnd
        sta mpos
        jsr put
        jsr rnd
        and #3
        sta mpos+1
        jsr put
        jsr rnd
        sta mpos+2
        jsr put
        jsr rnd
        and #1
        sta mpos+3
        jsr put
        ldx #mpos
        lda #12
        jsr extapi
        bra mget

op_joy: jsr joystick_scan
        lda #5
        jsr rndn
        jsr put
        jsr joystick_get
        SAVE
        jmp putaxy

op_raw: lda #9
        jsr extapi
        SAVE
        jsr put
        lda sX
        jsr put
        lda #$02
        jmp putp

op_pfkey:
        lda #<pftext
        sta r0
        lda #>pftext
        sta r0+1
        lda #11
        jsr rndn
        jsr put
        tax
        lda #13
        jsr rndn
        jsr put
        tay
        lda #7
        jsr extapi
        SAVE
        lda #$01
        jmp putp
op_blinkc:
        jsr SCREEN
        txa
        jsr rndn
        sta tmp
        jsr put
        tya
        jsr rndn
        sta tmp+1
        jsr put
        tax
        ldy tmp
        clc
        jsr PLOT
        lda #40
        jsr rndn
        inc a
        jsr put
        sta tmp+2
        ldx #0
        lda #20                 ; blink_enable(0): blinking
        jsr extapi
        lda #1
        sta blnct
:       lda #10
        jsr extapi
        dec tmp+2
        bne :-
        jsr cell
        ldx #1
        lda #20                 ; blink_enable(1): off, the cell given back
        jsr extapi
cell:   lda blnon
        jsr put
        stz VERA_CTRL           ; the cell at row tmp+1, column tmp (a map 128 wide)
        lda tmp
        asl
        sta VERA_ADDR_L
        lda tmp+1
        clc
        adc #$B0
        sta VERA_ADDR_M
        lda #$11
        sta VERA_ADDR_H
        lda VERA_DATA0
        jsr put
        lda VERA_DATA0
        jmp put

pftext: .byte "LIST", 13, "RUN", 13, "ABCDE"

; rndn: A = a random number 0 to A-1 (A > 0)
rndn:   sta tmp+5
        jsr rnd
:       cmp tmp+5
        bcc :+
        sbc tmp+5
        bra :-
:       rts

.include "rnd.inc"
