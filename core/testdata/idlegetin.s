; idlegetin.s: waits for keys in `jsr GETIN / beq -` with the KERNAL's own ROM bank
; selected, so the official KERNAL's GETIN runs straight from its jump table (not through
; BASIC's jsrfar; text40.s covers that way). Each key it gets is stored at keys+n, and
; count is n. Idle fast-forward must skip the wait and change nothing
; (core/idle_official_test.go).
.include "prg.inc"

GETIN = $FFE4
count = $0400
keys  = $0410

start:  stz count
        stz $01                 ; ROM bank 0: the KERNAL
wait:   jsr GETIN
        beq wait
        ldx count
        sta keys,x
        inc count
        bra wait
