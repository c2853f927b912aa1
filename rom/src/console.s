; x16scope built-in KERNAL: the console (X16 KERNAL chapter "Console"): text in the current
; font and style on the graphics screen, with word wrap, scrolling, paging and line input.
; The code is in ROM bank 8; its state and line buffers are in RAM bank 0 at con_ram (the
; official KERNAL keeps its own there too), mapped while a console call runs. Key input
; comes from the keyboard buffer through a bank-0 helper called over the JSRFAR machinery.
.include "kernal.inc"
.include "farcall.inc"

.import jsrfar, kbd_getc
.import g_ensure, g_set_window, g_draw_rect, g_move_rect, g_draw_image, pop_r0r1
.import gf_put_char, gf_get_char_size
.export console_init_k, console_put_char_k, console_get_char_k, console_put_image_k
.export console_set_paging_message_k

BUFSIZE = 80
LF      = $0A
CR      = $0D
CHROUT  = $FFD2

outbuf  = con_ram               ; characters waiting for the end of their word
inbuf   = con_ram+BUFSIZE       ; the line typed, ended by CR ($00 in byte 0: none)
outidx  = con_ram+2*BUFSIZE+1
inidx   = outidx+1
px      = outidx+2              ; 2 bytes: cursor x
py      = outidx+4              ; 2 bytes: cursor y (baseline)
ovh     = outidx+6              ; 2 bytes: height of an image on this line (0 = none)
hcnt    = outidx+8              ; 2 bytes: height printed since the last page stop
pmsg    = outidx+10             ; 2 bytes: paging message (0 = no paging)
wrapc   = outidx+12             ; the C of the console_put_char call being served
.assert wrapc < con_ram+$100, error, "console state overflows its page"

.segment "CODE"
console_init_k:         FAR gc_init
console_put_char_k:     FAR gc_put_char
console_get_char_k:     FAR gc_get_char
console_put_image_k:    FAR gc_put_image
console_set_paging_message_k: FAR gc_set_paging

; the bank-0 helper the console calls from bank 8: A = the next key from the keyboard buffer
kbd_wait0:
:       jsr kbd_getc
        beq :-
        rts

.segment "GRAPH"

