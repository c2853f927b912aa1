; x16scope built-in KERNAL: the custom BASIN key handler (X16 Reference, Editor: "Custom
; BASIN PETSCII code override handler"; Prog8's cx16.set_chrin_keyhandler sets it).
; RAM bank 0 $AC03/$AC04 = the handler's address, $AC05 its RAM or ROM bank. CHRIN's line
; input calls it for every key with C=1 and A = the PETSCII code; C=1 back means "no
; override". With C=0 back it is called again, C=0 and the same code, and returns in A the
; code to process (0: none). The vector is set before each CHRIN line and cleared when the
; line ends.
.include "kernal.inc"

.import jf_addr
.export edkey_filter, edkey_reset

edkeyvec = $AC03
edkeybk  = $AC05

.segment "CODE"

; edkey_filter: A = the key -> A = the key to process, Z set if none. X and Y kept.
edkey_filter:
        phx
        phy
        pha
        jsr @vector
        beq @plain              ; no handler set
        pla
        pha
        sec
        jsr @call               ; "do you override this one?"
        bcs @plain
        jsr @vector
        pla
        clc
        jsr @call               ; "then give the code to use"
        bra @out
@plain: pla
@out:   ply
        plx
        and #$FF
        rts

; the handler's address and bank from RAM bank 0 into the JSRFAR helper's variables; Z set
; if there is none (a page-zero address)
@vector:
        ldx ram_bank
        stz ram_bank
        lda edkeyvec
        sta jf_addr
        lda edkeybk
        sta jf_bank
        lda edkeyvec+1
        sta jf_addr+1
        stx ram_bank
        tax
        beq :+
        cmp #$C0
        lda #0
        bcc :+
        lda #$80
:       sta jf_isrom
        txa
        rts

; call the handler with A and C through the JSRFAR RAM helper, which comes back here (RTS
; from its tail) with the handler's A and P
@call:  sta jf_a
        php
        pla
        sta jf_p
        lda jf_isrom
        pha
        lda rom_bank
        pha
        lda ram_bank
        pha
        lda jf_bank
        bit jf_isrom
        bmi :+
        sta ram_bank            ; a RAM-bank handler's bank is mapped here
:       jmp jsrfar_ram

; edkey_reset: the line has ended; the next CHRIN line has no handler until one is set
edkey_reset:
        ldx ram_bank
        stz ram_bank
        stz edkeyvec
        stz edkeyvec+1
        stz edkeybk
        stx ram_bank
        rts
