; irqtramp.s: a VSYNC handler hooked into CINV ($0314), entered through the KERNAL's real
; IRQ path. Both ROMs (built-in and official) push a return frame to irq_ret before
; `jmp (cinv)`; the handler's RTI returns there and irq_ret (pla / sta $01 / pla / rti, 17
; cycles) makes the real return. Per interrupt, with S low enough that `lda $0109,x` does
; not cross a page:
;   entry 7 + trampoline 44 (pha 3, lda zp 3, pha 3, stz zp 3, lda # 2, pha 3, lda # 2,
;   pha 3, php 3, pha 3, phx 3, phy 3, tsx 2, lda abs,x 4, and # 2, bne 2) + jmp (cinv) 6
;   + handler 24 (lda # 2, sta abs 4, ply 4, plx 4, pla 4, rti 6) + irq_ret 17 = 98.
; The main loop never waits. mode (poked by the test before the program runs) selects what
; is open when the interrupt lands (mode is the program's last byte: the test patches it): 0 nothing, 1 marker region 1 (in a framed guest, whose
; regions stay open across VSYNC), 2 a framed guest's gap (between $F1 and $F0).
.include "prg.inc"

CINV = $0314

start:  sei
        lda #<handler
        sta CINV
        lda #>handler
        sta CINV+1
        lda #1
        sta VERA_IEN            ; VSYNC interrupts only
        sta VERA_ISR
        lda mode
        beq go
        lda #$F0                ; framed: one frame begins and never ends
        sta EMU_MARKER
        lda mode
        cmp #1
        beq region
        lda #$F1                ; ... or ends at once: the rest (the main loop and the
        sta EMU_MARKER          ; interrupts) is the $F1-$F0 gap
        bra go
region: lda #1                  ; region 1 stays open for good
        sta EMU_MARKER
go:     cli
busy:   inx                     ; never a wait loop: it stores in every pass
        stx $40
        bra busy

handler:
        lda #1                  ; 2
        sta VERA_ISR            ; 4: acknowledge VSYNC
        ply                     ; 4
        plx                     ; 4
        pla                     ; 4
        rti                     ; 6: returns to irq_ret

mode:   .byte 0                 ; the test sets it in the file
