; x16scope built-in KERNAL: the jump table at the official addresses (X16-HARDWARE.md 7.1)
; and the hardware vectors. A slot this ROM does not implement is "JSR unimpl": the
; emulator reports "unimplemented KERNAL call $FFxx at $yyyy" and the call returns with C=1.
.include "kernal.inc"

.import unimpl, start, restor, vector_fn, memtop_fn, membot_fn, rdtim, settim, iobase
.import entropy_get, jiffy_tick, ioinit, screen_init
.import memory_fill, memory_copy, memory_crc, memory_decompress, jsrfar, fetch, stash, primm
.import screen_mode, screen_set_charset, plot, screen_size
.import kbdbuf_peek, kbdbuf_get_modifiers, kbdbuf_put, joystick_scan, joystick_get
.import mouse_config, mouse_scan, mouse_get, i2c_read_byte, i2c_write_byte
.import clock_get_date_time
.import setlfs, setnam, readst, macptr, mciout, listen, talk, second, tksa, acptr, ciout
.import untlk, unlsn, settmo, setmsg, close_all

.macro NOPE
        jsr unimpl
.endmacro

.segment "JMPTBL"
        NOPE                    ; $FEA8 extapi16
        NOPE                    ; $FEAB extapi
        NOPE                    ; $FEAE (reserved)
        jmp mciout              ; $FEB1 MCIOUT
        NOPE                    ; $FEB4 i2c_batch_read
        NOPE                    ; $FEB7 i2c_batch_write
        NOPE                    ; $FEBA BSAVE
        jmp kbdbuf_peek         ; $FEBD
        jmp kbdbuf_get_modifiers; $FEC0
        jmp kbdbuf_put          ; $FEC3
        jmp i2c_read_byte       ; $FEC6
        jmp i2c_write_byte      ; $FEC9
        NOPE                    ; $FECC monitor
        jmp entropy_get         ; $FECF
        NOPE                    ; $FED2 keymap
        NOPE                    ; $FED5 console_set_paging_message
        NOPE                    ; $FED8 console_put_image
        NOPE                    ; $FEDB console_init
        NOPE                    ; $FEDE console_put_char
        NOPE                    ; $FEE1 console_get_char
        jmp memory_fill         ; $FEE4
        jmp memory_copy         ; $FEE7
        jmp memory_crc          ; $FEEA
        jmp memory_decompress   ; $FEED
        NOPE                    ; $FEF0 sprite_set_image
        NOPE                    ; $FEF3 sprite_set_position
.repeat 14                      ; $FEF6-$FF1D FB_* framebuffer API
        NOPE
.endrepeat
.repeat 12                      ; $FF20-$FF41 GRAPH_* graphics API
        NOPE
.endrepeat
.assert * = $FF44, error, "jump table out of step"
        jmp macptr              ; $FF44 MACPTR
        NOPE                    ; $FF47 enter_basic
        jmp close_all           ; $FF4A CLOSE_ALL
        NOPE                    ; $FF4D clock_set_date_time
        jmp clock_get_date_time ; $FF50
        jmp joystick_scan       ; $FF53
        jmp joystick_get        ; $FF56
        NOPE                    ; $FF59 LKUPLA
        NOPE                    ; $FF5C LKUPSA
        jmp screen_mode         ; $FF5F
        jmp screen_set_charset  ; $FF62
        NOPE                    ; $FF65 PFKEY
        jmp mouse_config        ; $FF68
        jmp mouse_get           ; $FF6B
        jmp jsrfar              ; $FF6E JSRFAR
        jmp mouse_scan          ; $FF71
        jmp fetch               ; $FF74 FETCH
        jmp stash               ; $FF77 STASH
        NOPE                    ; $FF7A CMPARE
        jmp primm               ; $FF7D PRIMM
.assert * = $FF80, error, "jump table out of step"
        .byte $FF               ; $FF80 KERNAL version: custom ROM
        jmp screen_init         ; $FF81 CINT
        jmp ioinit              ; $FF84 IOINIT
        NOPE                    ; $FF87 RAMTAS
        jmp restor              ; $FF8A RESTOR
        jmp vector_fn           ; $FF8D VECTOR
        jmp setmsg              ; $FF90 SETMSG
        jmp second              ; $FF93 SECOND
        jmp tksa                ; $FF96 TKSA
        jmp memtop_fn           ; $FF99 MEMTOP
        jmp membot_fn           ; $FF9C MEMBOT
        jmp scnkey              ; $FF9F SCNKEY (the IRQ scans; nothing to do)
        jmp settmo              ; $FFA2 SETTMO
        jmp acptr               ; $FFA5 ACPTR
        jmp ciout               ; $FFA8 CIOUT
        jmp untlk               ; $FFAB UNTLK
        jmp unlsn               ; $FFAE UNLSN
        jmp listen              ; $FFB1 LISTEN
        jmp talk                ; $FFB4 TALK
        jmp readst              ; $FFB7 READST
        jmp setlfs              ; $FFBA SETLFS
        jmp setnam              ; $FFBD SETNAM
        jmp ($031A)             ; $FFC0 OPEN
        jmp ($031C)             ; $FFC3 CLOSE
        jmp ($031E)             ; $FFC6 CHKIN
        jmp ($0320)             ; $FFC9 CHKOUT
        jmp ($0322)             ; $FFCC CLRCHN
        jmp ($0324)             ; $FFCF CHRIN
        jmp ($0326)             ; $FFD2 CHROUT
        jmp ($0330)             ; $FFD5 LOAD
        jmp ($0332)             ; $FFD8 SAVE
        jmp settim              ; $FFDB SETTIM
        jmp rdtim               ; $FFDE RDTIM
        jmp ($0328)             ; $FFE1 STOP
        jmp ($032A)             ; $FFE4 GETIN
        jmp ($032C)             ; $FFE7 CLALL
        jmp jiffy_tick          ; $FFEA UDTIM
        jmp screen_size         ; $FFED SCREEN
        jmp plot                ; $FFF0 PLOT
        jmp iobase              ; $FFF3 IOBASE
.assert * = $FFF6, error, "jump table out of step"
        .byte 0, 0, 0, 0        ; $FFF6-$FFF9 (65C816 ABORT vector: unused)

scnkey = setmsg                 ; an RTS

.segment "VECTORS"
        .word nmi_ram           ; $FFFA NMI -> RAM trampoline
        .word start             ; $FFFC RESET
        .word irq_ram           ; $FFFE IRQ/BRK -> RAM trampoline
