; x16scope built-in KERNAL: reset, interrupt flow, jiffy clock, host calls.
.include "kernal.inc"

.import screen_init, screen_clear, chrout_screen, primm, kbd_init, ps2_poll, kbd_getc
.import joystick_scan, mouse_scan, joystick_init, readline_command
.import cursor_blink
.export hostcall, unimpl, jiffy_tick, start, nmi_default, irq_default, brk_default
.export rdtim, settim, iobase, memtop_fn, membot_fn, entropy_get, restor, vector_fn
.export irq_ret, ioinit, copy_ram_code, wait_start_line
.import ext_init
.import edkey_reset, jsrfar, math_init

.segment "CODE"

; ---------------------------------------------------------------------------------
; RESET (vector $FFFC). The hardware starts in ROM bank 0 with interrupts masked.
start:
        sei
        cld
        ldx #$FF
        txs
        stz ram_bank
        stz rom_bank
        ; clear zero page $02-$FF and the KERNAL page $0200-$03FF
        ldx #2
:       stz $00,x
        inx
        bne :-
:       stz $0200,x
        stz $0300,x
        inx
        bne :-
        jsr copy_ram_code
        jsr restor
        jsr ioinit
        jsr screen_init
        jsr kbd_init
        jsr joystick_init
        jsr ext_init            ; extapi state (extapi.s)
        jsr edkey_reset         ; no custom BASIN key handler (edkey.s; RAM bank 0)
        jsr math_init           ; RND's first seed (math.s)
        jsr jsrfar              ; bank 10's audio_init, where the official boot calls it
        .word $C09F             ; (after cint): the YM2151 found and reset, the PSG reset,
        .byte 10                ; the default instruments in all 8 FM channels (audio.s)
        lda #$00
        sta memtop
        lda #$9F
        sta memtop+1
        lda #$01
        sta memstr
        lda #$08
        sta memstr+1
        lda #3
        sta dflto
        stz crsw                ; no line input under way
        jsr primm               ; (screen_init cleared the screen: no $93, 66K cycles saved)
        .byte $05
        .byte "**** X16SCOPE BUILT-IN KERNAL ****", $0D, $0D
        .byte "NO BASIC: DROP A PRG OR TYPE SYS <ADDRESS>", $0D, $0D
        .byte "READY.", $0D, 0
        lda #1
        sta ram_bank            ; the user gets RAM bank 1 (X16-HARDWARE.md 1.1)
        lda #BOOT_JIFFIES
        sta jiffy
        lda #HC_BOOTED
        sta HOSTCALL            ; tell the emulator the KERNAL is idle and ready
        cli
@loop:  jsr readline_command
        bra @loop

; ioinit: both VIAs quiet (IER <- $7F), VIA1's SNES and IEC lines set up, VIA1 T1
; free-running for entropy, VERA VSYNC IRQ only (X16-HARDWARE.md 5.2).
ioinit:
        lda #$7F
        sta VIA1_IER
        sta VIA2_IER
        stz VIA1_PA             ; port A outputs low: open-drain I2C, SNES lines driven by DDR
        lda #SNES_LATCH|SNES_CLK
        sta VIA1_DDRA           ; SNES latch/clock outputs, I2C released, data inputs
        ; port B: the IEC outputs (PB3 ATN, PB4 CLK, PB5 DATA, inverted on the board) as
        ; the official KERNAL's serial init leaves them: PB4 = 1 holds CLK low, ATN and
        ; DATA released
        lda #$10
        sta VIA1_PB
        lda #$38
        sta VIA1_DDRB
        lda #$40
        sta VIA1_ACR            ; T1 free-run, no PB7
        lda #$FF
        sta VIA1_T1LL
        sta VIA1_T1CL
        sta VIA1_T1CH
        lda #1
        sta VERA_IEN
        lda #$07
        sta VERA_ISR            ; clear pending VSYNC/LINE/SPRCOL
        rts

; copy the interrupt trampolines and the bank-switching helpers into RAM
copy_ram_code:
        ldx #irq_tramp_end-irq_tramp-1
:       lda irq_tramp,x
        sta irq_ram,x
        dex
        bpl :-
        ldx #nmi_tramp_end-nmi_tramp-1
:       lda nmi_tramp,x
        sta nmi_ram,x
        dex
        bpl :-
        ldx #fetch_tramp_end-fetch_tramp-1
