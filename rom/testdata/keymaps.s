; The keyboard layouts (KERNAL keymap, $FED2; core/rom_keymaps_test.go drives it): for the
; layout after boot and then for every name of NAMES (every official layout in the official
; order, an unknown name, a name in the wrong case, the default again) the program selects
; it (keymap with C=0), reads back what is in use (keymap with C=1: A, X/Y, P and the name
; X/Y points at, in RAM bank 0) and draws NK random key presses per mode from a seeded
; LFSR (rnd.inc): key numbers from KEYS and a modifier combination 0-15, which the test
; types through the SMC while the program records every code GETIN returns.
;
; Protocol (as keys.s): $0403 = 1 once running; the test asks in $0405: 1 = ISO mode
; (CHROUT $0F), 2 = PETSCII mode ($8F), 4 = the next entry (selects it, writes its results
; at RES + 32 * entry and its cases at CASES, counts it in $0404); the program clears $0405
; when done; 5 = CHROUT $0B (the editor's layout swap), then the index keymap gives to $0409. Codes GETIN gave: BUF+, count in $0400/$0401. $0402 = 1 ends the program.
.include "prg.inc"
.include "api.inc"

keymap  = $FED2
NK      = 40                    ; presses per mode and entry
RES     = $5000                 ; per entry (32 bytes): P after set, A X Y P after get, name[14]
CASES   = $3000                 ; 2 * NK pairs: key number, modifier combination (0-15)
BUF     = $4000                 ; (keys.s's, where core/rom_keys_test.go reads them)
ptr     = $30
res     = $32
nam     = $34
seed    = $50

        stz $0400
        stz $0401
        stz $0402
        stz $0404
        stz $0405
        stz ptr
        lda #>BUF
        sta ptr+1
        lda #$4B                ; the LFSR's seed
        sta seed
        lda #$1D
        sta seed+1
        lda #1
        sta $0403               ; ready
@wait:  lda $0402
        bne @end
        lda $0405
        bne @ask
        jsr GETIN
        cmp #0
        beq @wait
        sta (ptr)
        inc ptr
        bne :+
        inc ptr+1
:       inc $0400
        bne @wait
        inc $0401
        bra @wait
@ask:   cmp #4
        beq @next
        cmp #5
        beq @swap
        cmp #1
        bne :+
        lda #$0F
        bra @out
:       lda #$8F
@out:   jsr CHROUT
        stz $0405
        bra @wait
@next:  jsr entry
        inc $0404
        stz $0405
        bra @wait
@swap:  lda #$0B                ; the editor's layout swap, then what is in use
        jsr CHROUT
        sec
        jsr keymap
        sta $0409
        stz $0405
        jmp @wait
@end:   lda #$8F
        jsr CHROUT
        DONE

; entry: entry $0404 (0 = what boot chose, n = NAMES' n-th name) -> its results and cases
entry:
        lda $0404               ; res = RES + 32 * entry
        stz res+1
        asl
        asl
        asl
        asl
        rol res+1
        asl
        rol res+1
        sta res
        lda res+1
        adc #>RES
        sta res+1
        lda $0404
        beq @get                ; entry 0: no set
        dec
        asl
        tax
        lda names,x
        sta nam
        ldy names+1,x
        ldx nam
        clc
        jsr keymap
        php
        pla
        sta (res)
@get:   sec
        jsr keymap
        php
        phy
        phx
        ldy #1
        sta (res),y
        iny
        pla                     ; X
        sta (res),y
        iny
        pla                     ; Y
        sta (res),y
        iny
        pla                     ; P
        sta (res),y
        ldy #2                  ; nam = X/Y, read in RAM bank 0
        lda (res),y
        sta nam
        iny
        lda (res),y
        sta nam+1
        lda ram_bank
        pha
        stz ram_bank
        ldy #0
:       lda (nam),y
        pha
        tya
        clc
        adc #5
        tay
        pla
        sta (res),y
        tya
        sec
        sbc #4
        tay
        cpy #14
        bne :-
        pla
        sta ram_bank
        ldx #0                  ; the cases
@case:  jsr rnd
        and #63
        cmp #NKEYS
        bcs @case
        tay
        lda keys,y
        sta CASES,x
        jsr rnd
        and #15
        sta CASES+1,x
        inx
        inx
        cpx #4*NK
        bne @case
        rts

.include "rnd.inc"

; the keys drawn from: the main block (with the ISO key 45), Space, the arrows, Enter and a
; few of the number pad, Esc, F1, Pause (not the modifiers, Caps Lock, Scroll Lock)
keys:   .byte 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 15, 16, 17, 18, 19, 20, 21, 22
        .byte 23, 24, 25, 26, 27, 28, 29, 31, 32, 33, 34, 35, 36, 37, 38, 39, 40, 41, 43
        .byte 45, 46, 47, 48, 49, 50, 51, 52, 53, 54, 55, 61, 83, 89, 93, 100, 110, 112, 126
NKEYS = * - keys
.assert NKEYS <= 64, error

names:  .word n0, n1, n2, n3, n4, n5, n6, n7, n8, n9, n10, n11, n12, n13, n14, n15, n16
        .word n17, n18, n19, n20, n21, n22, n23, n24, n25, n26, n27, n28, n29, n30
n0:     .byte "ABC/X16", 0
n1:     .byte "EN-US/INT", 0
n2:     .byte "EN-GB", 0
n3:     .byte "SV-SE", 0
n4:     .byte "DE-DE", 0
n5:     .byte "DA-DK", 0
n6:     .byte "IT-IT", 0
n7:     .byte "PL-PL", 0
n8:     .byte "NB-NO", 0
n9:     .byte "HU-HU", 0
n10:    .byte "ES-ES", 0
n11:    .byte "FI-FI", 0
n12:    .byte "PT-BR", 0
n13:    .byte "CS-CZ", 0
n14:    .byte "JA-JP", 0
n15:    .byte "FR-FR", 0
n16:    .byte "DE-CH", 0
n17:    .byte "EN-US/DVO", 0
n18:    .byte "ET-EE", 0
n19:    .byte "FR-BE", 0
n20:    .byte "EN-CA", 0
n21:    .byte "IS-IS", 0
n22:    .byte "PT-PT", 0
n23:    .byte "HR-HR", 0
n24:    .byte "SK-SK", 0
n25:    .byte "SL-SI", 0
n26:    .byte "LV-LV", 0
n27:    .byte "LT-LT", 0
n28:    .byte "XX-XX", 0        ; no such layout: C=1, LT-LT stays
n29:    .byte "de-de", 0        ; names are matched as spelled: C=1
n30:    .byte "ABC/X16", 0      ; the default again
NNAMES = (n0 - names) / 2
