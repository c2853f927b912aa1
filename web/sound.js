// x16scope sound controls: starts the browser's audio on the first user gesture (browsers
// only let a page start audio from a click or key press), and offers mute and volume,
// remembered in localStorage. The sound itself is made in Go (window.x16scopeSound,
// cmd/wasm/sound_js.go); it is silent while the machine is paused, stepping or in warp.
'use strict';

(() => {
  const hook = document.getElementById('sound-controls');
  if (!hook) return;
  const saved = {
    muted: localStorage.getItem('x16scope.muted') === '1',
    volume: +(localStorage.getItem('x16scope.volume') ?? '0.8'),
  };
  hook.innerHTML = '<button id="btn-sound" title="Sound on/off"></button>' +
    '<input type="range" id="volume" min="0" max="1" step="0.05" aria-label="volume" title="Volume">';
  const btn = document.getElementById('btn-sound');
  const vol = document.getElementById('volume');
  vol.value = String(saved.volume);
  let started = false;
  let muted = saved.muted;

  const snd = () => window.x16scopeSound;
  function label() {
    btn.textContent = !started ? 'Sound (click)' : muted ? 'Sound off' : 'Sound on';
    btn.setAttribute('aria-pressed', String(started && !muted));
  }
  function apply() {
    const s = snd();
    if (!s) return;
    s.setMuted(muted);
    s.setVolume(+vol.value);
  }
  function start() {
    const s = snd();
    if (started || !s) return;
    const err = s.start();
    if (err) { console.warn('x16scope sound:', err); return; }
    started = true;
    apply();
    label();
  }
  // The first gesture anywhere on the page starts the audio; on the sound button the
  // click handler does it (so that the same click does not also mute).
  for (const type of ['pointerdown', 'keydown']) {
    document.addEventListener(type, (e) => { if (e.target !== btn) start(); }, { capture: true });
  }
  btn.addEventListener('click', () => {
    if (!started) { start(); return; }
    muted = !muted;
    try { localStorage.setItem('x16scope.muted', muted ? '1' : '0'); } catch (e) { /* not remembered */ }
    apply();
    label();
  });
  vol.addEventListener('input', () => {
    try { localStorage.setItem('x16scope.volume', vol.value); } catch (e) { /* not remembered */ }
    apply();
  });
  label();
  // For tests and the curious: window.x16scopeSoundStats() -> buffer and drop/pad figures.
  window.x16scopeSoundStats = () => (snd() ? snd().stats() : null);
})();
