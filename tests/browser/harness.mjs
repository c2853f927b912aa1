// Shared setup for the browser tests: build the wasm if it is missing, start the loopback
// server (cmd/serve) on a free port, and launch Debian's chromium through playwright-core.
import { spawn, execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';
import { chromium } from 'playwright-core';
import { before, after } from 'node:test';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const artifacts = path.join(root, 'test-results', 'browser');

// Chromium's flags: software GL (no GPU in CI), no network side traffic, no sandbox (CI runs as root).
export const chromiumArgs = [
  '--headless', '--no-sandbox', '--disable-gpu', '--use-angle=swiftshader', '--enable-unsafe-swiftshader',
  '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-quic',
  '--no-first-run',
];

export function ensureBuilt() {
  mkdirSync(artifacts, { recursive: true });
  // X16SCOPE_PREBUILT=1: web/x16scope.wasm, bin/serve and bin/x16scope are already built
  // from one tree (make test builds them first).
  if (process.env.X16SCOPE_PREBUILT === '1') return;
  if (!existsSync(path.join(root, 'web', 'x16scope.wasm')) || !existsSync(path.join(root, 'web', 'wasm_exec.js'))) {
    execFileSync('bash', ['scripts/build-wasm.sh'], { cwd: root, stdio: 'inherit' });
  }
  mkdirSync(path.join(root, 'bin'), { recursive: true });
  execFileSync('go', ['build', '-o', 'bin/serve', './cmd/serve'], { cwd: root, stdio: 'inherit' });
  execFileSync('go', ['build', '-o', 'bin/x16scope', './cmd/x16scope'], { cwd: root, stdio: 'inherit' });
  mkdirSync(artifacts, { recursive: true });
}

// startServer runs bin/serve on 127.0.0.1 with a free port and resolves to its base URL.
// extra are further flags (-rom FILE).
export function startServer(extra = []) {
  return new Promise((resolve, reject) => {
    const proc = spawn(path.join(root, 'bin', 'serve'),
      ['-addr', '127.0.0.1:0', '-dir', 'web', '-mount', 'testdata=tests/browser/testdata', ...extra], { cwd: root });
    let out = '';
    const timer = setTimeout(() => reject(new Error(`server did not start: ${out}`)), 15000);
    proc.stdout.on('data', (d) => {
      out += d;
      const m = out.match(/on (http:\/\/127\.0\.0\.1:\d+)\//);
      if (m) { clearTimeout(timer); resolve({ url: m[1], proc }); }
    });
    proc.stderr.on('data', (d) => { out += d; });
    proc.on('exit', (code) => { clearTimeout(timer); reject(new Error(`server exited ${code}: ${out}`)); });
  });
}

export async function launch() {
  return chromium.launch({ executablePath: process.env.CHROMIUM || '/usr/bin/chromium', headless: true, args: chromiumArgs });
}

export function testdata(name) {
  return readFileSync(path.join(root, 'tests', 'browser', 'testdata', name));
}

// dropFiles drops files on the page the way a user does: a synthetic DataTransfer in a
// drop event on the page body.
export async function dropFiles(page, files) {
  await page.evaluate((list) => {
    const dt = new DataTransfer();
    for (const f of list) dt.items.add(new File([new Uint8Array(f.bytes)], f.name));
    const target = document.querySelector('#screen-col') || document.body;
    target.dispatchEvent(new DragEvent('dragenter', { dataTransfer: dt, bubbles: true, cancelable: true }));
    target.dispatchEvent(new DragEvent('drop', { dataTransfer: dt, bubbles: true, cancelable: true }));
  }, files.map((f) => ({ name: f.name, bytes: Array.from(f.bytes) })));
}

// openApp navigates to the app and waits until the wasm is up and the API is there.
// init, if given, runs in the page before any of the page's own scripts (page.addInitScript).
export async function openApp(browser, url, query = '', { init } = {}) {
  const page = await browser.newPage({ viewport: { width: 1280, height: 720 } });
  if (init) await page.addInitScript(init);
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
  await page.goto(`${url}/index.html${query}`);
  await page.waitForFunction(() => window.x16scope !== undefined, null, { timeout: 120000 });
  page.x16errors = errors;
  return page;
}

// cli runs the native x16scope and returns its stdout.
export function cli(...args) {
  return execFileSync(path.join(root, 'bin', 'x16scope'), args, { cwd: root, encoding: 'utf8', maxBuffer: 64 << 20 });
}

// decodeInPage decodes PNG bytes to RGBA inside the page (no PNG decoder in node's stdlib).
export async function decodeInPage(page, bytes) {
  return page.evaluate(async (arr) => {
    const blob = new Blob([new Uint8Array(arr)], { type: 'image/png' });
    const bmp = await createImageBitmap(blob, { colorSpaceConversion: 'none', premultiplyAlpha: 'none' });
    const c = new OffscreenCanvas(bmp.width, bmp.height);
    const ctx = c.getContext('2d');
    ctx.drawImage(bmp, 0, 0);
    return { width: bmp.width, height: bmp.height, data: Array.from(ctx.getImageData(0, 0, bmp.width, bmp.height).data) };
  }, Array.from(bytes));
}

// stepFrames runs n machine frames one at a time with the API's stepFrame.
export async function stepFrames(page, n) {
  await page.evaluate(async (count) => {
    for (let i = 0; i < count; i++) {
      const f = x16scope.status().frame;
      x16scope.stepFrame();
      const t0 = performance.now();
      while (x16scope.status().frame === f) {
        if (performance.now() - t0 > 10000) throw new Error(`frame ${f} did not complete`);
        await new Promise((r) => setTimeout(r, 2));
      }
    }
  }, n);
}

// makeZip builds a zip (stored, no compression) from {name: bytes}, for drop tests.
export function makeZip(files) {
  const locals = [];
  const centrals = [];
  let offset = 0;
  for (const [name, data] of Object.entries(files)) {
    const body = Buffer.from(data);
    const fname = Buffer.from(name);
    const crc = zlib.crc32(body);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0); local.writeUInt16LE(20, 4); local.writeUInt16LE(0, 6);
    local.writeUInt16LE(0, 8); local.writeUInt32LE(0, 10); local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(body.length, 18); local.writeUInt32LE(body.length, 22);
    local.writeUInt16LE(fname.length, 26); local.writeUInt16LE(0, 28);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0); central.writeUInt16LE(20, 4); central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0, 8); central.writeUInt16LE(0, 10); central.writeUInt32LE(0, 12);
    central.writeUInt32LE(crc, 16); central.writeUInt32LE(body.length, 20); central.writeUInt32LE(body.length, 24);
    central.writeUInt16LE(fname.length, 28); central.writeUInt32LE(offset, 42);
    locals.push(local, fname, body);
    centrals.push(central, fname);
    offset += 30 + fname.length + body.length;
  }
  const cd = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0); end.writeUInt16LE(Object.keys(files).length, 8);
  end.writeUInt16LE(Object.keys(files).length, 10); end.writeUInt32LE(cd.length, 12); end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, cd, end]);
}