; Entries: RAM bank 0 mapped for the state (the caller's bank back on the way out).
.macro BANK0_IN
        jsr g_ensure
        pha
        lda ram_bank
        sta g_tmp+13
        stz ram_bank
        pla
.endmacro
.macro BANK0_OUT
        pha
        lda g_tmp+13
        sta ram_bank
        pla
.endmacro

; console_init: r0-r3 = window (all 0: the full screen); clears it, cursor top left
gc_init:
        BANK0_IN
        jsr g_set_window
        lda #$0F                ; CHROUT in ISO mode, as the official console_init
        jsr far0
        .word CHROUT
        .byte 0
        stz outidx
        stz inbuf
        stz inidx
        stz ovh
        stz ovh+1
        stz hcnt
        stz hcnt+1
        stz pmsg
        stz pmsg+1
        stz px
        stz px+1
        stz py
        stz py+1
        lda r0L
        pha
        lda r0H
        pha
        lda #$93                ; clear, home
        clc
        jsr con_put
        lda #$92                ; plain text
        clc
        jsr con_put
        pla
        sta r0H
        pla
        sta r0L
        BANK0_OUT
        rts

; console_set_paging_message: r0 = zero-terminated message (0: no paging)
gc_set_paging:
        BANK0_IN
        lda r0L
        sta pmsg
        lda r0H
        sta pmsg+1
        stz hcnt
        stz hcnt+1
        BANK0_OUT
        rts

; console_put_char: A = char; C=0 wraps at characters, C=1 at words (buffered until a
; SPACE, CR or LF)
gc_put_char:
        BANK0_IN
        jsr con_put
        BANK0_OUT
        clc
        rts

con_put:
        php
        cmp #CR                 ; CR: attributes off, then a new line
        bne :+
        plp
        php
        lda #$92
        jsr con_put
        lda #LF
:       ldx outidx
        sta outbuf,x
        inc outidx
        plp
        bcc con_flush
        cmp #' '
        beq con_flush
        cmp #LF
        beq con_flush
        lda outidx
        cmp #BUFSIZE
        bcs con_flush           ; a word longer than the buffer goes out as it is
        rts

; con_flush: the buffered word, on a new line if it does not fit on this one
con_flush:
        lda r0L
        pha
        lda r0H
        pha
        lda r1L
        pha
        lda r1H
        pha
        lda px                  ; r0 = x after the word (spaces and codes not counted)
        sta r0L
        lda px+1
        sta r0H
        ldy #0
@w:     cpy outidx
        beq @fit
        lda outbuf,y
        cmp #' '
        beq @nw
        phy
        ldx f_mode
        jsr gf_get_char_size
        ply
        bcs @nw
        txa
        clc
        adc r0L
        sta r0L
        bcc @nw
        inc r0H
@nw:    iny
        bra @w
@fit:   clc                     ; x after >= right + 1: a new line first
        lda g_right
        adc #1
        sta r1L
        lda g_right+1
        adc #0
        sta r1H
        lda r0L
        cmp r1L
        lda r0H
        sbc r1H
        php
        jsr pos_in
        plp
        bcc :+
        jsr new_line
:       ldy #0
@out:   cpy outidx
        beq @done
        lda outbuf,y
        phy
        jsr con_char
        ply
        iny
        bra @out
@done:  stz outidx
        jsr pos_out
        jmp pop_r0r1

pos_in: lda px
        sta r0L
        lda px+1
        sta r0H
        lda py
        sta r1L
        lda py+1
        sta r1H
        rts
pos_out:
        lda r0L
        sta px
        lda r0H
        sta px+1
        lda r1L
        sta py
        lda r1H
        sta py+1
        rts

; con_char: one character at (r0, r1); one that does not fit goes on a new line
con_char:
        cmp #LF
        beq new_line
        pha
        jsr gf_put_char
        bcs :+
        pla
        rts
:       jsr new_line
        pla
        jmp gf_put_char

; new_line: r0/r1 to the start of the next line (the font height + 1 down, or an image's
; height), paging and scrolling as needed
new_line:
        jsr font_h1             ; A = font height + 1
        cmp ovh
        lda #0
        sbc ovh+1
        bcc :+                  ; an image is higher
        jsr font_h1
        sta ovh
        stz ovh+1
:       lda g_left
        sta r0L
        lda g_left+1
        sta r0H
        clc
        lda r1L
        adc ovh
        sta r1L
        lda r1H
        adc ovh+1
        sta r1H
        clc
        lda hcnt
        adc ovh
        sta hcnt
        lda hcnt+1
        adc ovh+1
        sta hcnt+1
        stz ovh
        stz ovh+1
        ; paging when hcnt >= window height - 4 * (font height + 1)
        jsr font_h1
        stz r13H
        asl a
        rol r13H
        asl a
        rol r13H
        sta r13L
        sec
        lda g_bottom
        sbc g_top
        tax
        lda g_bottom+1
        sbc g_top+1
        tay
        sec                     ; r13 = the page height
        txa
        sbc r13L
        sta r13L
        tya
        sbc r13H
        sta r13H
        lda hcnt
        cmp r13L
        lda hcnt+1
        sbc r13H
        bcc @scroll
        stz hcnt
        stz hcnt+1
        jsr paging
@scroll:
        jsr font_h1
        sta r14L
        stz r14H
; scroll_room: scroll the window up if the baseline r1 is within r14 of the bottom
scroll_room:
        sec
        lda g_bottom
        sbc r14L
        sta r15L
        lda g_bottom+1
        sbc r14H
        sta r15H
        lda r1L
        cmp r15L
        lda r1H
        sbc r15H
        bcs :+
        rts
:       ldx #11                 ; r0-r5 kept
:       lda r0,x
        pha
        dex
        bpl :-
        clc                     ; the amount: r14 + 2
        lda r14L
        adc #2
        sta r15L
        lda r14H
        adc #0
        sta r15H
        lda g_left              ; move (left, top + amount) to (left, top)
        sta r0L
        sta r2L
        lda g_left+1
        sta r0H
        sta r2H
        clc
        lda g_top
        sta r3L
        adc r15L
        sta r1L
        lda g_top+1
        sta r3H
        adc r15H
        sta r1H
        sec                     ; width = right - left + 1
        lda g_right
        sbc g_left
        sta r4L
        lda g_right+1
        sbc g_left+1
        sta r4H
        inc r4L
        bne :+
        inc r4H
:       sec                     ; height = bottom - top - amount + 1
        lda g_bottom
        sbc g_top
        sta r5L
        lda g_bottom+1
        sbc g_top+1
        sta r5H
        sec
        lda r5L
        sbc r15L
        sta r5L
        lda r5H
        sbc r15H
        sta r5H
        inc r5L
        bne :+
        inc r5H
:       jsr g_move_rect
        sec                     ; clear the amount at the bottom: (left, bottom - amount + 1)
        lda g_bottom
        sbc r15L
        sta r1L
        lda g_bottom+1
        sbc r15H
        sta r1H
        inc r1L
        bne :+
        inc r1H
:       lda r4L
        sta r2L
        lda r4H
        sta r2H
        lda r15L
        sta r3L
        lda r15H
        sta r3H
        jsr bg_rect
        ldx #0
:       pla
        sta r0,x
        inx
        cpx #12
        bne :-
        sec                     ; the cursor moves up with the text
        lda r1L
        sbc r15L
        sta r1L
        lda r1H
        sbc r15H
        sta r1H
        rts

; bg_rect: rectangle r0-r3 filled in the background colour
bg_rect:
        lda g_col1
        pha
        lda g_col2
        pha
        lda g_colbg
        sta g_col1
        sta g_col2
        sec
        jsr g_draw_rect
        pla
        sta g_col2
        pla
        sta g_col1
        rts

; font_h1: A = the current font's height + 1 (its style taken into account)
font_h1:
        phx
        phy
        lda #' '
        ldx #0
        jsr gf_get_char_size
        iny
        tya
        ply
        plx
        rts

; paging: show the message, wait for a key, erase the message
paging:
        lda pmsg
        ora pmsg+1
        bne :+
        rts
:       lda f_mode
        pha
        stz f_mode
        lda pmsg
        sta r15L
        lda pmsg+1
        sta r15H
        ldy #0
@msg:   lda g_tmp+13            ; the message is in the caller's memory
        sta ram_bank
        lda (r15),y
        stz ram_bank
        cmp #0
        beq @shown
        phy
        ldx r15L
        phx
        ldx r15H
        phx
        jsr con_char
        plx
        stx r15H
        plx
        stx r15L
        ply
        iny
        bne @msg
@shown: pla
        sta f_mode
        jsr wait_key
        lda r0L                 ; erase: (left, y - baseline), (x - left) x (height + 1)
        pha
        lda r1L
        pha
        lda r1H
        pha
        sec
        lda r0L
        sbc g_left
        sta r2L
        lda r0H
        sbc g_left+1
        sta r2H
        lda g_left
        sta r0L
        lda g_left+1
        sta r0H
        sec
        lda r1L
        sbc f_base
        sta r1L
        bcs :+
        dec r1H
:       jsr font_h1
        sta r3L
        stz r3H
        lda r2L
        ora r2H
        beq :+
        jsr bg_rect
:       pla
        sta r1H
        pla
        sta r1L
        pla
        lda g_left
        sta r0L
        lda g_left+1
        sta r0H
        rts

; wait_key: A = a key, from bank 0's keyboard buffer
wait_key:
        jsr far0
        .word kbd_wait0
        .byte 0
        rts

; far0: JSRFAR from this bank (the $FF6E convention: .word address / .byte bank after the
; JSR); bank 0's JSRFAR code is not mapped here
far0:   FAR_INLINE

; console_put_image: r0 = image, r1 = width, r2 = height (GRAPH_draw_image format), drawn
; at the cursor like a character standing on the baseline
gc_put_image:
        BANK0_IN
        clc                     ; past the right edge: a new line first
        lda px
        adc r1L
        sta r15L
        lda px+1
        adc r1H
        sta r15H
        lda r15L
        bne :+
        dec r15H
:       dec r15L
        lda g_right
        cmp r15L
        lda g_right+1
        sbc r15H
        bcs @fits
        lda #LF
        clc
        jsr con_put
@fits:  lda #0                  ; flush the buffered word
        clc
        jsr con_put
        lda r2L
        sta r14L
        lda r2H
        sta r14H
        lda r0L
        pha
        lda r0H
        pha
        lda r1L
        pha
        lda r1H
        pha
        lda px
        sta r0L
        lda px+1
        sta r0H
        lda py
        sta r1L
        lda py+1
        sta r1H
        jsr scroll_room
        lda r1L
        sta py
        lda r1H
        sta py+1
        pla
        sta r3H                 ; width
        pla
        sta r3L
        pla
        sta r2H                 ; image
        pla
        sta r2L
        lda r14L                ; height: the next new line goes below the image
        sta r4L
        sta ovh
        lda r14H
        sta r4H
        sta ovh+1
        lda px
        sta r0L
        lda px+1
        sta r0H
        sec                     ; top = baseline - font baseline
        lda py
        sbc f_base
        sta r1L
        lda py+1
        sbc #0
        sta r1H
        lda g_tmp+13            ; the image is in the caller's memory
        sta ram_bank
        jsr g_draw_image
        stz ram_bank
        clc
        lda px
        adc r3L
        sta px
        lda px+1
        adc r3H
        sta px+1
        BANK0_OUT
        rts

; console_get_char: A = the next character of the line typed (read a line first if none
; is waiting; BACKSPACE/DEL edit it, RETURN ends it and comes back as CR)
gc_get_char:
        BANK0_IN
        lda inbuf
        beq :+
        jmp @give
:       lda #$92
        clc
        jsr con_put
        bra @key
@endj:  jmp @end
@backj: jmp @back
@key:   jsr wait_key
        cmp #$08
        beq @backj
        cmp #$14
        beq @backj
        cmp #LF
        beq @endj
        cmp #CR
        beq @endj
        cmp #$20
        bcc @key
        cmp #$80
        bcc :+
        cmp #$A0
        bcc @key
:       ldx inidx
        cpx #BUFSIZE
        bcs @key
        pha
        jsr pos_in
        pla
        pha
        jsr gf_put_char
        pla
        bcs @key                ; did not fit: not taken
        ldx inidx
        sta inbuf,x
        inc inidx
        jsr pos_out
        bra @key
@back:  ldx inidx
        beq @key
        dex
        stx inidx
        jsr pos_in
        lda inbuf,x             ; back by its width, and draw it again in the background
        pha
        ldx #0
        jsr gf_get_char_size
        stx r13L
        sec
        lda r0L
        sbc r13L
        sta r0L
        lda r0H
        sbc #0
        sta r0H
        lda r0L
        pha
        lda r0H
        pha
        lda g_col1
        sta r12L
        lda g_colbg
        sta g_col1
        lda r12L
        pha
        tsx
        lda $0104,x             ; the character
        jsr gf_put_char
        pla
        sta g_col1
        pla
        sta r0H
        pla
        sta r0L
        pla
        jsr pos_out
        jmp @key

@end:   ldx inidx
        lda #CR
        sta inbuf,x
        stz inidx
        clc
        jsr con_put
@give:  ldx inidx
        lda inbuf,x
        cmp #CR
        bne :+
        stz inidx
        stz inbuf
        bra @ret
:       inc inidx
@ret:   BANK0_OUT
        clc
        rts
