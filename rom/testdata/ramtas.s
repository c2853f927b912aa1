; RAMTAS clears zero page and the KERNAL's RAM; RESTOR then puts the vectors back. Results:
; $0400 zero page $70 before (a marker) and after, $0402/$0403 CINV before, $0404/$0405
; after RESTOR, $0408 MEMTOP's P/A/X/Y (the bank count stays, the top is $9F00).
.include "prg.inc"
.include "api.inc"

RAMTAS = $FF87
RESTOR = $FF8A
MEMTOP = $FF99

        sei
        lda #$55
        sta $70
        lda $70
        sta $0400
        lda $0314
        sta $0402
        lda $0315
        sta $0403
        jsr RAMTAS
        lda $70
        sta $0401               ; 0
        jsr RESTOR
        lda $0314
        sta $0404
        lda $0315
        sta $0405
        sec
        jsr MEMTOP
        RESULT $0408            ; A = banks, X = $00, Y = $9F
        cli
        DONE