// peekIs waits until CPU memory from addr holds the bytes want (the guest writes them once
// a frame; this waits for the frame that has them, with no fixed delay).
export async function peekIs(page, addr, want, what) {
  try {
    await page.waitForFunction(([a, w]) => {
      const got = x16scope.peek(a, w.length);
      return w.every((v, i) => got[i] === v);
    }, [addr, want], { timeout: 10000 });
  } catch (e) {
    const got = await page.evaluate(([a, n]) => Array.from(x16scope.peek(a, n)), [addr, want.length]);
    const hex = (l) => l.map((v) => v.toString(16).padStart(2, '0')).join(' ');
    throw new Error(`${what}: memory at $${addr.toString(16)} is ${hex(got)}, want ${hex(want)}`);
  }
}

// useBrowser registers the hooks every browser test file needs: before its tests, build
// (unless prebuilt), start the server and launch Chromium, handing both to set; after them,
// close and stop them and, given measured, write it to test-results/browser/file and print
// it under label.
export function useBrowser(set, { measured, file, label } = {}) {
  let server;
  let browser;
  before(async () => {
    ensureBuilt();
    server = await startServer();
    browser = await launch();
    set(server, browser);
  });
  after(async () => {
    if (browser) await browser.close();
    if (server) server.proc.kill();
    if (measured) {
      writeFileSync(path.join(artifacts, file), JSON.stringify(measured, null, 2));
      console.log(`${label}:`, JSON.stringify(measured));
    }
  });
}
