; screen_mode's bordered text modes $07-$0B (22x23, 64x50, 64x25, 32x50, 32x25): for each,
; set it, then record what screen_mode C=1 and SCREEN return, every DCSEL view of VERA
; $9F29-$9F2C (scaling in DCSEL 0, the display window in DCSEL 1) and the layer registers
; $9F2D-$9F3A, then print a line longer than the screen is wide and two characters on the
; last row with PLOT and copy those map rows out of VRAM: where the text lands shows the
; editor's columns, rows and the map's stride. Mode $0C (no such mode) must return C=1 and
; change nothing. core/rom_screenmodes_test.go checks the records on the built-in ROM and
; compares them with the official ROM's. $04FF = $A5 at the end.
.include "prg.inc"
.include "api.inc"

REC     = $0500         ; 64 bytes per mode: see rec_* below; mode $0C's at REC+5*64
CELLS   = $4000         ; $300 bytes per mode: map rows 0 and 1, then the last row
rec     = $30           ; zero page of the user's: record pointer
cells   = $32           ; VRAM copy pointer
idx     = $34
cols    = $35
rows    = $36
scratch = $0480         ; RESULT's 4 bytes before they are copied into the record

rec_set    = 0          ; P, A, X, Y after screen_mode C=0
rec_get    = 4          ; P, A, X, Y after screen_mode C=1
rec_screen = 8          ; P, A, X, Y after SCREEN
rec_dc     = 12         ; DCSEL 0-6: $9F29-$9F2C each (28 bytes)
rec_layer  = 40         ; $9F2D-$9F3A (14 bytes)

        lda #0                  ; 80x60 cleared: the boot screens differ
        clc
        jsr screen_mode
        lda #<REC
        sta rec
        lda #>REC
        sta rec+1
        lda #<CELLS
        sta cells
        lda #>CELLS
        sta cells+1
        stz idx
@mode:  ldx idx
        lda modelist,x
        clc
        jsr screen_mode
        RESULT scratch
        ldy #rec_set
        jsr save4
        jsr record
        lda idx
        cmp #5
        beq @bad
        jsr print
        jsr copy_rows
        clc                     ; next record (copy_rows moved cells on)
        lda rec
        adc #64
        sta rec
        bcc :+
        inc rec+1
:       inc idx
        bra @mode
@bad:   lda #0
        clc
        jsr screen_mode
        DONE

; record: screen_mode C=1, SCREEN, the DCSEL views and the layer registers into (rec)
record: sec
        jsr screen_mode
        RESULT scratch
        ldy #rec_get
        jsr save4
        jsr SCREEN
        RESULT scratch
        stx cols
        sty rows
        ldy #rec_screen
        jsr save4
        ldy #rec_dc
        ldx #0
@dcsel: txa
        asl
        sta VERA_CTRL
        lda $9F29
        sta (rec),y
        iny
        lda $9F2A
        sta (rec),y
        iny
        lda $9F2B
        sta (rec),y
        iny
        lda $9F2C
        sta (rec),y
        iny
        inx
        cpx #7
        bne @dcsel
        stz VERA_CTRL
        ldx #0
:       lda $9F2D,x
        sta (rec),y
        iny
        inx
        cpx #14
        bne :-
        rts

; save4: the 4 bytes at scratch into (rec) from offset Y
save4:  ldx #0
:       lda scratch,x
        sta (rec),y
        iny
        inx
        cpx #4
        bne :-
        rts

; print: cols+3 letters from HOME (the last 3 wrap to row 1), then 'Z' at the last row's
; column 0 and 'Y' at its column cols-2 (the cursor stops short of the corner: no scroll)
print:  lda #$13                ; HOME
        jsr CHROUT
        ldx #0
        ldy #0
:       lda letters,y
        jsr CHROUT
        iny
        cpy #26
        bcc :+
        ldy #0
:       inx
        txa
        sec
        sbc #3
        cmp cols
        bne :--
        ldx rows
        dex
        ldy #0
        clc
        jsr PLOT
        lda #'Z'
        jsr CHROUT
        ldx rows
        dex
        ldy cols
        dey
        dey
        clc
        jsr PLOT
        lda #'Y'
        jsr CHROUT
        rts

; copy_rows: map rows 0 and 1 and the last row (256 bytes each, VRAM $1B000 + row * 256)
; to (cells)
copy_rows:
        stz VERA_CTRL
        lda #$B0
        jsr @row
        lda #$B1
        jsr @row
        lda rows
        clc
        adc #$AF
@row:   stz VERA_ADDR_L
        sta VERA_ADDR_M
        lda #$11
        sta VERA_ADDR_H
        ldy #0
:       lda VERA_DATA0
        sta (cells),y
        iny
        bne :-
        inc cells+1
        rts

modelist: .byte $07, $08, $09, $0A, $0B, $0C
letters:  .byte "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
