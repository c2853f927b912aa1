// profile-page.mjs: a CPU profile of the page running one program (developer tool, not a test).
// Usage: node scripts/profile-page.mjs PRG [seconds] [warp]
// Prints the functions with the most self time (wasm functions by their Go names).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { root, ensureBuilt, startServer, launch } from '../tests/browser/harness.mjs';

const [file, secs = '3', mode = ''] = process.argv.slice(2);
if (!file) throw new Error('usage: node scripts/profile-page.mjs PRG [seconds] [warp]');
ensureBuilt();
const { url, proc } = await startServer();
const browser = await launch();
try {
  const page = await browser.newPage({ viewport: { width: 1280, height: 720 } });
  await page.goto(`${url}/index.html`, { timeout: 180000 });
  await page.waitForFunction(() => window.x16scope !== undefined, null, { timeout: 180000 });
  const bytes = Array.from(readFileSync(path.resolve(root, file)));
  await page.evaluate(([b, n]) => x16scope.loadPRG(new Uint8Array(b), n), [bytes, path.basename(file)]);
  if (mode === 'warp') await page.evaluate(() => x16scope.setWarp(true));
  await page.waitForTimeout(4000);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  await cdp.send('Profiler.start');
  await page.waitForTimeout(Number(secs) * 1000);
  const { profile } = await cdp.send('Profiler.stop');
  const self = new Map();
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  for (const id of profile.samples) {
    const name = byId.get(id).callFrame.functionName || '(anonymous)';
    self.set(name, (self.get(name) || 0) + 1);
  }
  const total = profile.samples.length;
  for (const [name, n] of [...self].sort((a, b) => b[1] - a[1]).slice(0, 40)) {
    console.log(`${(100 * n / total).toFixed(1).padStart(5)}% ${name}`);
  }
} finally {
  await browser.close();
  proc.kill();
}
