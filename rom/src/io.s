; x16scope built-in KERNAL: channel I/O. The screen (3) and keyboard (0) are handled here;
; every other device goes to the emulator through host calls, where device 8 is the host
; file system (core/hostfs*.go). The serial-bus calls (LISTEN ... UNLSN, MACPTR, MCIOUT)
; reach the same host device, so programs that drive device 8 at that level work too.
.include "kernal.inc"

.import hostcall, chrout_screen, chrin_screen, chrin_kbd, getin_kbd
.export setlfs, setnam, readst, open_fn, close_fn, chkin_fn, chkout_fn, clrchn_fn
.export chrin_fn, chrout_fn, getin_fn, clall_fn, load_fn, save_fn, load_entry
.export macptr, mciout, listen, talk, second, tksa, acptr, ciout, untlk, unlsn
.export settmo, setmsg, close_all

.segment "CODE"

; SETLFS: A = logical file, X = device, Y = secondary address
setlfs: sta la
        stx fa
        sty sa
        rts

; SETNAM: A = name length, X/Y = name address
setnam: sta fnlen
        stx fnadr
        sty fnadr+1
        rts

; READST: A = I/O status of the last operation
readst: lda status
        rts

; SETMSG: A = the message flags (bit 7 errors, bit 6 control messages), kept at the
; official msgflg; A = STATUS after, as the official KERNAL leaves it. The host device
; prints no messages, so nothing here reads them yet.
setmsg: sta msgflg
        lda status
settmo: rts

open_fn:   HOSTCALL_A HC_OPEN
close_fn:  HOSTCALL_A HC_CLOSE
chkin_fn:  HOSTCALL_A HC_CHKIN   ; sets dfltn
chkout_fn: HOSTCALL_A HC_CHKOUT  ; sets dflto
clrchn_fn: HOSTCALL_A HC_CLRCHN  ; dfltn = 0, dflto = 3
clall_fn:  HOSTCALL_A HC_CLALL
close_all: HOSTCALL_A HC_CLALL

; CHRIN: keyboard line input, screen, or the next byte of a file
chrin_fn:
        lda dfltn
        bne :+
        jmp chrin_kbd
:       cmp #3
        bne :+
        jmp chrin_screen
:       HOSTCALL_A HC_CHRIN

; GETIN: like CHRIN, but the keyboard returns 0 instead of waiting
getin_fn:
        lda dfltn
        bne :+
        jmp getin_kbd
:       cmp #3
        bne :+
        jmp chrin_screen
:       HOSTCALL_A HC_CHRIN

; CHROUT: the screen, or the current output file
chrout_fn:
        pha
        lda dflto
        cmp #3
        bne :+
        pla
        jmp chrout_screen
:       pla
        HOSTCALL_A HC_CHROUT

; LOAD ($FFD5): A = 0 load, 1 verify, 2+ load into VRAM bank A-2; X/Y = address when the
; secondary address is 0 or 2. Returns X/Y = end address + 1, C=1 and A = error on failure.
load_entry:
        jmp ($0330)
load_fn:
        sta hc_a
        lda #HC_LOAD
        jsr hostcall
        php                     ; the host loaded the file at once: spin for as long as the
        pha                     ; official KERNAL's LOAD takes (core/kernal_loadtime.go)
@spin:  lda hc_wait
        ora hc_wait+1
        beq @done
        lda hc_wait
        bne :+
        dec hc_wait+1
:       dec hc_wait
        bra @spin
@done:  pla
        plp
        rts

; SAVE ($FFD8): A = zero-page address of the start pointer, X/Y = end address + 1
save_fn:   HOSTCALL_A HC_SAVE

; MACPTR ($FF44): A = bytes wanted (0 = up to 512), X/Y = address, C=1 do not step the
; address (stream into VERA); returns X/Y = bytes read, C=1 if the device can't do it.
macptr:    HOSTCALL_A HC_MACPTR
mciout:    HOSTCALL_A HC_MCIOUT

listen: HOSTCALL_A HC_LISTEN
talk:   HOSTCALL_A HC_TALK
second: HOSTCALL_A HC_SECOND
tksa:   HOSTCALL_A HC_TKSA
acptr:  HOSTCALL_A HC_ACPTR
ciout:  HOSTCALL_A HC_CIOUT
untlk:  HOSTCALL_A HC_UNTLK
unlsn:  HOSTCALL_A HC_UNLSN

