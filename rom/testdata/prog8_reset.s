; The exit of a Prog8 program compiled with "%zeropage full" (or kernalsafe): the startup
; pushed sys.reset_system as main's return address, cleanup_at_exit maps ROM bank 4 and
; returns into it, and reset_system asks the SMC for a reset (I2C $42 register 2) in a
; loop, through bank 4's jump table. The machine must come back to the READY prompt.
.include "prg.inc"
.include "api.inc"

        lda #147
        jsr CHROUT
        lda #'P'
        jsr CHROUT
        lda #>(reset_system-1)  ; the address "main" returns to
        pha
        lda #<(reset_system-1)
        pha
        lda #1
        sta ram_bank
        lda #4
        sta rom_bank            ; cleanup_at_exit
        jsr CLRCHN
        lda #9
        jsr CHROUT
        rts

reset_system:
        sei
:       ldx #$42
        ldy #2
        lda #0
        jsr i2c_write_byte
        bra :-
