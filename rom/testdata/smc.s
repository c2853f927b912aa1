; Requests to the SMC (I2C $42, X16-HARDWARE.md 5.3): register 3 = NMI button (counted by
; a handler hooked on NMINV, $0400), then register 2 = reset button, or register 1 value 0
; = power off when the Go test put 1 in $0410. Neither returns: $0402 = 1 says it did.
.include "prg.inc"
.include "api.inc"
NMINV = $0318

        lda NMINV
        sta old
        lda NMINV+1
        sta old+1
        lda #<nmi
        sta NMINV
        lda #>nmi
        sta NMINV+1
        stz $0400
        lda #0
        ldx #$42
        ldy #3
        jsr i2c_write_byte      ; NMI
        lda $0400
        sta $0401               ; 1
        lda old
        sta NMINV
        lda old+1
        sta NMINV+1
        lda #0
        ldx #$42
        ldy #2                  ; reset
        lda $0410
        beq :+
        ldy #1                  ; power off
        lda #0
:       jsr i2c_write_byte
        lda #1
        sta $0402               ; not reached
        DONE

nmi:    inc $0400
        jmp (old)

old:    .word 0
