; The KERNAL calls of Prog8's diskio library (cx16 target), in the order and with the
; logical files, secondary addresses and names it uses: status_code (command channel 15),
; f_open_w + f_write (MCIOUT) + f_close_w, f_open + f_read (MACPTR, then CHRIN) +
; f_readline, directory ("$" read with CHRIN and STOP), save, load (header, override,
; headerless), vload, mkdir/chdir/curdir ("$=C"), rename, delete, a missing file with
; status(), get_loadaddress, f_seek ("P"). Results at $0400+, buffers at $5000+
; (core/rom_prog8_test.go checks them and the host folder).
.include "prg.inc"
.include "api.inc"

MCIOUT = $FEB1
BSAVE  = $FEBA
scratch = $7C                   ; Prog8's P8ZP_SCRATCH_W1
bufptr  = $7E                   ; P8ZP_SCRATCH_W2

.macro NAME label, len
        lda #len
        ldx #<label
        ldy #>label
        jsr SETNAM
.endmacro
.macro LFS lfn, sa
        lda #lfn
        ldx #8
        ldy #sa
        jsr SETLFS
.endmacro
; send_command: open 15,8,15,"cmd" / CLRCHN / CLOSE 15
.macro COMMAND label, len
        NAME label, len
        LFS 15, 15
        jsr OPEN
        jsr CLRCHN
        lda #15
        jsr CLOSE
.endmacro

        lda #<blk_end
        sta $0462               ; where LOAD at the header's address must end
        lda #>blk_end
        sta $0463
        jsr status_code
        sta $0400               ; 73 (the power-on message) or 0

        ; f_open_w("OUT.TXT"): ",S,W" appended, 13,8,13
        NAME wname, wname_end-wname
        LFS 13, 13
        jsr OPEN
        RESULT $0404            ; C=0
        jsr status_code
        sta $0408               ; 0
        ldx #13
        jsr CHKOUT
        lda #text_end-text      ; f_write: MCIOUT(n, buffer, C=0)
        ldx #<text
        ldy #>text
        clc
        jsr MCIOUT
        RESULT $040C            ; C=0, XY = 18
        jsr READST
        sta $0410               ; 0
        jsr CLRCHN
        jsr CLRCHN              ; f_close_w
        lda #13
        jsr CLOSE

        ; f_open("OUT.TXT"): 12,8,12, then f_read(buf, 9) with MACPTR
        NAME rname, rname_end-rname
        LFS 12, 12
        jsr OPEN
        RESULT $0414            ; C=0
        jsr status_code
        sta $0418               ; 0
        ldx #12
        jsr CHKIN
        lda #9
        ldx #<$5000
        ldy #>$5000
        clc
        jsr MACPTR
        RESULT $041C            ; C=0, XY = 9
        jsr READST
        sta $0420               ; 0
        jsr CLRCHN
        ; f_readline into $5010
        ldx #12
        jsr CHKIN
        lda #<$5010
        sta scratch
        lda #>$5010
        sta scratch+1
        ldy #0
@line:  jsr CHRIN
        sta (scratch),y
        beq @eol
        iny
        cmp #$0A
        beq :+
        cmp #$0D
        bne @line
:       dey
        lda #0
        sta (scratch),y
@eol:   sty $0421               ; 8
        jsr READST
        sta $0422               ; $40: the last byte was read
        jsr CLRCHN
        jsr CLRCHN              ; f_close
        lda #12
        jsr CLOSE

        ; directory(): "$" on 12,8,0, the listing's bytes to $5100
        NAME dollar, 1
        LFS 12, 0
        jsr OPEN
        RESULT $0424            ; C=0
        ldx #12
        jsr CHKIN
        ldx #4
:       jsr CHRIN               ; the load address and the first line link
        dex
        bne :-
        jsr READST
        sta $0428               ; 0
        lda #<$5100
        sta bufptr
        lda #>$5100
        sta bufptr+1
        stz $0429               ; STOP's Z flags, ORed
@entry: jsr CHRIN               ; blocks
        jsr store
        jsr CHRIN
        jsr store
:       jsr CHRIN               ; the line up to its 0
        jsr store
        cmp #0
        bne :-
        jsr CHRIN               ; the next line's link
        jsr CHRIN
        jsr READST
        pha
        jsr STOP
        php
        pla
        and #$02
        tsb $0429
        pla
        bne :+
        lda bufptr+1
        cmp #>$5100+2           ; at most 512 bytes
        bcc @entry
