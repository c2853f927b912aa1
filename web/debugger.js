// x16scope debugger panel: break/continue/step, disassembly with breakpoints, registers
// and flags (editable when stopped), breakpoints and watchpoints, a memory view (RAM,
// banked RAM, VRAM) with follow and edits, and VERA viewers (palette, sprites, tiles);
// plus the profiler ties. It publishes window.x16scope.debug over the Go functions
// (cmd/wasm/debugapi_js.go); all decisions happen in Go, this file draws and forwards.
'use strict';

(() => {
  let go = null;
  const el = (tag, attrs = {}, ...kids) => {
    const e = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs)) {
      if (k === 'class') e.className = v;
      else if (k.startsWith('on')) e.addEventListener(k.slice(2), v);
      else e.setAttribute(k, v);
    }
    for (const k of kids) e.append(k);
    return e;
  };
  const hex = (v, n) => v.toString(16).toUpperCase().padStart(n, '0');
  const parseNum = (s) => {
    s = String(s).trim();
    if (s.startsWith('$')) return parseInt(s.slice(1), 16);
    if (/^0x/i.test(s)) return parseInt(s.slice(2), 16);
    if (s.startsWith('%')) return parseInt(s.slice(1), 2);
    return /^[0-9]+$/.test(s) ? parseInt(s, 10) : parseInt(s, 16);
  };
  function check(r) { if (r instanceof Error) throw r; return r; }

  // ---- the public API: window.x16scope.debug ----
  const debug = {
    state(at, lines) { return JSON.parse(check(go.dbgState(at ?? -1, lines ?? 24))); },
    break() { go.dbgBreak(); refresh(); },
    continue() { go.dbgContinue(); refresh(); },
    step(kind) { check(go.dbgStep(kind || 'instruction')); refresh(); },
    toggleBreakpoint(addr) { check(go.dbgToggleBreakpoint(addr)); refresh(); },
    setBreakpoint(addr, bank, on) { check(go.dbgSetBreakpoint(addr, bank ?? -1, on !== false)); refresh(); },
    setWatchpoints(list) { check(go.dbgSetWatchpoints(JSON.stringify(list || []))); refresh(); },
    setBreakOn(brk, stp) { go.dbgSetBreakOn(!!brk, !!stp); refresh(); },
    setRaster(line) { check(go.dbgSetRaster(line)); refresh(); },
    breakOnOverrun(on) { go.dbgBreakOnOverrun(!!on); refresh(); },
    breakAtOverrunStart(on) { go.dbgBreakAtOverrunStart(!!on); refresh(); },
    breakOnRegion(n, share) { check(go.dbgBreakOnRegion(n, share)); refresh(); },
    loadDebugInfo(name, bytes) { check(go.dbgLoadDebugInfo(name, bytes)); refresh(); },
    setRegister(name, v) { check(go.dbgSetRegister(name, v)); refresh(); },
    read(space, bank, addr, n) { return check(go.dbgRead(space, bank, addr, n)); },
    write(space, bank, addr, bytes) { check(go.dbgWrite(space, bank, addr, Uint8Array.from(bytes))); refresh(); },
    palette() { return JSON.parse(check(go.dbgPalette())); },
    sprites() { return JSON.parse(check(go.dbgSprites())); },
    spritePixels(n) { return check(go.dbgSpritePixels(n)); },
    tiles(addr, bpp, w, h, count, palOffset) { return check(go.dbgTiles(addr, bpp, w, h, count, palOffset || 0)); },
  };

  // ---- the panel ----
  const ui = {};
  function report(e) {
    ui.msg.textContent = e ? (e.message || String(e)) : '';
  }
  function act(f) {
    return () => { try { f(); report(null); } catch (e) { report(e); } };
  }
  function button(label, title, f, id) {
    return el('button', { title, id, onclick: act(f) }, label);
  }
  function build() {
    ui.msg = el('span', { class: 'dbg-msg', role: 'status' });
    ui.why = el('span', { id: 'dbg-why' });
    ui.run = button('Break', 'Stop or continue (F8)', () => (last && last.stopped ? debug.continue() : debug.break()), 'dbg-run');
    const bar = el('div', { class: 'dbg-bar' }, ui.run,
      button('Step', 'One instruction, into calls (F11)', () => debug.step('instruction'), 'dbg-step'),
      button('Over', 'One instruction, over a JSR (F10)', () => debug.step('over'), 'dbg-over'),
      button('Out', 'To the RTS of this routine (Shift+F11)', () => debug.step('out'), 'dbg-out'),
      button('Line', 'To the next source line (needs a .dbg)', () => debug.step('line'), 'dbg-line'),
      button('Frame', 'To the next VSYNC', () => debug.step('frame'), 'dbg-frame'), ui.why);

    ui.overrun = el('input', { type: 'checkbox', id: 'dbg-tie-overrun', onchange: act(() => debug.breakOnOverrun(ui.overrun.checked)) });
    ui.overrunStart = el('input', { type: 'checkbox', id: 'dbg-tie-overrun-start', onchange: act(() => debug.breakAtOverrunStart(ui.overrunStart.checked)) });
    ui.region = el('input', { type: 'number', id: 'dbg-tie-region', min: 1, max: 111, value: 1, size: 3 });
    ui.share = el('input', { type: 'number', id: 'dbg-tie-share', min: 0.1, step: 'any', value: 25, size: 4 });
    ui.regionOn = el('input', { type: 'checkbox', id: 'dbg-tie-region-on',
      onchange: act(() => debug.breakOnRegion(ui.regionOn.checked ? +ui.region.value : 0, +ui.share.value)) });
    ui.brk = el('input', { type: 'checkbox', id: 'dbg-brk', onchange: act(() => debug.setBreakOn(ui.brk.checked, ui.stp.checked)) });
    ui.stp = el('input', { type: 'checkbox', id: 'dbg-stp', onchange: act(() => debug.setBreakOn(ui.brk.checked, ui.stp.checked)) });
    ui.raster = el('input', { type: 'number', id: 'dbg-raster', min: -1, max: 524, value: -1, size: 4,
      onchange: act(() => debug.setRaster(+ui.raster.value)) });
    ui.dbgFile = el('input', { type: 'file', id: 'dbg-file', accept: '.dbg', hidden: '' });
    ui.dbgFile.addEventListener('change', async () => {
      const f = ui.dbgFile.files[0];
      if (!f) return;
      try { debug.loadDebugInfo(f.name, new Uint8Array(await f.arrayBuffer())); report(null); } catch (e) { report(e); }
      ui.dbgFile.value = '';
    });
    const ties = el('div', { class: 'dbg-bar' },
      el('label', {}, ui.overrun, ' break when the frame runs past its budget'),
      el('label', {}, ui.overrunStart, ' break at the start of the next frame that runs past its budget'),
      el('label', {}, ui.regionOn, ' … when region ', ui.region, ' passes ', ui.share, '% of it'),
      el('label', {}, ui.brk, ' BRK'), el('label', {}, ui.stp, ' STP'),
      el('label', {}, 'raster line ', ui.raster),
      button('Load .dbg…', 'ld65 --dbgfile output: source lines and labels', () => ui.dbgFile.click(), 'dbg-load'), ui.dbgFile);

    ui.disasm = el('div', { id: 'dbg-disasm', class: 'dbg-mono', title: 'click a line to set or clear a breakpoint' });
    ui.regs = el('div', { id: 'dbg-regs', class: 'dbg-mono' });
    ui.bpAddr = el('input', { id: 'dbg-bp-addr', placeholder: '$0810 or 02:A000', size: 12 });
    ui.bps = el('ul', { id: 'dbg-bps', class: 'dbg-mono' });
    const bpForm = el('div', {}, ui.bpAddr, button('Add', 'Add a PC breakpoint', () => {
      const t = ui.bpAddr.value.trim();
      const m = /^([0-9a-f]{1,2}):(.*)$/i.exec(t);
      if (m) debug.setBreakpoint(parseNum(m[2]), parseInt(m[1], 16), true);
      else debug.setBreakpoint(parseNum(t), -1, true);
    }, 'dbg-bp-add'));
    ui.wSpace = el('select', { id: 'dbg-w-space' }, el('option', { value: 'cpu' }, 'cpu'), el('option', { value: 'banked' }, 'banked'), el('option', { value: 'vram' }, 'vram'));
    ui.wAccess = el('select', { id: 'dbg-w-access' }, el('option', { value: 'w' }, 'write'), el('option', { value: 'r' }, 'read'), el('option', { value: 'rw' }, 'read/write'));
    ui.wAddr = el('input', { id: 'dbg-w-addr', placeholder: 'address', size: 8 });
    ui.wLen = el('input', { id: 'dbg-w-len', placeholder: 'len', size: 3, value: '1' });
    ui.wBank = el('input', { id: 'dbg-w-bank', placeholder: 'bank', size: 3, value: '0' });
    const wForm = el('div', {}, ui.wSpace, ui.wAccess, ui.wAddr, ui.wLen, ui.wBank, button('Watch', 'Add a watchpoint', () => {
      const list = (last ? last.watchpoints : []).map(fromWatch);
      list.push({ space: ui.wSpace.value, access: ui.wAccess.value, addr: parseNum(ui.wAddr.value), len: parseNum(ui.wLen.value) || 1, bank: parseNum(ui.wBank.value) || 0 });
      debug.setWatchpoints(list);
    }, 'dbg-w-add'), button('VERA regs', 'Watch writes to VERA registers', () => {
      const list = (last ? last.watchpoints : []).map(fromWatch);
      list.push({ space: 'cpu', access: 'w', addr: 0x9F20, len: 32, bank: 0 });
      debug.setWatchpoints(list);
    }));

    ui.mSpace = el('select', { id: 'dbg-m-space' }, el('option', { value: 'cpu' }, 'cpu'), el('option', { value: 'banked' }, 'banked RAM'), el('option', { value: 'vram' }, 'VRAM'));
    ui.mBank = el('input', { id: 'dbg-m-bank', size: 3, value: '0', title: 'RAM bank' });
    ui.mAddr = el('input', { id: 'dbg-m-addr', size: 8, value: '$0000' });
    ui.mFollow = el('select', { id: 'dbg-m-follow' }, el('option', { value: '' }, 'no follow'), el('option', { value: 'pc' }, 'follow PC'), el('option', { value: 'sp' }, 'follow stack'));
    ui.mem = el('pre', { id: 'dbg-mem', class: 'dbg-mono' });
    ui.mEdit = el('input', { id: 'dbg-m-edit', placeholder: 'addr: bytes, e.g. $0400: 01 02', size: 24 });
    const memBar = el('div', {}, ui.mSpace, ui.mBank, ui.mAddr, ui.mFollow,
      ui.mEdit, button('Write', 'Write bytes (hex) at an address', () => {
        const [a, rest] = ui.mEdit.value.split(':');
        const bytes = (rest || '').trim().split(/\s+/).filter(Boolean).map((b) => parseInt(b, 16));
        if (!rest || bytes.some((b) => !(b >= 0 && b <= 255))) throw new Error('write: want "address: hex bytes"');
        debug.write(ui.mSpace.value, parseNum(ui.mBank.value) || 0, memAddr(parseNum(a)), bytes);
      }, 'dbg-m-write'));
    for (const c of [ui.mSpace, ui.mBank, ui.mAddr, ui.mFollow]) c.addEventListener('change', act(refresh));

    ui.pal = el('canvas', { id: 'dbg-palette', width: 256, height: 256, title: 'palette: 16 x 16 entries' });
    ui.sprites = el('div', { id: 'dbg-sprites', class: 'dbg-mono' });
    ui.tAddr = el('input', { id: 'dbg-t-addr', size: 8, value: '$1F000' });
    ui.tBpp = el('select', { id: 'dbg-t-bpp' }, ...[1, 2, 4, 8].map((b) => el('option', { value: b }, `${b} bpp`)));
    ui.tSize = el('select', { id: 'dbg-t-size' }, el('option', { value: 8 }, '8x8'), el('option', { value: 16 }, '16x16'));
    ui.tCount = el('input', { id: 'dbg-t-count', size: 4, value: '256' });
    ui.tiles = el('canvas', { id: 'dbg-tiles', width: 128, height: 128 });
    const vera = el('details', { id: 'dbg-vera' }, el('summary', {}, 'VERA: palette, sprites, tiles'),
      el('div', { class: 'dbg-row' }, ui.pal, ui.sprites),
      el('div', {}, 'tiles at ', ui.tAddr, ui.tBpp, ui.tSize, ' count ', ui.tCount,
        button('Show', 'Draw the tiles', drawTiles, 'dbg-t-show')), ui.tiles);
    vera.addEventListener('toggle', act(drawVERA));

    ui.panel = el('details', { id: 'debugger' }, el('summary', {}, 'Debugger'), bar, ties,
      el('div', { class: 'dbg-row' },
        el('div', {}, el('h3', {}, 'Disassembly'), ui.disasm),
        el('div', {}, el('h3', {}, 'Registers'), ui.regs,
          el('h3', {}, 'Breakpoints'), bpForm, wForm, ui.bps)),
      el('h3', {}, 'Memory'), memBar, ui.mem, vera, ui.msg);
    ui.panel.addEventListener('toggle', act(refresh));
    const style = el('style', {}, `
#debugger { box-sizing: border-box; margin: 8px 0; font-size: 13px; pointer-events: auto; background: var(--panel, #181b21);
  border: 1px solid var(--line, #2a2f38); border-radius: 4px; padding: 6px 8px; overflow-x: auto; }
#debugger button { background: #262b34; color: inherit; border: 1px solid var(--line, #2a2f38); border-radius: 4px; padding: 2px 8px; cursor: pointer; }
#debugger input, #debugger select { background: #0b0c0f; color: inherit; border: 1px solid var(--line, #2a2f38); }
#debugger summary { cursor: pointer; font-weight: bold; }
#debugger h3 { font-size: 13px; margin: 6px 0 2px; }
.dbg-bar { display: flex; flex-wrap: wrap; gap: 6px; align-items: center; margin: 4px 0; }
.dbg-row { display: flex; flex-wrap: wrap; gap: 12px; align-items: flex-start; }
.dbg-mono { font-family: ui-monospace, monospace; font-size: 12px; white-space: pre; }
#dbg-disasm div { cursor: pointer; }
#dbg-disasm .cur { background: #355; }
#dbg-disasm .bp::before { content: '●'; color: #e44; margin-right: 2px; }
#dbg-regs input { width: 3.5em; font-family: inherit; }
#dbg-sprites { max-height: 256px; overflow: auto; }
#dbg-why { opacity: 0.8; }
.dbg-msg { color: #e66; }
#dbg-palette, #dbg-tiles { image-rendering: pixelated; border: 1px solid #555; }`);
    document.head.append(style);
    // Under the screen, in its column: beside the overlay, so the machine, its debugger and
    // the frame's profile are in view together.
    const col = document.querySelector('#screen-col');
    if (col) col.append(ui.panel); else document.body.append(ui.panel);
  }

  function fromWatch(w) {
    const space = ['cpu', 'banked', 'vram'][w.Space] || 'cpu';
    const access = (w.On & 1 ? 'r' : '') + (w.On & 2 ? 'w' : '');
    return { space, access, addr: w.Addr, len: w.Len, bank: w.Bank };
  }
  // memAddr maps what the user types to the space's offset (banked: $A000-$BFFF or 0-$1FFF).
  function memAddr(a) {
    if (ui.mSpace.value === 'banked' && a >= 0xA000) return a - 0xA000;
    return a;
  }

  let last = null;
  function refresh() {
    if (!go || !ui.panel || !ui.panel.open) return;
    const s = debug.state(-1, 20);
    last = s;
    ui.run.textContent = s.stopped ? 'Continue' : 'Break';
    ui.why.textContent = s.stopped ? `stopped: ${s.why}` : (s.running ? 'running' : 'paused');
    ui.panel.dataset.stopped = s.stopped ? '1' : '';
    // Disassembly.
    ui.disasm.replaceChildren(...s.disasm.map((d) => {
      const line = el('div', { class: (d.current ? 'cur ' : '') + (d.break ? 'bp' : ''), 'data-addr': d.addr },
        `${d.label ? d.label + ':\n' : ''}${d.current ? '>' : ' '}${hex(d.addr, 4)}  ${d.bytes.padEnd(9)} ${d.text.padEnd(16)}${d.source ? ' ; ' + d.source : ''}`);
      line.addEventListener('click', act(() => debug.toggleBreakpoint(d.addr)));
      return line;
    }));
    // Registers and flags: editable when stopped.
    const regs = [['A', s.a, 2], ['X', s.x, 2], ['Y', s.y, 2], ['S', s.s, 2], ['P', s.p, 2], ['PC', s.pc, 4]];
    const inputs = regs.map(([n, v, w]) => {
      const i = el('input', { id: `dbg-reg-${n}`, value: hex(v, w), title: `${n} (hex)` });
      if (!s.stopped) i.disabled = true;
      i.addEventListener('change', act(() => debug.setRegister(n, parseInt(i.value, 16))));
      return el('label', {}, `${n} `, i, ' ');
    });
    const flags = ['N', 'V', 'D', 'I', 'Z', 'C'].map((f) => {
      const bit = { N: 0x80, V: 0x40, D: 8, I: 4, Z: 2, C: 1 }[f];
      const c = el('input', { type: 'checkbox', id: `dbg-flag-${f}` });
      c.checked = (s.p & bit) !== 0;
      if (!s.stopped) c.disabled = true;
      c.addEventListener('change', act(() => debug.setRegister(f, c.checked ? 1 : 0)));
      return el('label', {}, c, f, ' ');
    });
    ui.regs.replaceChildren(el('div', {}, ...inputs), el('div', {}, ...flags),
      el('div', {}, `banks RAM ${s.ramBank} ROM ${s.romBank}  frame ${s.frame}  line ${s.line}`),
      el('div', {}, `stack ${s.stack.map((b) => hex(b, 2)).join(' ')}`),
      s.source ? el('div', {}, `source ${s.source}`) : '');
    // Breakpoints and watchpoints.
    ui.bps.replaceChildren(
      ...s.breakpoints.map((b) => el('li', {}, `PC ${b.Bank >= 0 && b.Addr >= 0xA000 ? hex(b.Bank, 2) + ':' : ''}$${hex(b.Addr, 4)} `,
        button('×', 'remove', () => debug.setBreakpoint(b.Addr, b.Bank, false)))),
      ...s.watchpoints.map((w, i) => {
        const f = fromWatch(w);
        return el('li', {}, `${f.space} ${f.access} $${hex(f.addr, 4)}+${f.len}${f.space === 'banked' ? ' bank ' + f.bank : ''} `,
          button('×', 'remove', () => debug.setWatchpoints(s.watchpoints.filter((_, j) => j !== i).map(fromWatch))));
      }));
    ui.overrun.checked = s.breakOnOverrun;
    ui.overrunStart.checked = s.breakAtOverrunStart;
    ui.regionOn.checked = s.breakOnRegion !== 0;
    ui.brk.checked = s.brk;
    ui.stp.checked = s.stp;
    // Memory.
    let addr = memAddr(parseNum(ui.mAddr.value) || 0);
    if (ui.mFollow.value === 'pc' && ui.mSpace.value === 'cpu') addr = s.pc & 0xFFF0;
    if (ui.mFollow.value === 'sp' && ui.mSpace.value === 'cpu') addr = 0x100 | (s.s & 0xF0);
    const r = go.dbgRead(ui.mSpace.value, parseNum(ui.mBank.value) || 0, addr, 256);
    if (r instanceof Error || typeof r === 'string') { ui.mem.textContent = String(r.message || r); } else {
      const base = ui.mSpace.value === 'banked' ? 0xA000 : 0;
      const lines = [];
      for (let i = 0; i < r.length; i += 16) {
        const row = Array.from(r.slice(i, i + 16));
        lines.push(`${hex(base + addr + i, 5)}  ${row.map((b) => hex(b, 2)).join(' ')}  ${row.map((b) => (b >= 32 && b < 127 ? String.fromCharCode(b) : '.')).join('')}`);
      }
      ui.mem.textContent = lines.join('\n');
    }
    const vera = document.getElementById('dbg-vera');
    if (vera && vera.open && !s.running) drawVERA();
  }

  function putPixels(canvas, pic, scale) {
    canvas.width = pic.w * scale;
    canvas.height = pic.h * scale;
    const img = new ImageData(new Uint8ClampedArray(pic.pixels.buffer, pic.pixels.byteOffset, pic.pixels.byteLength), pic.w, pic.h);
    const tmp = document.createElement('canvas');
    tmp.width = pic.w; tmp.height = pic.h;
    tmp.getContext('2d').putImageData(img, 0, 0);
    const ctx = canvas.getContext('2d');
    ctx.imageSmoothingEnabled = false;
    ctx.drawImage(tmp, 0, 0, canvas.width, canvas.height);
  }
  function drawVERA() {
    const vera = document.getElementById('dbg-vera');
    if (!vera || !vera.open) return;
    const pal = debug.palette();
    const ctx = ui.pal.getContext('2d');
    pal.forEach((c, i) => {
      ctx.fillStyle = `#${hex(c, 6)}`;
      ctx.fillRect((i % 16) * 16, Math.floor(i / 16) * 16, 16, 16);
    });
    const rows = debug.sprites().filter((sp) => sp.z !== 0).map((sp) => {
      const c = el('canvas', { width: sp.w, height: sp.h });
      const pic = debug.spritePixels(sp.index);
      putPixels(c, pic, 1);
      return el('div', { class: 'dbg-sprite', 'data-index': sp.index }, c,
        ` #${sp.index} x${sp.x} y${sp.y} z${sp.z} ${sp.w}x${sp.h} ${sp.bpp}bpp $${hex(sp.addr, 5)} pal+${sp.palOffset}${sp.hflip ? ' H' : ''}${sp.vflip ? ' V' : ''}`);
    });
    ui.sprites.replaceChildren(rows.length ? el('div', {}, `${rows.length} sprites enabled`) : el('div', {}, 'no sprite enabled (z = 0)'), ...rows);
  }
  function drawTiles() {
    const size = +ui.tSize.value;
    const pic = debug.tiles(parseNum(ui.tAddr.value), +ui.tBpp.value, size, size, parseNum(ui.tCount.value) || 1, 0);
    putPixels(ui.tiles, pic, 2);
  }

  // Keys: F8 break/continue, F10 over, F11 into, Shift+F11 out, while the panel is open.
  window.addEventListener('keydown', (e) => {
    if (!ui.panel || !ui.panel.open || !go) return;
    const k = { F8: 'run', F10: 'over', F11: e.shiftKey ? 'out' : 'instruction' }[e.key];
    if (!k) return;
    e.preventDefault();
    e.stopImmediatePropagation();
    act(() => (k === 'run' ? (last && last.stopped ? debug.continue() : debug.break()) : debug.step(k)))();
  }, true);

  // Start once the wasm has published its functions and app.js its API.
  const wait = setInterval(() => {
    if (!window.x16scopeGo || !window.x16scope || !window.x16scopeGo.dbgState) return;
    clearInterval(wait);
    go = window.x16scopeGo;
    window.x16scope.debug = debug;
    build();
    setInterval(() => { if (!last || !last.stopped || ui.mFollow.value) try { refresh(); } catch (e) { report(e); } }, 250);
  }, 100);
})();
