; What cc65's device and directory functions send (libsrc/cbm diskcmd.s, diskinit.s,
; getdevice.s, write.s, opendir.c): a device is there if a nameless OPEN of its command
; channel and the CLOSE after it leave STATUS bit 7 clear; getdevicedir() sends "I" on the
; command channel and reads the two-digit answer; write() to the screen checks READST
; after each CHROUT. Runs on both ROMs. Results:
;   $0400/$0404 OPEN and CLOSE of device 8's command channel (RESULT), $0408 STATUS after
;   $0410/$0414 the same for device 9, $0418 STATUS after
;   $0420 CHKOUT, $0424 CHKIN of the command channel; $0428-$0429 the answer's two digits,
;   $042A its length up to the CR
;   $0430 READST after a CHROUT to the screen through CHKOUT (cc65's stdout)
;   $0440-$0445 the first 6 bytes of "$" (the directory), $0446 READST after them
.include "prg.inc"
.include "api.inc"

STATUS = $0287
LFN_CMD = 15

        ldx #8
        ldy #0
        jsr probe
        ldx #9
        ldy #$10
        jsr probe
        ; diskinit(8): "I" to the command channel, then read the error number
        lda #LFN_CMD
        ldx #8
        ldy #15
        jsr SETLFS
        lda #0
        jsr SETNAM
        jsr OPEN
        ldx #LFN_CMD
        jsr CHKOUT
        RESULT $0420
        lda #'I'
        jsr CHROUT
        jsr CLRCHN
        ldx #LFN_CMD
        jsr CHKIN
        RESULT $0424
        jsr CHRIN
        sta $0428
        jsr CHRIN
        sta $0429
        ldx #2
:       jsr CHRIN
        inx
        cmp #$0D
        beq :+
        cpx #60
        bne :-
:       stx $042A
        jsr CLRCHN
        lda #LFN_CMD
        jsr CLOSE
        ; cc65's stdout: the screen opened with SA $FF; write() = CHKOUT, CHROUT, READST
        lda #4
        ldx #3
        ldy #$FF
        jsr SETLFS
        jsr OPEN
        ldx #4
        jsr CHKOUT
        lda #'*'
        jsr CHROUT
        jsr READST
        sta $0430
        jsr CLRCHN
        lda #4
        jsr CLOSE
        ; opendir("."): OPEN "$" on secondary address 0, read the load address and the start
        lda #2
        ldx #8
        ldy #0
        jsr SETLFS
        lda #1
        ldx #<dollar
        ldy #>dollar
        jsr SETNAM
        jsr OPEN
        ldx #2
        jsr CHKIN
        ldy #0
:       jsr CHRIN
        sta $0440,y
        iny
        cpy #6
        bne :-
        jsr READST
        sta $0446
        jsr CLRCHN
        lda #2
        jsr CLOSE
        DONE

; getnextdevice's test of device X: STATUS = 0, OPEN and CLOSE the command channel with no
; name, then STATUS. Results at $0400,y.
probe:
        stz STATUS
        phy
        txa
        ldy #15
        jsr SETLFS              ; logical file = the device number
        lda #0
        jsr SETNAM
        jsr OPEN
        ply
        php
        sta $0401,y
        pla
        sta $0400,y
        tya
        lsr
        lsr
        lsr
        lsr
        clc
        adc #8                  ; device 8 or 9 = its logical file
        phy
        jsr CLOSE
        ply
        php
        sta $0405,y
        pla
        sta $0404,y
        lda STATUS
        sta $0408,y
        rts

dollar: .byte "$"
