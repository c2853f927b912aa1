// Browser tests of the real-time clock's start (session/rtc.go): the page's Clock control
// and ?rtc=, the JS API's setRTC and status().rtc, the embed's rtc= parameter.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useBrowser, openApp } from './harness.mjs';

let server;
let browser;
useBrowser((s, b) => { server = s; browser = b; });

test('the page starts the clock stopped at 2000-01-01 unless ?rtc= or the Clock control says otherwise', async () => {
  const page = await openApp(browser, server.url, '?prg=examples/testdata/pulse.prg');
  try {
    await page.waitForFunction(() => window.x16scopeLoaded, null, { timeout: 60000 });
    assert.equal(await page.evaluate(() => x16scope.status().rtc), 'stopped', 'the default: the chip\'s power-on state');
    assert.equal(await page.locator('#rtc').inputValue(), 'stopped');
    // The control powers on again with this computer's time, read once: its local fields.
    const before = await page.evaluate(() => Date.now());
    await page.selectOption('#rtc', 'host');
    const got = await page.evaluate(() => x16scope.status().rtc);
    const near = await page.evaluate(([t0, s]) => {
      const d = new Date(s); // a local date and time without a zone: read as local
      return d.getTime() >= Math.floor(t0 / 1000) * 1000 - 1000 && d.getTime() <= Date.now() + 1000;
    }, [before, got]);
    assert.ok(near, `Clock: this computer's sets its local time, got ${got}`);
    assert.equal(await page.evaluate(() => x16scope.status().program), 'pulse.prg', 'the program started afresh');
    assert.equal(await page.evaluate(() => x16scope.setRTC('2026-12-07 12:00')), '2026-12-07T12:00:00');
    const err = await page.evaluate(() => { try { x16scope.setRTC('2100-01-01'); return ''; } catch (e) { return e.message; } });
    assert.match(err, /2000 to 2099/, 'a year the chip cannot hold is refused');
    assert.equal(await page.evaluate(() => x16scope.status().rtc), '2026-12-07T12:00:00', 'a refused start changes nothing');
    assert.deepEqual(page.x16errors, []);
  } finally { await page.close(); }

  const dated = await openApp(browser, server.url, '?rtc=2026-12-07T12:00:00');
  try {
    await dated.waitForFunction(() => window.x16scopeLoaded, null, { timeout: 60000 });
    assert.equal(await dated.evaluate(() => x16scope.status().rtc), '2026-12-07T12:00:00');
    assert.equal(await dated.locator('#rtc').inputValue(), '2026-12-07T12:00:00', 'the control shows the start the address gave');
  } finally { await dated.close(); }

  const bad = await openApp(browser, server.url, '?rtc=tomorrow');
  try {
    await bad.waitForFunction(() => window.x16scopeLoaded, null, { timeout: 60000 });
    assert.match(await bad.locator('#banner-text').textContent(), /\?rtc=tomorrow: .*stopped, host or a date/);
    assert.equal(await bad.evaluate(() => x16scope.status().rtc), 'stopped');
  } finally { await bad.close(); }
});

test('the embed takes rtc=, and reports a malformed one in its box', async () => {
  const page = await browser.newPage({ viewport: { width: 800, height: 700 } });
  try {
    await page.goto(`${server.url}/embed.html?prg=examples/testdata/pulse.prg&rtc=2031-05-06T07:08:09`);
    await page.waitForFunction(() => window.x16scopeEmbed && x16scopeEmbed.state.ready, null, { timeout: 60000 });
    assert.equal(await page.evaluate(() => x16scope.status().rtc), '2031-05-06T07:08:09');
    await page.goto(`${server.url}/embed.html?prg=examples/testdata/pulse.prg&rtc=soon`);
    await page.waitForFunction(() => window.x16scopeEmbed && x16scopeEmbed.state.ready, null, { timeout: 60000 });
    assert.match(await page.locator('#embed-msg').textContent(), /rtc=soon: want stopped, host or a date/);
    assert.equal(await page.evaluate(() => x16scope.status().rtc), 'stopped');
  } finally { await page.close(); }
});
