// Browser tests of the build's version and license: the page names the version the CLI
// prints (status(), the help panel), serves its license and third-party notices, and says
// so when it opens a capture another version made.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { useBrowser, openApp, dropFiles, cli, root } from './harness.mjs';

let server;
let browser;
useBrowser((s, b) => { server = s; browser = b; });

test('the page names the CLI\'s version in status() and its help, and serves its license and notices', async () => {
  const version = cli('version').trim().replace(/^x16scope /, '');
  assert.ok(version.length > 0);
  const page = await openApp(browser, server.url);
  try {
    assert.equal(await page.evaluate(() => x16scope.status().version), version, 'status().version');
    await page.click('#btn-help');
    await page.waitForFunction((v) => document.querySelector('#help-version').textContent === v, version, { timeout: 5000 });
    const files = await page.evaluate(async () => {
      const get = async (name) => { const r = await fetch(name); return { status: r.status, text: await r.text() }; };
      return { license: await get('LICENSE'), notices: await get('THIRD_PARTY_NOTICES.txt') };
    });
    assert.equal(files.license.status, 200);
    assert.match(files.license.text, /BSD 2-Clause License/);
    assert.equal(files.notices.status, 200);
    for (const name of ['The Go Programming Language', 'github.com/hajimehoshi/ebiten/v2', 'honnef.co/go/js/dom/v2']) {
      assert.ok(files.notices.text.includes(name), `the notices name ${name}`);
    }
    assert.deepEqual(page.x16errors, []);
  } finally { await page.close(); }
});

test('a capture made by another version opens with a note naming both versions', async () => {
  const version = cli('version').trim().replace(/^x16scope /, '');
  const dir = mkdtempSync(path.join(tmpdir(), 'x16scope-version-'));
  try {
    // The same sources stamped with another version: only the link step differs.
    const other = path.join(dir, 'x16scope');
    execFileSync('go', ['build', '-ldflags=-X x16scope/session.version=v0.0.0-other', '-o', other, './cmd/x16scope'],
      { cwd: root, stdio: 'inherit', env: { ...process.env, CGO_ENABLED: '0' } });
    const file = path.join(dir, 'smoke.x16c');
    execFileSync(other, ['run', 'tests/browser/testdata/smoke.prg', '--capture-at', '20', '-o', file], { cwd: root });
    const page = await openApp(browser, server.url);
    try {
      await dropFiles(page, [{ name: 'smoke.x16c', bytes: readFileSync(file) }]);
      await page.waitForFunction(() => document.querySelector('#notice-text').textContent.includes('v0.0.0-other'), null, { timeout: 30000 });
      const note = await page.locator('#notice-text').textContent();
      assert.ok(note.includes(`this is ${version}`), `the note names this version: ${note}`);
      assert.equal(await page.evaluate(() => x16scope.status().paused), true, 'the capture opened, paused');
    } finally { await page.close(); }
  } finally { rmSync(dir, { recursive: true, force: true }); }
});