:       sta $042A               ; READST at the end: $40
        lda bufptr
        sec
        sbc #<$5100
        sta $042B               ; the listing's length
        lda bufptr+1
        sbc #>$5100
        sta $042C
        jsr CLRCHN
        lda #12
        jsr CLOSE

        ; save("SAVED.BIN", blk, 32): 1,8,0, SAVE through a zero-page pointer
        NAME sname, sname_end-sname
        LFS 1, 0
        lda #<blk
        sta scratch
        lda #>blk
        sta scratch+1
        ldx #<blk_end
        ldy #>blk_end
        lda #scratch
        jsr SAVE
        RESULT $0430            ; C=0
        jsr READST
        sta $0434               ; 0
        ; save_raw("RAW.BIN", blk, 32): BSAVE, no header
        NAME raw, raw_end-raw
        LFS 1, 0
        ldx #<blk_end
        ldy #>blk_end
        lda #scratch
        jsr BSAVE
        RESULT $0468            ; C=0

        ; load("SAVED.BIN", 0): secondary 1, the header's address
        NAME sname, sname_end-sname
        LFS 1, 1
        lda #0
        ldx #0
        ldy #0
        jsr LOAD
        RESULT $0438            ; C=0, XY = blk_end ($0462)
        ; load("SAVED.BIN", $5800): secondary 0
        NAME sname, sname_end-sname
        LFS 1, 0
        lda #0
        ldx #<$5800
        ldy #>$5800
        jsr LOAD
        RESULT $043C            ; C=0, XY = $5820
        ; load_raw("SAVED.BIN", $5A00): secondary 2, the header too
        NAME sname, sname_end-sname
        LFS 1, 2
        lda #0
        ldx #<$5A00
        ldy #>$5A00
        jsr LOAD
        RESULT $0440            ; C=0, XY = $5A22
        ; vload("SAVED.BIN", 1, $2000): A = bank + 2
        LFS 1, 0
        NAME sname, sname_end-sname
        lda #3
        ldx #<$2000
        ldy #>$2000
        jsr LOAD
        RESULT $0444            ; C=0
        jsr CLRCHN
        lda #1
        jsr CLOSE
        ; vload_raw("SAVED.BIN", 0, $4000): secondary 2, the header too
        LFS 1, 2
        NAME sname, sname_end-sname
        lda #2
        ldx #<$4000
        ldy #>$4000
        jsr LOAD
        RESULT $0464            ; C=0
        jsr CLRCHN
        lda #1
        jsr CLOSE

        ; mkdir("SUB"), chdir("SUB"), save there, curdir ("$=C"), chdir("..")
        COMMAND md, md_end-md
        jsr status_code
        sta $0448               ; 0
        COMMAND cd, cd_end-cd
        jsr status_code
        sta $0449               ; 0
        NAME iname, iname_end-iname
        LFS 1, 0
        lda #<blk
        sta scratch
        lda #>blk
        sta scratch+1
        ldx #<blk_end
        ldy #>blk_end
        lda #scratch
        jsr SAVE
        RESULT $044C            ; C=0
        NAME curdir, 3
        LFS 12, 0
        jsr OPEN
        ldx #12
        jsr CHKIN
        lda #<$5300
        sta bufptr
        lda #>$5300
        sta bufptr+1
:       jsr CHRIN               ; the whole "$=C" listing
        jsr store
        jsr READST
        bne :+
        lda bufptr+1
        cmp #>$5300+1
        bcc :-
:       lda bufptr
        sta $0450               ; its length
        jsr CLRCHN
        lda #12
        jsr CLOSE
        COMMAND cdup, cdup_end-cdup
        jsr status_code
        sta $0451               ; 0

        ; rename("OUT.TXT", "NEW.TXT") and delete("SAVED.BIN"): 1,8,15
        NAME ren, ren_end-ren
        LFS 1, 15
        jsr OPEN
        jsr CLRCHN
        lda #1
        jsr CLOSE
        jsr status_code
        sta $0452               ; 0
        NAME del, del_end-del
        LFS 1, 15
        jsr OPEN
        jsr CLRCHN
        lda #1
        jsr CLOSE
        jsr status_code
        sta $0453               ; CMDR-DOS: 1 (FILES SCRATCHED)

        ; exists("NOPE.TXT") as f_open does it, then status() reads the whole message
        NAME nope, nope_end-nope
        LFS 12, 12
        jsr OPEN
        RESULT $0454
        lda #<$5400
        sta bufptr
        lda #>$5400
        sta bufptr+1
        lda #0
        ldx #<$5400
        ldy #>$5400
        jsr SETNAM
        LFS 15, 15
        jsr OPEN
        ldx #15
        jsr CHKIN
