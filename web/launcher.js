// x16scope's launcher: when what was loaded is a collection of programs (a zip or folder
// as the starter kit ships them: folders with an AUTOBOOT.X16, other PRGs), a panel beside
// the screen lists them by folder. Starting one runs it in its own folder with the whole
// collection on device 8 (Go: session/collection.go, cmd/wasm/api_collection_js.go);
// "Back to the list" leaves it for a fresh machine. Every control is a button or an input:
// Tab reaches them, the arrow keys move through the list, Enter starts a program.
'use strict';

(() => {
  const $ = (id) => document.getElementById(id);
  const panel = $('launcher');
  if (!panel) return;
  let programs = [];
  let state = { running: '', officialROM: false };

  function error(msg) {
    const show = window.x16scopeShowError;
    if (show) show(msg.replace(/^(startProgram|backToCollection): (bad file: )?/, ''));
  }
  function notice(msg) {
    const box = $('notice');
    if (!box || !msg) return;
    $('notice-text').textContent = msg;
    box.hidden = false;
  }
  function relayout() { window.dispatchEvent(new Event('resize')); }

  // refresh reads what is loaded and shows or hides the panel.
  function refresh() {
    if (!window.x16scope || typeof window.x16scope.collection !== 'function') return;
    let c;
    try { c = window.x16scope.collection(); } catch (e) { return; }
    const wasHidden = panel.hidden;
    const changed = c.programs.length !== programs.length || c.programs.some((p, i) => p.path !== programs[i].path);
    programs = c.programs;
    state = c;
    panel.hidden = programs.length === 0;
    if (changed) render();
    mark();
    if (wasHidden !== panel.hidden) relayout();
  }

  // The list, grouped by the first folder of each program's name.
  function render() {
    const list = $('launcher-list');
    list.replaceChildren();
    $('launcher-count').textContent = `${programs.length} program${programs.length === 1 ? '' : 's'}`;
    const groups = new Map();
    for (const p of programs) {
      const slash = p.name.indexOf('/');
      const group = slash >= 0 ? p.name.substring(0, slash) : '';
      if (!groups.has(group)) groups.set(group, []);
      groups.get(group).push(p);
    }
    for (const [group, progs] of groups) {
      const sec = document.createElement('div');
      sec.className = 'launcher-group';
      if (group) {
        const h = document.createElement('h3');
        h.textContent = group;
        sec.append(h);
      }
      const ul = document.createElement('ul');
      for (const p of progs) {
        const li = document.createElement('li');
        const b = document.createElement('button');
        b.type = 'button';
        b.className = 'launcher-prog';
        b.dataset.path = p.path;
        const name = document.createElement('span');
        name.className = 'launcher-name';
        name.textContent = group ? p.name.substring(group.length + 1) : p.name;
        b.append(name);
        if (p.kind === 'BASIC') {
          const k = document.createElement('span');
          k.className = 'launcher-kind';
          k.textContent = 'BASIC';
          b.append(k);
        }
        if (p.title) {
          const t = document.createElement('span');
          t.className = 'launcher-title';
          t.textContent = p.title;
          b.append(t);
        }
        b.title = `${p.path}: starts in /${p.dir === '.' ? '' : p.dir}${p.kind === 'BASIC' ? ' (BASIC: needs the official ROM)' : ''}`;
        b.addEventListener('click', () => start(p.path));
        li.append(b);
        ul.append(li);
      }
      sec.append(ul);
      list.append(sec);
    }
    filter();
  }

  // mark shows which program runs, and what BASIC programs need.
  function mark() {
    for (const b of panel.querySelectorAll('.launcher-prog')) {
      const on = b.dataset.path === state.running;
      b.classList.toggle('running', on);
      if (on) b.setAttribute('aria-current', 'true'); else b.removeAttribute('aria-current');
    }
    $('launcher-running').hidden = !state.running;
    $('launcher-running-name').textContent = state.running ? `Running ${state.running}` : '';
    const basic = programs.some((p) => p.kind === 'BASIC');
    $('launcher-note').textContent = basic && !state.officialROM
      ? 'BASIC programs need the official ROM: drop its rom.bin, then start them.' : '';
  }

  function start(path) {
    let summary;
    try { summary = window.x16scope.startProgram(path); } catch (e) { error(e.message || String(e)); return; }
    notice(summary);
    refresh();
  }
  function back() {
    const was = state.running;
    try { window.x16scope.backToCollection(); } catch (e) { error(e.message || String(e)); return; }
    notice('back to the list: choose a program to start');
    refresh();
    const b = [...panel.querySelectorAll('.launcher-prog')].find((x) => x.dataset.path === was);
    (b || $('launcher-filter')).focus();
  }

  // The filter matches names, titles and folders without case.
  function filter() {
    const q = $('launcher-filter').value.trim().toLowerCase();
    for (const li of panel.querySelectorAll('#launcher-list li')) {
      const b = li.firstElementChild;
      li.hidden = q !== '' && !`${b.dataset.path} ${b.textContent}`.toLowerCase().includes(q);
    }
    for (const g of panel.querySelectorAll('.launcher-group')) {
      g.hidden = !g.querySelector('li:not([hidden])');
    }
  }

  // Arrow keys move through the visible programs; from the filter, down enters the list.
  function visibleButtons() { return [...panel.querySelectorAll('#launcher-list li:not([hidden]) > .launcher-prog')]; }
  panel.addEventListener('keydown', (e) => {
    if (e.key !== 'ArrowDown' && e.key !== 'ArrowUp' && e.key !== 'Home' && e.key !== 'End') return;
    const bs = visibleButtons();
    if (bs.length === 0) return;
    const i = bs.indexOf(document.activeElement);
    if (i < 0 && e.target !== $('launcher-filter')) return;
    let j;
    if (e.key === 'Home') j = 0;
    else if (e.key === 'End') j = bs.length - 1;
    else if (i < 0) j = e.key === 'ArrowDown' ? 0 : bs.length - 1;
    else j = Math.min(bs.length - 1, Math.max(0, i + (e.key === 'ArrowDown' ? 1 : -1)));
    e.preventDefault();
    bs[j].focus();
  });
  $('launcher-filter').addEventListener('input', filter);
  $('btn-launcher-back').addEventListener('click', back);

  document.addEventListener('x16scope-files', refresh);
  // A reset or an opened capture changes the machine without a load: looked at now and then.
  setInterval(() => { if (!panel.hidden) refresh(); }, 1000);
  const whenLoaded = (f) => (window.x16scopeLoaded ? f() : document.addEventListener('x16scope-loaded', f, { once: true }));
  whenLoaded(refresh);
})();
