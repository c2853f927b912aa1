// Reverse debugging through a real DAP client: VS Code's own test client
// (@vscode/debugadapter-testsupport) spawns `x16scope dap` on stdin/stdout, as the editor does,
// and debugs a ca65 program (dapdemo.s) and a cc65 program (clocals.c) from
// cmd/x16scope/testdata: a breakpoint, continue, steps forward, then stepBack by line and by
// instruction and reverseContinue, each of which must show the call stack, registers and
// memory the forward run showed at the same point.
//
// Run: node --test tests/dap/ (builds the CLI into a temporary folder; X16SCOPE_DAP_BIN=path
// uses a binary already built).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import testsupport from '@vscode/debugadapter-testsupport';

const { DebugClient } = testsupport;
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const testdata = path.join(root, 'cmd/x16scope/testdata');

let bin = process.env.X16SCOPE_DAP_BIN;
let built;
before(() => {
  if (bin) return;
  built = mkdtempSync(path.join(tmpdir(), 'x16scope-dap-'));
  bin = path.join(built, 'x16scope');
  const ldflags = execFileSync('bash', ['scripts/version.sh', '--ldflags'], { cwd: root, encoding: 'utf8' }).trim();
  execFileSync('go', ['build', `-ldflags=${ldflags}`, '-o', bin, './cmd/x16scope'], {
    cwd: root, stdio: 'inherit', env: { ...process.env, CGO_ENABLED: '0' },
  });
});
after(() => { if (built) rmSync(built, { recursive: true, force: true }); });

// A client on a fresh `x16scope dap`, stopped with the adapter at the end of the test.
async function client(t) {
  const dc = new DebugClient(bin, 'dap', 'x16scope');
  dc.defaultTimeout = 30000;
  await dc.start();
  t.after(() => dc.stop());
  return dc;
}

// launch initializes, launches the program and sets the breakpoints (path -> lines) before
// configurationDone, then waits for the first stop.
async function launch(dc, args, breakpoints) {
  const init = await dc.initializeRequest();
  assert.equal(init.body.supportsStepBack, true, 'supportsStepBack');
  // The build names itself beside its capabilities: x16scope version prints the same.
  const version = execFileSync(bin, ['version'], { encoding: 'utf8' }).trim();
  assert.equal(`x16scope ${init.body.x16scopeVersion}`, version, 'initialize names the version');
  const initialized = dc.waitForEvent('initialized');
  await dc.launchRequest({ maxSpeed: true, ...args });
  await initialized;
  for (const [src, lines] of Object.entries(breakpoints)) {
    const r = await dc.setBreakpointsRequest({ source: { path: src }, breakpoints: lines.map((line) => ({ line })) });
    assert.ok(r.body.breakpoints.every((b) => b.verified), `breakpoints in ${src}: ${JSON.stringify(r.body.breakpoints)}`);
  }
  const stopped = dc.waitForEvent('stopped');
  await dc.configurationDoneRequest();
  const ev = await stopped;
  assert.equal(ev.body.reason, 'breakpoint');
}

// go sends a request and waits for the stop it leads to: the event is awaited from before
// the request, as it may arrive in the same read as the response.
async function go(dc, command, args, reason) {
  const stopped = dc.waitForEvent('stopped');
  await dc.send(command, { threadId: 1, ...args });
  const ev = await stopped;
  assert.equal(ev.body.reason, reason, `${command} ${JSON.stringify(args)}: stopped for ${ev.body.reason} (${ev.body.description})`);
}

// position is what the editor shows at a stop: every frame of the call stack, the variables
// of the Registers scope (and the C function's locals), and the memory regions asked for.
async function position(dc, regions) {
  const st = await dc.stackTraceRequest({ threadId: 1 });
  const frames = st.body.stackFrames.map((f) => ({
    name: f.name, line: f.line, path: f.source?.path, ip: f.instructionPointerReference,
  }));
  const scopes = (await dc.scopesRequest({ frameId: st.body.stackFrames[0].id })).body.scopes;
  const vars = {};
  for (const sc of scopes.filter((s) => s.name === 'Registers' || s.name.startsWith('Locals of '))) {
    const v = await dc.variablesRequest({ variablesReference: sc.variablesReference });
    vars[sc.name] = Object.fromEntries(v.body.variables.map((x) => [x.name, x.value]));
  }
  const memory = {};
  for (const [ref, count] of regions) {
    const m = await dc.send('readMemory', { memoryReference: ref, count });
    memory[ref] = m.body.data;
  }
  return { frames, vars, memory };
}

// steps runs n requests of one kind forward, returning the position after each.
async function steps(dc, n, command, args, reason, regions) {
  const out = [];
  for (let i = 0; i < n; i++) {
    await go(dc, command, args, reason);
    out.push(await position(dc, regions));
  }
  return out;
}

// back steps back over positions (the newest last), requiring each in turn.
async function back(dc, positions, command, args, reason, regions, what) {
  for (let i = positions.length - 1; i >= 0; i--) {
    await go(dc, command, args, reason);
    assert.deepEqual(await position(dc, regions), positions[i], `${what}: back to forward point ${i}`);
  }
}