:       jsr READST
        bne :+
        jsr CHRIN
        cmp #$0D
        beq :+
        jsr store
        bra :-
:       lda #0
        jsr store
        lda #15
        jsr CLOSE
        jsr CLRCHN
        lda #12
        jsr CLOSE

        ; get_loadaddress("NEW.TXT"): the first two bytes
        NAME nname, nname_end-nname
        LFS 12, 12
        jsr OPEN
        ldx #12
        jsr CHKIN
        jsr CHRIN
        sta $0458               ; 'L'
        jsr CHRIN
        sta $0459               ; 'I'
        jsr READST
        sta $045A               ; 0
        jsr CLRCHN
        lda #12
        jsr CLOSE

        ; f_open("NEW.TXT") then f_seek(5): "P", channel 12, position (4 bytes) on 15
        NAME nname, nname_end-nname
        LFS 12, 12
        jsr OPEN
        NAME seek, seek_end-seek
        LFS 15, 15
        jsr OPEN
        lda #15
        jsr CLOSE
        ldx #12
        jsr CHKIN
        jsr status_code
        sta $045B               ; 0
        ldx #12
        jsr CHKIN
        jsr CHRIN
        sta $045C               ; 'O': byte 5 of "LINE ONE"
        jsr CLRCHN
        lda #12
        jsr CLOSE

        ; a read from a missing file sets ST; cbm.CLEARST (OPEN/CLOSE 15,3,15) clears it
        NAME nope, nope_end-nope
        LFS 12, 12
        jsr OPEN
        ldx #12
        jsr CHKIN
        jsr CHRIN
        jsr READST
        sta $045D               ; not 0
        jsr CLRCHN
        lda #12
        jsr CLOSE
        lda #0
        ldx #0
        ldy #0
        jsr SETNAM
        lda #15
        ldx #3
        ldy #15
        jsr SETLFS
        jsr OPEN
        lda #15
        jsr CLOSE
        jsr READST
        sta $0460               ; 0
        DONE

; append A to the buffer at bufptr
store:  sta (bufptr)
        inc bufptr
        bne :+
        inc bufptr+1
:       rts

; diskio.status_code(): the two digits of the command channel's message
status_code:
        jsr READST
        cmp #128
        bne :+
        lda #255
        rts
:       lda #0
        ldx #<wname
        ldy #>wname
        jsr SETNAM
        LFS 15, 15
        jsr OPEN
        bcc :+
        lda #255
        pha
        bra @exit
:       ldx #15
        jsr CHKIN
        jsr CHRIN
        sec
        sbc #'0'
        asl
        sta scratch
        asl
        asl
        clc
        adc scratch
        sta scratch
        jsr CHRIN
        sec
        sbc #'0'
        clc
        adc scratch
        pha
:       jsr READST
        bne @exit
        jsr CHRIN
        bra :-
@exit:  jsr CLRCHN
        lda #15
        jsr CLOSE
        pla
        rts

wname:  .byte "OUT.TXT,S,W"
wname_end:
rname:  .byte "OUT.TXT"
rname_end:
sname:  .byte "SAVED.BIN"
sname_end:
iname:  .byte "INSUB.BIN"
iname_end:
raw:    .byte "RAW.BIN"
raw_end:
nname:  .byte "NEW.TXT"
nname_end:
nope:   .byte "NOPE.TXT"
nope_end:
dollar: .byte "$"
curdir: .byte "$=C"
md:     .byte "MD:SUB"
md_end:
cd:     .byte "CD:SUB"
cd_end:
cdup:   .byte "CD:.."
cdup_end:
ren:    .byte "R:NEW.TXT=OUT.TXT"
ren_end:
del:    .byte "S:SAVED.BIN"
del_end:
seek:   .byte "P", 12, 5, 0, 0, 0
seek_end:
text:   .byte "LINE ONE", $0D, "LINE TWO", $0D
text_end:
blk:
.repeat 32, i
        .byte i*7+1
.endrepeat
blk_end:
