// Bounded load test of the share service on loopback (make loadtest): UPLOADS distinct
// captures, then READS downloads of random ones, from CLIENTS concurrent clients, against
// the native server (bin/serve) and the Workers build under wrangler dev. Every download
// must return exactly the bytes uploaded under its id (nothing lost, nothing mixed up).
// Prints p50/p99 latencies per phase and writes test-results/load.json.
import { spawn, execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { startWrangler, root } from '../worker/wrangler.mjs';

const UPLOADS = +(process.env.LOAD_UPLOADS || 2000);
const READS = +(process.env.LOAD_READS || 20000);
const CLIENTS = +(process.env.LOAD_CLIENTS || 32);
const TARGETS = (process.env.LOAD_TARGETS || 'native,wrangler').split(',');

// variants re-encodes a real capture with one more section ("LOAD", a counter), so every
// upload is a distinct, valid capture of realistic size.
function variants(base, n) {
  const hdr = base.subarray(0, 24);
  const raw = zlib.inflateRawSync(base.subarray(24));
  const out = [];
  for (let i = 0; i < n; i++) {
    const extra = Buffer.alloc(10 + 4);
    extra.write('LOAD', 0);
    extra.writeUInt16LE(1, 4);
    extra.writeUInt32LE(4, 6);
    extra.writeUInt32LE(i, 10);
    const stream = Buffer.concat([raw, extra]);
    const h = Buffer.from(hdr);
    h.writeUInt32LE(stream.length, 16);
    h.writeUInt32LE(zlib.crc32(stream), 20);
    out.push(Buffer.concat([h, zlib.deflateRawSync(stream, { level: 1 })]));
  }
  return out;
}

function pct(sorted, p) { return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]; }
function summary(lat) {
  const s = Float64Array.from(lat).sort();
  return { n: s.length, p50: +pct(s, 0.5).toFixed(2), p99: +pct(s, 0.99).toFixed(2), max: +s[s.length - 1].toFixed(2) };
}

async function pool(n, fn) {
  let next = 0;
  await Promise.all(Array.from({ length: CLIENTS }, async () => {
    for (let i = next++; i < n; i = next++) await fn(i);
  }));
}

// attempt sends a request, retrying (with a short pause) when the answer is not the
// service's: wrangler dev answers "Your worker restarted mid-request" when the one local
// isolate restarts under this load, and tells clients to send again. Retries are counted.
let retries = 0;
async function attempt(send) {
  for (let i = 0; ; i++) {
    try {
      const res = await send();
      const body = Buffer.from(await res.arrayBuffer());
      const type = res.headers.get('content-type') || '';
      if (i < 5 && res.status >= 500 && !type.startsWith('application/json')) throw new Error(body.toString().slice(0, 80));
      return { res, body };
    } catch (e) {
      if (i >= 5) throw e;
      retries++;
      await new Promise((r) => setTimeout(r, 50 * (i + 1)));
    }
  }
}

async function run(url, bodies) {
  retries = 0;
  const sha = (b) => createHash('sha256').update(b).digest('hex');
  const ids = new Array(bodies.length);
  const upLat = [];
  const errors = [];
  let t0 = performance.now();
  await pool(bodies.length, async (i) => {
    const t = performance.now();
    const { res, body } = await attempt(() => fetch(`${url}/api/captures`, { method: 'POST', body: bodies[i] }));
    let j = {};
    try { j = JSON.parse(body); } catch (e) { j = { error: body.toString().slice(0, 80) }; }
    upLat.push(performance.now() - t);
    if (res.status !== 201) errors.push(`upload ${i}: ${res.status} ${JSON.stringify(j)}`);
    ids[i] = j.id;
  });
  const upSecs = (performance.now() - t0) / 1000;
  const want = bodies.map(sha);
  const readLat = [];
  let rng = 12345;
  t0 = performance.now();
  await pool(READS, async () => {
    rng = (rng * 1103515245 + 12345) & 0x7fffffff;
    const i = rng % bodies.length;
    const t = performance.now();
    const { res, body: b } = await attempt(() => fetch(`${url}/api/captures/${ids[i]}`));
    readLat.push(performance.now() - t);
    if (res.status !== 200 || sha(b) !== want[i]) errors.push(`read ${ids[i]}: ${res.status}, ${b.length} bytes`);
  });
  const readSecs = (performance.now() - t0) / 1000;
  return {
    uploads: { ...summary(upLat), perSec: +(bodies.length / upSecs).toFixed(1) },
    reads: { ...summary(readLat), perSec: +(READS / readSecs).toFixed(1) },
    distinctIds: new Set(ids).size,
    retries,
    errors: errors.length,
    firstErrors: errors.slice(0, 5),
  };
}

async function startNative(dataDir) {
  const proc = spawn(path.join(root, 'bin', 'serve'), ['-addr', '127.0.0.1:0', '-dir', 'web', '-data', dataDir], { cwd: root });
  const url = await new Promise((resolve, reject) => {
    let out = '';
    proc.stdout.on('data', (d) => { out += d; const m = out.match(/on (http:\/\/127\.0\.0\.1:\d+)\//); if (m) resolve(m[1]); });
    proc.on('exit', (c) => reject(new Error(`serve exited ${c}: ${out}`)));
  });
  return { url, stop: () => new Promise((r) => { proc.on('exit', r); proc.kill('SIGTERM'); }) };
}

const tmp = mkdtempSync(path.join(os.tmpdir(), 'x16scope-load-'));
const capFile = path.join(tmp, 'base.x16c');
execFileSync(path.join(root, 'bin', 'x16scope'), ['run', 'core/testdata/busy.prg', '--frames', '12', '--capture-at', '10', '-o', capFile], { cwd: root });
const bodies = variants(readFileSync(capFile), UPLOADS);
const results = { uploads: UPLOADS, reads: READS, clients: CLIENTS, captureBytes: bodies[0].length, cpus: os.cpus().length, loadavg: os.loadavg() };
for (const target of TARGETS) {
  const srv = target === 'native' ? await startNative(path.join(tmp, 'data')) : await startWrangler();
  try {
    results[target] = await run(srv.url, bodies);
  } finally { await srv.stop(); }
  console.log(target, JSON.stringify(results[target]));
}
mkdirSync(path.join(root, 'test-results'), { recursive: true });
writeFileSync(path.join(root, 'test-results', 'load.json'), JSON.stringify(results, null, 2));
const bad = TARGETS.filter((t) => results[t].errors > 0 || results[t].distinctIds !== UPLOADS);
if (bad.length) { console.error(`lost or wrong captures on: ${bad.join(', ')}`); process.exit(1); }
