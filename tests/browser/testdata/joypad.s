; Gamepad test program: with the KERNAL's interrupt running (its VSYNC handler scans the
; SNES controllers), read joystick_get for controllers 1 and 2 after every VSYNC interrupt
; (WAI) and keep the results: $30-$32 = A, X, Y of controller 1, $33-$35 of controller 2,
; $36 counts the updates. The browser test mocks navigator.getGamepads, presses buttons and
; reads them back with peek. joystick_get (X16-HARDWARE.md 7.1): A = B Y SEL START UP DOWN
; LEFT RIGHT, X = A X L R 1 1 1 1 (0 = pressed), Y = $00 when a controller is present,
; $FF when the port is empty.
.include "prg.inc"

joystick_get = $FF56
result1 = $30
result2 = $33
count   = $36

start:
        stz count
        cli
loop:   wai
        lda #1
        jsr joystick_get
        sta result1
        stx result1+1
        sty result1+2
        lda #2
        jsr joystick_get
        sta result2
        stx result2+1
        sty result2+2
        inc count
        bra loop