test('ca65: stepBack by line and instruction, reverseContinue, on dapdemo.s', async (t) => {
  const dc = await client(t);
  const src = path.join(testdata, 'dapdemo.s');
  // counter and total ($30-$31) and the page after, and the stack page.
  const regions = [['0x0030', 32], ['0x0100', 256]];
  await launch(dc, { program: path.join(testdata, 'dapdemo.prg') }, { [src]: [15] });
  // Once a frame at "again: jsr work": 20 frames in, the window holds several keyframes.
  for (let i = 0; i < 20; i++) await go(dc, 'continue', {}, 'breakpoint');
  const start = await position(dc, regions);
  assert.equal(start.frames[0].line, 15);
  assert.equal(start.frames[0].path, src);

  // By line: 15 (the call stepped over) -> 16 -> 17 -> 18 -> 19, and back.
  const lines = [start, ...await steps(dc, 4, 'next', {}, 'step', regions)];
  assert.deepEqual(lines.map((p) => p.frames[0].line), [15, 16, 17, 18, 19]);
  assert.equal(lines[1].vars.Registers.X, '$64', 'work ran: X = 100');
  await back(dc, lines.slice(0, -1), 'stepBack', {}, 'step', regions, 'stepBack by line');

  // By instruction: into work and through its loop, and back.
  const ins = [start, ...await steps(dc, 10, 'stepIn', { granularity: 'instruction' }, 'step', regions)];
  assert.equal(ins[1].frames[0].name, 'work');
  assert.equal(ins[1].frames[1].line, 15, 'the call site is the outer frame');
  await back(dc, ins.slice(0, -1), 'stepBack', { granularity: 'instruction' }, 'step', regions, 'stepBack by instruction');

  // Forward again from the past replays what was recorded.
  assert.deepEqual((await steps(dc, 4, 'next', {}, 'step', regions)), lines.slice(1), 'next after stepping back');
  await back(dc, lines.slice(0, -1), 'stepBack', {}, 'step', regions, 'stepBack by line again');

  // reverseContinue: back to the hits of the breakpoint, newest first.
  const hits = [start, ...await steps(dc, 3, 'continue', {}, 'breakpoint', regions)];
  assert.notDeepEqual(hits[1].memory, hits[2].memory, 'counter changes from hit to hit');
  await back(dc, hits.slice(0, -1), 'reverseContinue', {}, 'breakpoint', regions, 'reverseContinue');

  // A data breakpoint on counter: back to the inc that wrote it, a frame before.
  await dc.setBreakpointsRequest({ source: { path: src }, breakpoints: [] });
  const info = await dc.dataBreakpointInfoRequest({ name: 'counter' });
  await dc.setDataBreakpointsRequest({ breakpoints: [{ dataId: info.body.dataId, accessType: 'write' }] });
  await go(dc, 'reverseContinue', {}, 'data breakpoint');
  const write = await position(dc, regions);
  assert.equal(write.frames[0].line, 17, 'stopped after inc counter');
  assert.equal(write.memory['0x0030'].slice(0, 2), start.memory['0x0030'].slice(0, 2), 'counter as at the first hit');
  // Going forward from there reaches the first hit's point again.
  await dc.setDataBreakpointsRequest({ breakpoints: [] });
  await dc.setBreakpointsRequest({ source: { path: src }, breakpoints: [{ line: 15 }] });
  await go(dc, 'continue', {}, 'breakpoint');
  assert.deepEqual(await position(dc, regions), start, 'continue from the write to the next hit');
});

test('cc65: stepBack by line and instruction, reverseContinue, on clocals.c', async (t) => {
  const dc = await client(t);
  const src = path.join(testdata, 'clocals.c');
  // The zero page (cc65's sp and register bank), the stack page, the top of the C stack.
  const regions = [['0x0000', 256], ['0x0100', 256], ['0x9E00', 256]];
  await launch(dc, { program: path.join(testdata, 'clocals.prg') }, { [src]: [14] });
  const start = await position(dc, regions);
  assert.equal(start.frames[0].line, 14);
  assert.ok('Locals of main' in start.vars, `scopes at main: ${Object.keys(start.vars)}`);

  // main by line: 14 -> 15 (s = sum(count), stepped over) -> 16, and back.
  const lines = [start, ...await steps(dc, 2, 'next', {}, 'step', regions)];
  assert.deepEqual(lines.map((p) => p.frames[0].line), [14, 15, 16]);
  assert.match(lines[2].vars['Locals of main'].s, /= 55\)/, 'sum ran');
  await back(dc, lines.slice(0, -1), 'stepBack', {}, 'step', regions, 'stepBack by line in main');

  // Into sum and through its loop by line, and back (out of sum to the call's line).
  await go(dc, 'next', {}, 'step'); // to line 15
  const call = await position(dc, regions);
  const inSum = [call, ...await steps(dc, 1, 'stepIn', {}, 'step', regions), ...await steps(dc, 6, 'next', {}, 'step', regions)];
  assert.ok(inSum.slice(1).every((p) => p.frames[0].line >= 4 && p.frames[0].line <= 10), `lines in sum: ${inSum.map((p) => p.frames[0].line)}`);
  assert.ok('Locals of sum' in inSum[3].vars, 'the locals of sum');
  await back(dc, inSum.slice(0, -1), 'stepBack', {}, 'step', regions, 'stepBack by line in sum');

  // By instruction from the call, and back.
  const ins = [call, ...await steps(dc, 12, 'stepIn', { granularity: 'instruction' }, 'step', regions)];
  await back(dc, ins.slice(0, -1), 'stepBack', { granularity: 'instruction' }, 'step', regions, 'stepBack by instruction');

  // reverseContinue from deep in sum: back to the breakpoint at line 14.
  await steps(dc, 5, 'next', {}, 'step', regions);
  await go(dc, 'reverseContinue', {}, 'breakpoint');
  assert.deepEqual(await position(dc, regions), start, 'reverseContinue to the breakpoint');
});
