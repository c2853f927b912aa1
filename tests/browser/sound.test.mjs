// Browser tests of the sound (web/sound.js, cmd/wasm/sound_js.go): audio starts only on a
// user gesture, is silent while paused, muted by the button, and the samples the page
// makes are the native build's, sample for sample.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { useBrowser, openApp, dropFiles, root, cli } from './harness.mjs';

let server;
let browser;
const measured = {};
useBrowser((s, b) => { server = s; browser = b; },
  { measured, file: 'sound-measurements.json', label: 'sound measurements' });

const prg = () => readFileSync(path.join(root, 'core', 'testdata', 'ymmusic.prg'));
const stats = (page) => page.evaluate(() => window.x16scopeSoundStats());

// fnv is the FNV-1a hash the page computes over its hash window (sound_js.go fingerprint).
function fnv(bytes) {
  let h = 2166136261;
  for (const b of bytes) h = Math.imul(h ^ b, 16777619) >>> 0;
  return h;
}

test('sound starts on the first gesture, stops while paused and muted, and matches the native samples', async () => {
  const page = await openApp(browser, server.url);
  try {
    // The hash window: one second of output from 3 s after power-on (the program plays
    // until about 5.8 s).
    const from = 3 * 48000;
    const len = 48000;
    await page.evaluate(([f, n]) => window.x16scopeSound.setHashWindow(f, n), [from, len]);
    await dropFiles(page, [{ name: 'ymmusic.prg', bytes: prg() }]);
    let st = await stats(page);
    assert.equal(st.started, false, 'no audio before a user gesture');
    await page.click('#btn-sound'); // the gesture
    await page.waitForFunction(() => window.x16scopeSoundStats().playing, null, { timeout: 20000 });
    st = await stats(page);
    assert.ok(st.first < from, `sound started at output sample ${st.first}, after the hash window`);

    // Paused: nothing plays; resumed: it plays again.
    await page.click('#btn-pause');
    await page.waitForFunction(() => !window.x16scopeSoundStats().playing, null, { timeout: 10000 });
    await page.click('#btn-pause');
    await page.waitForFunction(() => window.x16scopeSoundStats().playing, null, { timeout: 10000 });

    // Let it play. The buffer's level is the page's share of the latency; padding and
    // dropping only happen when the host cannot keep real time (recorded, not asserted:
    // this machine is shared).
    await page.waitForFunction((n) => window.x16scopeSoundStats().hashed >= n, len, { timeout: 90000 });
    st = await stats(page);
    measured.bufferedMs = st.bufferedMs;
    measured.paddedMs = st.paddedMs;
    measured.droppedMs = st.droppedMs;

    // The same window from the native build's WAV file.
    const dir = mkdtempSync(path.join(os.tmpdir(), 'x16snd-'));
    const wav = path.join(dir, 'out.wav');
    const out = cli('run', path.join(root, 'core', 'testdata', 'ymmusic.prg'), '--frames', '400', '--wav', wav);
    const first = Number(/from output sample (\d+)/.exec(out)[1]);
    const data = readFileSync(wav).subarray(44);
    const bytes = data.subarray((from - first) * 4, (from - first + len) * 4);
    assert.equal(bytes.length, len * 4, 'the native WAV covers the window');
    assert.equal(st.hash, fnv(bytes), 'browser and native samples differ');

    // The program has returned to READY by now: the panel says so, and the machine runs on
    // at the prompt (as the hardware does), its sound with it.
    await page.waitForFunction(() => x16scope.status().stopped !== '', null, { timeout: 90000 });
    const ret = await page.evaluate(() => x16scope.status());
    assert.match(ret.stopped, /returned/);
    assert.equal(ret.ended, false, 'a return to READY leaves the machine running');
    await page.waitForFunction((f) => x16scope.status().frame > f + 10, ret.frame, { timeout: 10000 });
    assert.ok((await stats(page)).playing, 'the sound plays on after the return');
    // Muted by the button (and remembered).
    await page.click('#btn-sound');
    assert.equal(await page.textContent('#btn-sound'), 'Sound off');
    assert.equal((await stats(page)).muted, true);
    assert.deepEqual(page.x16errors, []);
  } finally {
    await page.close();
  }
});
