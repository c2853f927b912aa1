// Browser tests of the gamepad and mouse input: gamepads act as SNES controllers, the mouse
// is captured with pointer lock on a click. Small guest programs
// (testdata/joypad.s, testdata/mouse.s) read the KERNAL's joystick_get and mouse_get on the
// built-in ROM once a frame and keep the answers in zero page, read back with peek.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { useBrowser, openApp, testdata, artifacts, peekIs } from './harness.mjs';

let server;
let browser;
useBrowser((s, b) => { server = s; browser = b; });

// padMock replaces navigator.getGamepads before the page's scripts run: four slots, empty
// until the test plugs a pad in. A pad follows the Gamepad interface's fields that the app
// and ebiten read (id, index, mapping, axes, buttons with pressed/value).
function padMock() {
  const pads = [null, null, null, null];
  window.x16testPads = {
    connect(i, mapping = 'standard') {
      pads[i] = {
        id: `x16scope test pad ${i}`, index: i, connected: true, mapping, timestamp: performance.now(),
        axes: [0, 0, 0, 0],
        buttons: Array.from({ length: 17 }, () => ({ pressed: false, touched: false, value: 0 })),
      };
      // What the browser fires once a pad is plugged in and used.
      window.dispatchEvent(new Event('gamepadconnected'));
    },
    disconnect(i) {
      pads[i] = null;
      window.dispatchEvent(new Event('gamepaddisconnected'));
    },
    hold(i, list) {
      pads[i].buttons.forEach((b, n) => { b.pressed = list.includes(n); b.value = b.pressed ? 1 : 0; });
      pads[i].timestamp = performance.now();
    },
  };
  Object.defineProperty(Navigator.prototype, 'getGamepads', { configurable: true, value: () => pads.slice() });
}

async function load(page, name) {
  await page.evaluate(([b, n]) => x16scope.loadPRG(new Uint8Array(b), n), [Array.from(testdata(name)), name]);
  await page.waitForFunction((n) => x16scope.status().program === n && x16scope.status().frame >= 3, name,
    { timeout: 20000 });
}

test('a gamepad reaches the program as an SNES controller', async () => {
  const page = await openApp(browser, server.url, '', { init: padMock });
  try {
    await load(page, 'joypad.prg');
    // joystick_get per port: A = B Y SEL START UP DOWN LEFT RIGHT, X = A X L R 1 1 1 1
    // (0 = pressed), Y = $00 for a controller, $FF for an empty port (X16-HARDWARE.md 7.1).
    await peekIs(page, 0x30, [0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF], 'no pad: both ports empty');

    // A pad with nothing pressed is a controller: the KERNAL sees it as present.
    await page.evaluate(() => x16testPads.connect(0));
    await peekIs(page, 0x30, [0xFF, 0xFF, 0x00, 0xFF, 0xFF, 0xFF], 'pad 0 plugged in, idle');

    // Standard button 1 (right face) is SNES A (X bit 7: $7F), 12 (d-pad up) is UP (A bit 3:
    // $F7). A second pad without the standard mapping is ignored: port 2 stays empty.
    await page.evaluate(() => { x16testPads.connect(1, ''); x16testPads.hold(1, [0, 1, 2, 3]); x16testPads.hold(0, [1, 12]); });
    await peekIs(page, 0x30, [0xF7, 0x7F, 0x00, 0xFF, 0xFF, 0xFF], 'A + UP on controller 1');

    // Bottom face = B (A bit 7), start = START (bit 4), d-pad left = LEFT (bit 1):
    // $FF - $80 - $10 - $02 = $6D; A released: X = $FF.
    await page.evaluate(() => x16testPads.hold(0, [0, 9, 14]));
    await peekIs(page, 0x30, [0x6D, 0xFF, 0x00], 'B + START + LEFT on controller 1');

    // A reset builds a new machine (all ports empty): the held pad is given to it again.
    const before = (await page.evaluate(() => x16scope.status())).frame;
    await page.evaluate(() => x16scope.reset());
    await page.waitForFunction((f) => x16scope.status().frame < f && x16scope.peek(0x36)[0] >= 3, before, { timeout: 20000 });
    await peekIs(page, 0x30, [0x6D, 0xFF, 0x00, 0xFF, 0xFF, 0xFF], 'after a reset');

    // Unplugged, the port is empty again.
    await page.evaluate(() => x16testPads.disconnect(0));
    await peekIs(page, 0x30, [0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF], 'pad 0 unplugged');
    assert.deepEqual(page.x16errors, []);
  } finally { await page.close(); }
});

test('the mouse is captured on a click and its moves and buttons reach the program', async () => {
  const page = await openApp(browser, server.url);
  try {
    await load(page, 'mouse.prg');
    // mouse_config for 640x480 centres the pointer: (319, 239) = ($013F, $00EF).
    await peekIs(page, 0x30, [0x3F, 0x01, 0xEF, 0x00, 0], 'pointer at the start');

    const box = await page.locator('#screen-slot').boundingBox();
    const cx = Math.round(box.x + box.width / 2);
    const cy = Math.round(box.y + box.height / 2);
    const locked = () => page.evaluate(() => document.pointerLockElement === document.querySelector('body > canvas'));
    assert.equal(await locked(), false);
    // The click captures the pointer (headless Chromium grants pointer lock); it is not a
    // button press for the X16.
    await page.mouse.click(cx, cy);
    await page.waitForFunction(() => document.pointerLockElement === document.querySelector('body > canvas'),
      null, { timeout: 5000 });

    // Captured, moves arrive as deltas (movementX/Y): +40, -25 -> (359, 214) = ($0167, $00D6).
    await page.mouse.move(cx + 40, cy - 25);
    await peekIs(page, 0x30, [0x67, 0x01, 0xD6, 0x00, 0], 'moved +40, -25');
    // Buttons: DOM bit 0 left, bit 1 right, as the SMC's packet and mouse_get have them.
    await page.mouse.down();
    await peekIs(page, 0x30, [0x67, 0x01, 0xD6, 0x00, 1], 'left button held');
    await page.mouse.up();
    await page.mouse.down({ button: 'right' });
    await peekIs(page, 0x34, [2], 'right button held');
    await page.mouse.up({ button: 'right' });
    await peekIs(page, 0x34, [0], 'buttons released');

    // Released, the pointer is the page's again: its moves do not reach the X16. Capture
    // again and move +10, +5: the position continues from (359, 214) to (369, 219).
    await page.evaluate(() => document.exitPointerLock());
    await page.waitForFunction(() => document.pointerLockElement === null, null, { timeout: 5000 });
    await page.mouse.move(cx + 140, cy + 60);
    await page.mouse.click(cx + 140, cy + 60);
    await page.waitForFunction(() => document.pointerLockElement !== null, null, { timeout: 5000 });
    await page.mouse.move(cx + 150, cy + 65);
    await peekIs(page, 0x30, [0x71, 0x01, 0xDB, 0x00, 0], 'after a second capture, moved +10, +5');
    await page.screenshot({ path: path.join(artifacts, 'mouse.png') });
    assert.deepEqual(page.x16errors, []);
  } finally { await page.close(); }
});
