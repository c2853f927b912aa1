; cdroot.s: a program of a collection that reaches the rest of the collection by absolute
; paths, as the starter kit's programs do. Started in its own folder, it loads LOCAL.BIN
; from there (the current directory), changes to /OTHER with OPEN 15,8,15,"CD:/OTHER" and
; loads DATA.BIN from there; each LOAD ",8,1" goes to the file's own address ($7000 and
; $7001 in the test's files). A failed LOAD leaves $EE at $7010 or $7011; the end leaves $A5
; at $04FF and returns with $7000 in X and $7001 in Y. session/collection_test.go,
; cmd/x16scope/collection_test.go.
.include "prg.inc"

SETLFS  = $FFBA
SETNAM  = $FFBD
OPEN    = $FFC0
CLOSE   = $FFC3
LOAD    = $FFD5

start:
        ldx #<local
        ldy #>local
        lda #local_end-local
        jsr load_named
        bcc :+
        lda #$EE
        sta $7010
:       lda #15                 ; OPEN 15,8,15,"CD:/OTHER"
        ldx #8
        ldy #15
        jsr SETLFS
        lda #cd_end-cd
        ldx #<cd
        ldy #>cd
        jsr SETNAM
        jsr OPEN
        lda #15
        jsr CLOSE
        ldx #<data
        ldy #>data
        lda #data_end-data
        jsr load_named
        bcc :+
        lda #$EE
        sta $7011
:       ldx $7000               ; returned in X and Y for the command line's report
        ldy $7001
        lda #$A5
        sta $04FF
        rts

; load_named: LOAD the file named by A (length) and X/Y (address) from device 8 to the
; address in its header (secondary address 1).
load_named:
        jsr SETNAM
        lda #1
        ldx #8
        ldy #1
        jsr SETLFS
        lda #0                  ; load, not verify
        jmp LOAD

local:  .byte "LOCAL.BIN"
local_end:
cd:     .byte "CD:/OTHER"
cd_end:
data:   .byte "DATA.BIN"
data_end:
