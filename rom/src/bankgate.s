; x16scope built-in KERNAL: the KERNAL jump table in ROM banks 4 and 10 (X16 Reference,
; "KERNAL"), and bank 4's math-library entries (audio.s has bank 10's audio API).
;
; Programs call the KERNAL with other ROM banks mapped: Prog8's exit maps bank 4 (BASIC in
; the official ROM) and then calls CLRCHN and CHROUT; Prog8 programs with floats run with
; bank 4 mapped throughout; Prog8's init_system maps bank 10 and JSRs audio_init ($C09F)
; there. The official banks 4 and 10 carry the KERNAL's jump table at the same addresses,
; each slot a far call into bank 0. Here every slot of banks 4 and 10 is "JSR gate": gate
; takes the slot's address from its return address and calls the same slot in bank 0 through
; the JSRFAR frame (farcall.inc) and RAM helper (kernal.s), which map bank 0, call, and map
; the caller's bank again with the callee's A/X/Y/P. $FF6E (JSRFAR) reads its inline target
; like bank 0's.
.include "kernal.inc"
.include "farcall.inc"

; gate builds the far-call frame (farcall.inc) for the same slot in bank 0: the slot's
; JSR left its return address (slot + 2) where the frame keeps the caller's banks, under
; five more bytes of room and the caller's registers.
.macro GATE_CODE
gate:   pha                     ; room: flag, jf_back-1 (2), target (2)
        pha
        pha
        pha
        pha
        FAR_REGS
        tsx
        sec
        lda $10B,x              ; the slot's return address - 2: the slot
        sbc #2
        sta $106,x
        lda $10C,x
        sbc #0
        sta $107,x
        stz $101,x              ; in the KERNAL bank
        FAR_FILL

; JSRFAR ($FF6E, entered by JMP): the address and bank follow the caller's JSR
jsrfar: FAR_INLINE
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

; Bank 4's math library jump table ($FE00) and code are in math.s.
