; startline: a program whose start-up races its own VSYNC handler, as the starter kit's
; GAMES/CRAZYPONG.PRG does (it clears its screen counting rows in zero page while its
; $0314 handler writes the same byte). Its first instructions record the scan line; then it
; hooks CINV with a handler that counts VSYNCs and clobbers the row counter, and runs a
; "screen clear" of ROWS rows lasting about 290 lines. Started on scan-out line 182, as the
; official ROM starts a program (core TestStartLineOfficial), the loop ends by line ~473,
; before VSYNC (line 480): no interrupt lands in it. Started 8 or more lines later, the
; interrupt lands in it, clobbers the counter and the loop runs on into the next frame.
; core/rom_startline_test.go runs it on both ROMs.
; Results: $0400 SCANLINE_L and $0401 IEN (bit 6: SCANLINE bit 8) at the first
; instruction (SCANLINE is the render counter, scan-out line + 1: 183 on line 182);
; $0402 VSYNCs during the loop, $0403 the row counter at its end (ROWS when not clobbered),
; $0404 SCANLINE_L and $0405 IEN at its end; $0406-$0408 the jiffy clock (RDTIM: A X Y) at
; the start.
.include "prg.inc"
.include "api.inc"
CINV  = $0314
ROW   = $22                     ; the row counter (CRAZYPONG's is $02, r0L)
ROWS  = 60
DELAY = 245                     ; inner passes of 5 cycles: a row is 1,240 cycles

        lda VERA_IRQLINE        ; the scan line first, before anything moves it
        sta $0400
        lda VERA_IEN
        sta $0401
        jsr RDTIM
        sta $0406
        stx $0407
        sty $0408
        stz $0402
        sei
        lda CINV
        sta old
        lda CINV+1
        sta old+1
        lda #<handler
        sta CINV
        lda #>handler
        sta CINV+1
        cli
        stz ROW
@row:   ldx #DELAY              ; one row's worth of stores, as a delay
:       dex
        bne :-
        inc ROW
        lda ROW
        cmp #ROWS
        bne @row
        lda VERA_IRQLINE
        sta $0404
        lda VERA_IEN
        sta $0405
        lda ROW
        sta $0403
        sei
        lda old
        sta CINV
        lda old+1
        sta CINV+1
        cli
        DONE

handler:
        lda VERA_ISR
        and #1
        beq :+
        inc $0402
        stz ROW                 ; the handler's own use of the byte: the clear starts over
:       jmp (old)

old:    .word 0
