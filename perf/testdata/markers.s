; markers.s: marker regions measured twice, by the profiler and by the program itself with
; the emulator's cycle counter ($9FB8: write resets, read latches). Each measured block is
;
;       stz EMU_COUNTER0        ; reset: the counter counts from the cycle after the write,
;                               ; so it includes this store's 3 wait cycles
;       lda #id / sta EMU_MARKER        (2 + 7: the region starts with this store)
;       ...body...
;       stz EMU_MARKER / lda #$8x / sta EMU_MARKER   (leave: charged after the region)
;       lda EMU_COUNTER0        ; latches on its 4th cycle
;
; so counter = 3 + 2 + region + leave + 3, with the region's cycles everything from the
; entering store to the last body instruction. The test derives each region from the
; counter with that arithmetic and compares it with the profiler's bucket.
.include "prg.inc"

result1 = $30                   ; 4 bytes: counter after block 1
result2 = $34                   ; 4 bytes: counter after block 2
table   = $1FE0                 ; table,X crosses into $2000 for X >= 32

start:
        ; Block 1: region 1, a loop whose reads cross a page (variable cycles).
        stz EMU_COUNTER0
        lda #1
        sta EMU_MARKER
        ldx #50
loop1:  lda table,x             ; 4 or 5 cycles (page crossing)
        clc
        adc #3
        sta $40,x
        dex
        bne loop1
        stz EMU_MARKER          ; leave: 7 cycles, not region 1's
        lda EMU_COUNTER0        ; counter = 3 + 2 + region1 + 7 + 3
        sta result1
        lda EMU_COUNTER1
        sta result1+1
        lda EMU_COUNTER2
        sta result1+2
        lda EMU_COUNTER3
        sta result1+3

        ; Block 2: region 2 with region 3 nested (exactly 7 + 10 x 2 = 27 cycles); region 3
        ; is left with $00 (innermost), region 2 by id ($82).
        stz EMU_COUNTER0
        lda #2
        sta EMU_MARKER
        ldy #20
loop2:  dey
        bne loop2
        lda #3
        sta EMU_MARKER          ; region 3: this store (7) and ten NOPs (20)
        nop
        nop
        nop
        nop
        nop
        nop
        nop
        nop
        nop
        nop
        stz EMU_MARKER          ; leave region 3 (innermost): this store is region 2's
        lda #$82
        ldx #5
loop3:  dex
        bne loop3
        sta EMU_MARKER          ; leave region 2 by id: 7 cycles, after the region
        lda EMU_COUNTER0        ; counter = 3 + 2 + (region2 + region3) + 7 + 3
        sta result2
        lda EMU_COUNTER1
        sta result2+1
        lda EMU_COUNTER2
        sta result2+2
        lda EMU_COUNTER3
        sta result2+3
        rts