:       lda fetch_tramp,x
        sta fetch_ram,x
        dex
        bpl :-
        ldx #jsrfar_tramp_end-jsrfar_tramp-1
:       lda jsrfar_tramp,x
        sta jsrfar_ram,x
        dex
        bpl :-
        ldx #sys_tramp_end-sys_tramp-1
:       lda sys_tramp,x
        sta sys_ram,x
        dex
        bpl :-
        ldx #jsrfar3_tramp_end-jsrfar3_tramp-1
:       lda jsrfar3_tramp,x
        sta jsrfar3,x
        dex
        bpl :-
        rts

; jsrfar3 (RAM, the official address $02C4): the RAM half of the far call that programs
; built with the official ROM's inc/jsrfar.inc carry in their own code (the kit's file
; manager does). Their half pushes a byte for the caller's ROM bank, P, A, X and Y, stores
; the target in jmpfr's operand ($02E0), puts the caller's bank in that byte, pulls X and Y
; and jumps here with the target's bank in A and the caller's A on the stack. Here: map the
; target's bank, take A and P back, call it through jmpfr; then map the caller's bank again
; and return with the callee's A, X, Y and P. The addresses and the stack are the contract,
; so the instructions follow from them.
jsrfar3_tramp:
        .org jsrfar3
        sta rom_bank
        pla                     ; the caller's A and P
        plp
        jsr jmpfr
        php                     ; stack: X, A, P (the callee's), the caller's bank, return
        pha
        phx
        tsx
        lda $0104,x
        sta rom_bank
        lda $0103,x             ; the callee's P over the bank byte, for the last PLP
        sta $0104,x
        plx
        pla
        plp
        plp
        rts
        .assert * = jmpfr, error, "jmpfr is not at the official $02DF"
        jmp $FFFF               ; the caller's half writes the target here
        .reloc
jsrfar3_tramp_end:
.assert jsrfar3_tramp_end-jsrfar3_tramp = 30, error, "jsrfar3 must fill $02C4-$02E1"

; SYS helper (RAM): readline_command calls a program through it. cc65's exit maps ROM
; bank 4 (BASIC in the official ROM) before its final RTS, so the return lands here, in
; RAM, which maps the KERNAL bank again before returning into it (STZ keeps the flags).
.export sys_addr
sys_tramp:
        .org sys_ram
sys_addr = * + 1
        jsr $FFFF
        stz rom_bank
        rts
        .reloc
sys_tramp_end:

; BOOT_JIFFIES: the jiffy clock's value as the boot ends. The official ROM starts a
; dropped program in frame 31 with the clock at 6 (its boot clears it late, in frame 25);
; this boot starts one in frame 4, two VSYNCs after the clock starts. Starting the clock at
; 4 makes RDTIM read 6 at a program's first instruction on both ROMs, so a program that
; animates or seeds by the clock is at the same point of its animation on both
; (core TestStartClock*).
BOOT_JIFFIES = 4

; START_LINE: the scan line on which the official ROM runs a pasted program's first
; instruction (frame 31, line 182: x16scope's own measurement, core TestStartLineOfficial).
; A program whose start-up races its own VSYNC handler (the starter kit's CRAZYPONG clears
; the screen with a row counter its $0314 handler also writes) finishes before VSYNC there;
; started on another line, the interrupt lands in the loop. So SYS starts a program on it.
START_LINE = 182

; wait_start_line: return early in scan-out line START_LINE. VERA's SCANLINE (IRQLINE_L
; read, IEN bit 6 its bit 8) is the composer's render counter, one ahead of the line being
; scanned out (vera/timing.go scanline), so it reads START_LINE during the line before.
; That line is waited for first, so the wait ends within a loop pass of START_LINE's start
; whatever line it begins on; at most a frame. Interrupts stay as they are: the VSYNC
; handler runs at line 480, far from these lines. P is kept: the program finds the flags
; SYS left, as on the official ROM (core TestBootStateAgainstOfficial).
wait_start_line:
        php
:       lda VERA_IRQLINE_L      ; low byte first: bit 8 read after it is of the same line
        cmp #<START_LINE        ; or of the next, which has the same bit 8
        bne :-
        bit VERA_IEN
        bvs :-
:       lda VERA_IRQLINE_L
        cmp #<(START_LINE+1)
        bne :-
        plp
        rts

; RESTOR: default RAM vectors $0314-$0333 (7.2)
restor:
        ldx #vectab_end-vectab-1
:       lda vectab,x
        sta cinv,x
        dex
        bpl :-
        rts

; VECTOR: C=1 copy the vectors to (X/Y), C=0 set them from (X/Y)
vector_fn:
        stx ptr1
        sty ptr1+1
        ldy #vectab_end-vectab-1
        bcc @set
:       lda cinv,y
        sta (ptr1),y
        dey
        bpl :-
        rts
@set:   sei
:       lda (ptr1),y
        sta cinv,y
        dey
        bpl :-
        cli
        rts

.import open_fn, close_fn, chkin_fn, chkout_fn, clrchn_fn, chrin_fn, chrout_fn, stop_fn
.import getin_fn, clall_fn, load_fn, save_fn
vectab: .word irq_default       ; $0314 CINV
        .word brk_default       ; $0316 CBINV
        .word nmi_default       ; $0318 NMINV
        .word open_fn           ; $031A IOPEN
        .word close_fn          ; $031C ICLOSE
        .word chkin_fn          ; $031E ICHKIN
        .word chkout_fn         ; $0320 ICKOUT
        .word clrchn_fn         ; $0322 ICLRCH
        .word chrin_fn          ; $0324 IBASIN
        .word chrout_fn         ; $0326 IBSOUT
        .word stop_fn           ; $0328 ISTOP
        .word getin_fn          ; $032A IGETIN
        .word clall_fn          ; $032C ICLALL
        .word keyhdl_default    ; $032E KEYHDL
        .word load_fn           ; $0330 ILOAD
        .word save_fn           ; $0332 ISAVE
vectab_end:

keyhdl_default:
        rts

; ---------------------------------------------------------------------------------
; Interrupts (X16-HARDWARE.md 7.3). The hardware forced ROM bank 0 for the vector pull;
; the RAM trampoline saves the interrupted bank (still in the $01 shadow), pushes a fake
; RTI frame that returns to irq_ret, saves A/X/Y and jumps through CINV ($0314), the vector
; programs hook. The default handler ends with PLY/PLX/PLA/RTI like the official one.
irq_tramp:
        .org irq_ram
        pha
        lda rom_bank
        pha
        stz rom_bank
        lda #>irq_ret
        pha
        lda #<irq_ret
        pha
        php
        pha
        phx
        phy
        tsx
        lda $0109,x             ; the P pushed by the interrupt itself
        and #$10
        bne @brk
        jmp (cinv)
@brk:   jmp (cbinv)
irq_ret:
        pla
        sta rom_bank
        pla
        rti
        .reloc
irq_tramp_end:
.assert irq_tramp_end-irq_tramp <= nmi_ram-irq_ram, error, "IRQ trampoline too long"

nmi_tramp:
        .org nmi_ram
        pha
        lda rom_bank
        pha
        stz rom_bank
        jmp (nminv)
        .reloc
nmi_tramp_end:

; FETCH helper (runs from RAM because it maps another ROM bank over this code):
; A = ROM bank to map, X = bank to restore, reads (ptr2),Y.
fetch_tramp:
        .org fetch_ram
        sta rom_bank
        lda (ptr2),y
        stx rom_bank
        rts
        .reloc
fetch_tramp_end:
.assert fetch_ram + (fetch_tramp_end - fetch_tramp) <= I_FB_BASE, error, "FETCH's RAM code runs into the FB_* vectors"

; JSRFAR helper (RAM): the two pieces of a far call (farcall.inc) that run while another ROM
; bank may be mapped. jf_switch maps the bank on top of the stack and enters the code whose
; address is under the registers (the target, or the caller on the way back); jf_back is
; where the callee returns to. Nothing but the stack is used, so far calls nest and an
; interrupt handler may make one in the middle of another.
jsrfar_tramp:
        .org jsrfar_ram
        pla
        sta rom_bank
        ply
        plx
        pla
        plp
        rts
        .assert * = jf_back, error, "jf_back (kernal.inc) moved"
        php                     ; the callee's P and A, then on in the KERNAL bank
        pha
        stz rom_bank
        jmp jsrfar_done
        .reloc
jsrfar_tramp_end:
.assert jsrfar_tramp_end-jsrfar_tramp <= $036A-jsrfar_ram, error, "JSRFAR helper too long"

; the callee has returned into jf_back (its P and A pushed, bank 0 mapped), the frame
; (farcall.inc) under them: give a RAM target's caller its RAM bank back, turn the frame
; into the one jf_switch leaves through (the caller's ROM bank, the callee's Y, X, A, P,
; the caller's return address) and leave through it.
jsrfar_done:
        phx
        phy
        tsx                     ; $101 Y, $102 X, $103 A, $104 P, $105 flag, $106 RAM, $107 ROM
        lda $105,x
        bmi :+
        lda $106,x
        sta ram_bank            ; a RAM-bank target: its bank goes back
:       ldy $107,x
        lda $104,x
        sta $107,x
        lda $103,x
        sta $106,x
        lda $102,x
        sta $105,x
        lda $101,x
        sta $104,x
        tya
        sta $103,x
        pla
        pla
        jmp jf_switch

; default IRQ handler (CINV)
irq_default:
        lda VERA_ISR
        and #$01
        beq @notvs
        jsr jiffy_tick
        jsr ps2_poll            ; SMC keyboard (and mouse) over I2C
        jsr mouse_scan
        jsr joystick_scan       ; four SNES ports, bit-banged
        jsr cursor_blink        ; while a program or CHRIN has the cursor on
        lda #$01
        sta VERA_ISR            ; acknowledge VSYNC
@notvs: ply
        plx
        pla
        rti

brk_default:
        ply
        plx
        pla
        rti

nmi_default:
        pla
        sta rom_bank
        pla
        rti

; jiffy clock: 24-bit counter, one tick per VSYNC (the X16 counts 60 Hz jiffies this way)
jiffy_tick:
        inc jiffy
        bne :+
        inc jiffy+1
        bne :+
        inc jiffy+2
:       rts

; RDTIM: A = low, X = middle, Y = high (7.1)
rdtim:
        php
        sei
        lda jiffy
        ldx jiffy+1
        ldy jiffy+2
        plp
        rts

; SETTIM: the same registers in
settim:
        php
        sei
        sta jiffy
        stx jiffy+1
        sty jiffy+2
        plp
        rts

iobase:
        ldx #$00
        ldy #$9F
        rts

; MEMTOP: C=1 read into X/Y and A = number of RAM banks (0 = 256), C=0 set from X/Y and
; the bank count from A, as the official KERNAL does (kdc64.s compares both).
memtop_fn:
        bcc @set
        ldx memtop
        ldy memtop+1
        lda nbanks              ; written by the emulator at HC_BOOTED
        rts
@set:   sta nbanks
        stx memtop
        sty memtop+1
        rts

; MEMBOT: C=1 read the bottom of memory into X/Y, C=0 set it from X/Y ($0801 at boot)
membot_fn:
        bcc @set
        ldx memstr
        ldy memstr+1
        rts
@set:   stx memstr
        sty memstr+1
        rts

; entropy_get: A, X, Y = mixed bits of VIA1 T1 (free-running), the jiffy clock and the
; VERA scan line.
entropy_get:
        lda VIA1_T1CL
        eor ent_ctr
        adc jiffy
        sta ent_ctr
        tax
        lda VIA1_T1CH
        eor $9F28
        rol
        eor ent_ctr
        tay
        txa
        eor VIA1_T1CL
        rts

; ---------------------------------------------------------------------------------
; hostcall: A = function, hc_a = the caller's A; X, Y and C are the caller's. The write
; to HOSTCALL runs the function in the emulator, which reads and writes hc_a/x/y/p.
hostcall:
        stx hc_x
        sty hc_y
        php
        plx
        stx hc_p
        sta HOSTCALL
        lda hc_p
        pha
        lda hc_a
        ldx hc_x
        ldy hc_y
        plp
        rts

; unimpl: reached by "JSR unimpl" from an unimplemented jump-table slot. The emulator reads
; the slot address and the caller's return address from the stack and reports
; "unimplemented KERNAL call NAME ($FFxx) at $yyyy"; then the CPU stops, so the program
; never goes on with a result the call did not make (the page and the CLI show the stop
; with that message: core.Machine.UnimplementedCall).
unimpl:
        sta hc_a
        lda #HC_UNIMPL
        sta HOSTCALL            ; stack: slot return address, then the caller's
        stp
