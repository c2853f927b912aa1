; x16scope built-in KERNAL: the jump table at the official addresses (X16-HARDWARE.md 7.1)
; and the hardware vectors. A slot this ROM does not implement is "JSR unimpl": the
; emulator reports "unimplemented KERNAL call NAME ($FFxx) at $yyyy" and the CPU stops.
.include "kernal.inc"

.import unimpl, start, restor, vector_fn, memtop_fn, membot_fn, rdtim, settim, iobase
.import entropy_get, jiffy_tick, ioinit, screen_init, keymap
.import memory_fill, memory_copy, memory_crc, memory_decompress, jsrfar, fetch, stash, primm
.import screen_mode, screen_set_charset, plot, screen_size
.import kbdbuf_peek, kbdbuf_get_modifiers, kbdbuf_put, joystick_scan, joystick_get
.import mouse_config, mouse_scan, mouse_get, i2c_read_byte, i2c_write_byte
.import clock_get_date_time
.import setlfs, setnam, readst, macptr, mciout, listen, talk, second, tksa, acptr, ciout
.import untlk, unlsn, settmo, setmsg, close_all
.import FB_init_k, FB_get_info_k, FB_set_palette_k, FB_cursor_position_k  ; graphics (fb.s,
.import FB_cursor_next_line_k, FB_get_pixel_k, FB_get_pixels_k, FB_set_pixel_k ; graph.s,
.import FB_set_pixels_k, FB_set_8_pixels_k, FB_set_8_pixels_opaque_k, FB_fill_pixels_k ; console.s)
.import FB_filter_pixels_k, FB_move_pixels_k
.import GRAPH_init_k, GRAPH_clear_k, GRAPH_set_window_k, GRAPH_set_colors_k
.import GRAPH_draw_line_k, GRAPH_draw_rect_k, GRAPH_move_rect_k, GRAPH_draw_oval_k
.import GRAPH_draw_image_k, GRAPH_set_font_k, GRAPH_get_char_size_k, GRAPH_put_char_k
.import console_init_k, console_put_char_k, console_get_char_k, console_put_image_k
.import console_set_paging_message_k
.import extapi, extapi16, i2c_batch_read, i2c_batch_write, bsave, sprite_set_image
.import sprite_set_position, clock_set_date_time, lkupla, lkupsa, cmpare, ramtas

.macro NOPE
        jsr unimpl
.endmacro

.segment "JMPTBL"
        jmp extapi16            ; $FEA8 extapi16 (65C816 only: C=1 here)
        jmp extapi              ; $FEAB extapi
        NOPE                    ; $FEAE (reserved)
        jmp mciout              ; $FEB1 MCIOUT
        jmp i2c_batch_read      ; $FEB4
        jmp i2c_batch_write     ; $FEB7
        jmp bsave               ; $FEBA BSAVE
        jmp kbdbuf_peek         ; $FEBD
        jmp kbdbuf_get_modifiers; $FEC0
        jmp kbdbuf_put          ; $FEC3
        jmp i2c_read_byte       ; $FEC6
        jmp i2c_write_byte      ; $FEC9
        NOPE                    ; $FECC monitor
        jmp entropy_get         ; $FECF
        jmp keymap              ; $FED2 keymap (kbdlayout.s)
        jmp console_set_paging_message_k ; $FED5
        jmp console_put_image_k ; $FED8
        jmp console_init_k      ; $FEDB
        jmp console_put_char_k  ; $FEDE
        jmp console_get_char_k  ; $FEE1
        jmp memory_fill         ; $FEE4
        jmp memory_copy         ; $FEE7
        jmp memory_crc          ; $FEEA
        jmp memory_decompress   ; $FEED
        jmp sprite_set_image    ; $FEF0
        jmp sprite_set_position ; $FEF3
        jmp FB_init_k           ; $FEF6 FB_* framebuffer API (fb.s)
        jmp FB_get_info_k       ; $FEF9
        jmp FB_set_palette_k    ; $FEFC
        jmp FB_cursor_position_k ; $FEFF
        jmp FB_cursor_next_line_k ; $FF02
        jmp FB_get_pixel_k      ; $FF05
        jmp FB_get_pixels_k     ; $FF08
        jmp FB_set_pixel_k      ; $FF0B
        jmp FB_set_pixels_k     ; $FF0E
        jmp FB_set_8_pixels_k   ; $FF11
        jmp FB_set_8_pixels_opaque_k ; $FF14
        jmp FB_fill_pixels_k    ; $FF17
        jmp FB_filter_pixels_k  ; $FF1A
        jmp FB_move_pixels_k    ; $FF1D
        jmp GRAPH_init_k        ; $FF20 GRAPH_* graphics API (graph.s, gfont.s)
        jmp GRAPH_clear_k       ; $FF23
        jmp GRAPH_set_window_k  ; $FF26
        jmp GRAPH_set_colors_k  ; $FF29
        jmp GRAPH_draw_line_k   ; $FF2C
        jmp GRAPH_draw_rect_k   ; $FF2F
        jmp GRAPH_move_rect_k   ; $FF32
        jmp GRAPH_draw_oval_k   ; $FF35
        jmp GRAPH_draw_image_k  ; $FF38
        jmp GRAPH_set_font_k    ; $FF3B
        jmp GRAPH_get_char_size_k ; $FF3E
        jmp GRAPH_put_char_k    ; $FF41
.assert * = $FF44, error, "jump table out of step"
        jmp macptr              ; $FF44 MACPTR
        NOPE                    ; $FF47 enter_basic
        jmp close_all           ; $FF4A CLOSE_ALL
        jmp clock_set_date_time ; $FF4D
        jmp clock_get_date_time ; $FF50
        jmp joystick_scan       ; $FF53
        jmp joystick_get        ; $FF56
        jmp lkupla              ; $FF59 LKUPLA
        jmp lkupsa              ; $FF5C LKUPSA
        jmp screen_mode         ; $FF5F
        jmp screen_set_charset  ; $FF62
        NOPE                    ; $FF65 PFKEY: not in the X16 KERNAL (extapi pfkey)
        jmp mouse_config        ; $FF68
        jmp mouse_get           ; $FF6B
        jmp jsrfar              ; $FF6E JSRFAR
        jmp mouse_scan          ; $FF71
        jmp fetch               ; $FF74 FETCH
        jmp stash               ; $FF77 STASH
        jmp cmpare              ; $FF7A CMPARE
        jmp primm               ; $FF7D PRIMM
.assert * = $FF80, error, "jump table out of step"
        .byte $FF               ; $FF80 KERNAL version: custom ROM
        jmp screen_init         ; $FF81 CINT
        jmp ioinit              ; $FF84 IOINIT
        jmp ramtas              ; $FF87 RAMTAS
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

scnkey = settmo                 ; an RTS

.segment "VECTORS"
        .word nmi_ram           ; $FFFA NMI -> RAM trampoline
        .word start             ; $FFFC RESET
        .word irq_ram           ; $FFFE IRQ/BRK -> RAM trampoline
