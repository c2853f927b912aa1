// Runs the Workers build of the share service locally under `wrangler dev` (pinned in
// package.json), on 127.0.0.1 only, with its R2 bucket in a temporary folder.
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => { const { port } = srv.address(); srv.close(() => resolve(port)); });
    srv.on('error', reject);
  });
}

// startWrangler resolves to {url, proc, stop} once the worker answers. args are further
// wrangler dev arguments (--config FILE: another configuration).
export async function startWrangler(args = []) {
  const port = await freePort();
  const state = mkdtempSync(path.join(os.tmpdir(), 'x16scope-wrangler-'));
  const proc = spawn(path.join(root, 'node_modules', '.bin', 'wrangler'),
    ['dev', '--ip', '127.0.0.1', '--port', String(port), '--inspector-port', String(await freePort()),
      '--persist-to', state, '--log-level', 'warn', ...args],
    { cwd: root, env: { ...process.env, WRANGLER_SEND_METRICS: 'false', CI: 'true' }, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  proc.stdout.on('data', (d) => { out += d; });
  proc.stderr.on('data', (d) => { out += d; });
  const url = `http://127.0.0.1:${port}`;
  const stop = () => new Promise((resolve) => {
    if (proc.exitCode !== null) { resolve(); return; }
    proc.on('exit', () => resolve());
    proc.kill('SIGTERM');
    setTimeout(() => proc.kill('SIGKILL'), 5000);
  });
  const deadline = Date.now() + 120000;
  for (;;) {
    if (proc.exitCode !== null) throw new Error(`wrangler dev exited ${proc.exitCode}:\n${out}`);
    try {
      const res = await fetch(`${url}/api/captures/AAAAAAAAAAAAAAAA`);
      await res.arrayBuffer();
      if (res.status === 404) return { url, proc, stop, output: () => out };
    } catch (e) { /* not up yet */ }
    if (Date.now() > deadline) { await stop(); throw new Error(`wrangler dev did not answer in time:\n${out}`); }
    await new Promise((r) => setTimeout(r, 250));
  }
}
