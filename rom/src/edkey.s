; x16scope built-in KERNAL: the custom BASIN key handler (X16 Reference, Editor: "Custom
; BASIN PETSCII code override handler"; Prog8's cx16.set_chrin_keyhandler sets it).
; RAM bank 0 $AC03/$AC04 = the handler's address, $AC05 its RAM or ROM bank. CHRIN's line
; input calls it for every key with C=1 and A = the PETSCII code; C=1 back means "no
; override". With C=0 back it is called again, C=0 and the same code, and returns in A the
; code to process (0: none). The vector is set before each CHRIN line and cleared when the
; line's final $0D is returned (keyboard.s chrin_eol), as the official editor does.
.include "kernal.inc"
.include "farcall.inc"

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

; the handler's address and bank from RAM bank 0 into edk_desc; Z set if there is none (a
; page-zero address)
@vector:
        ldx ram_bank
        stz ram_bank
        lda edkeyvec
        sta edk_desc
        lda edkeybk
        sta edk_desc+2
        lda edkeyvec+1
        sta edk_desc+1
        stx ram_bank
        tax
        rts

; call the handler with A and C as a far call (farcall.inc), which comes back here (the
; RTS of jf_switch) with the handler's A and P
@call:  FAR_PUSH
        tsx
        lda edk_desc
        sta $106,x
        lda edk_desc+1
        sta $107,x
        lda edk_desc+2
        sta $101,x
        FAR_FILL

; edkey_reset: the line has ended; the next CHRIN line has no handler until one is set
edkey_reset:
        ldx ram_bank
        stz ram_bank
        stz edkeyvec
        stz edkeyvec+1
        stz edkeybk
        stx ram_bank
        rts
