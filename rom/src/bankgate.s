; x16scope built-in KERNAL: the KERNAL jump table in ROM banks 4 and 10 (X16 Reference,
; "KERNAL"), and bank 4's math-library entries (audio.s has bank 10's audio API).
;
; Programs call the KERNAL with other ROM banks mapped: Prog8's exit maps bank 4 (BASIC in
; the official ROM) and then calls CLRCHN and CHROUT; Prog8 programs with floats run with
; bank 4 mapped throughout; Prog8's init_system maps bank 10 and JSRs audio_init ($C09F)
; there. The official banks 4 and 10 carry the KERNAL's jump table at the same addresses,
; each slot a far call into bank 0. Here every slot of banks 4 and 10 is "JSR gate": gate
; takes the slot's address from its return address and calls the same slot in bank 0 through
; the JSRFAR RAM helper (kernal.s), which maps bank 0, calls, and maps the caller's bank again
; with the callee's A/X/Y/P. $FF6E (JSRFAR) reads its inline target like bank 0's.
.include "kernal.inc"

.import jf_addr

; the frame jsrfar_done unwinds, then the RAM helper: jf_a/x/y/p are the caller's
; registers, jf_addr/jf_bank/jf_isrom the target
.macro GATE_CODE
gate:   php                     ; stack: the slot's return address (slot + 2), the caller's
        sta jf_a
        pla
        sta jf_p
        stx jf_x
        sty jf_y
        pla
        sec
        sbc #2
        sta jf_addr
        pla
        sbc #0
        sta jf_addr+1
        stz jf_bank             ; the same slot in the KERNAL bank
        lda #$80
        sta jf_isrom
call:   lda jf_isrom
        pha
        lda rom_bank            ; this bank: mapped again after the call
        pha
        lda ram_bank
        pha
        lda jf_bank
        bit jf_isrom
        bmi :+
        sta ram_bank            ; a RAM-bank target is mapped here, a ROM one by the helper
:       jmp jsrfar_ram

; JSRFAR ($FF6E, entered by JMP): the address and bank follow the caller's JSR
jsrfar: php
        sta jf_a
        stx jf_x
        sty jf_y
        pla
        sta jf_p
        tsx
        lda $0101,x
        sta jfptr
        lda $0102,x
        sta jfptr+1
        ldy #1
        lda (jfptr),y
        sta jf_addr
        iny
        lda (jfptr),y
        sta jf_addr+1
        iny
        lda (jfptr),y
        sta jf_bank
        lda jf_addr+1
        cmp #$C0
        lda #0
        bcc :+
        lda #$80
:       sta jf_isrom
        clc                     ; return past the three inline bytes
        lda $0101,x
        adc #3
        sta $0101,x
        bcc call
        inc $0102,x
        bra call
.endmacro

; $FEA8-$FFF5: a slot per KERNAL entry, the version byte at $FF80
.macro GATE_TABLE
.repeat ($FF80-$FEA8)/3, i
  .if $FEA8+i*3 = $FF6E
        jmp jsrfar
  .else
        jsr gate
  .endif
.endrepeat
        .byte $FF               ; $FF80 KERNAL version: custom ROM
.repeat ($FFF6-$FF81)/3
        jsr gate
.endrepeat
.endmacro

.scope bank4
.segment "GATE4"
        GATE_CODE
.segment "GATE4JT"
        GATE_TABLE
.endscope

.scope bank10
.segment "GATE10"
        GATE_CODE
.segment "GATE10JT"
        GATE_TABLE
.endscope

; ---- bank 4: the BASIC math library's jump table ($FE00-$FE92, X16 Reference "Math
; Library"; Prog8's floats call it with bank 4 mapped). This ROM has no floating point:
; every entry stops the CPU (STP at 04:FExx names the call) rather than run on.
.segment "MATH4"
.repeat ($FE93-$FE00)/3
        stp
        nop
        nop
.endrepeat
