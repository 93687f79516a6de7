/** Synthesized sounds (WebAudio oscillators, no audio files); on/off persisted in localStorage. */
const KEY = 'paws-studio:sound';

type Tone = { freq: number; at?: number; dur?: number; type?: OscillatorType; gain?: number; slide?: number };

export class Sound {
  #ctx: AudioContext | null = null;
  #enabled: boolean;
  readonly listeners = new Set<(on: boolean) => void>();

  constructor() {
    let stored: string | null = null;
    try {
      stored = localStorage.getItem(KEY);
    } catch {
      stored = null;
    }
    this.#enabled = stored !== 'off';
  }

  get enabled() {
    return this.#enabled;
  }

  toggle(): boolean {
    this.#enabled = !this.#enabled;
    try {
      localStorage.setItem(KEY, this.#enabled ? 'on' : 'off');
    } catch {
      /* ignore */
    }
    for (const l of this.listeners) l(this.#enabled);
    if (this.#enabled) this.click();
    return this.#enabled;
  }

  #play(tones: Tone[]) {
    if (!this.#enabled) return;
    const Ctor =
      globalThis.AudioContext ??
      (globalThis as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext;
    if (!Ctor) return;
    try {
      this.#ctx ??= new Ctor();
      const ctx = this.#ctx;
      if (ctx.state === 'suspended') void ctx.resume();
      const now = ctx.currentTime;
      for (const t of tones) {
        const start = now + (t.at ?? 0);
        const dur = t.dur ?? 0.08;
        const osc = ctx.createOscillator();
        const gain = ctx.createGain();
        osc.type = t.type ?? 'sine';
        osc.frequency.setValueAtTime(t.freq, start);
        if (t.slide) osc.frequency.exponentialRampToValueAtTime(t.slide, start + dur);
        gain.gain.setValueAtTime(0.0001, start);
        gain.gain.exponentialRampToValueAtTime(t.gain ?? 0.12, start + 0.008);
        gain.gain.exponentialRampToValueAtTime(0.0001, start + dur);
        osc.connect(gain).connect(ctx.destination);
        osc.start(start);
        osc.stop(start + dur + 0.02);
      }
    } catch {
      /* audio unavailable */
    }
  }

  click() {
    this.#play([{ freq: 1800, dur: 0.03, type: 'square', gain: 0.04 }]);
  }
  chip() {
    this.#play([
      { freq: 2400, dur: 0.04, type: 'triangle', gain: 0.08 },
      { freq: 3100, at: 0.025, dur: 0.05, type: 'triangle', gain: 0.05 },
    ]);
  }
  card() {
    this.#play([{ freq: 600, slide: 200, dur: 0.07, type: 'triangle', gain: 0.07 }]);
  }
  tick() {
    this.#play([{ freq: 1200, dur: 0.02, type: 'square', gain: 0.025 }]);
  }
  pop() {
    this.#play([{ freq: 500, slide: 900, dur: 0.09, type: 'sine', gain: 0.1 }]);
  }
  win(big = false) {
    const notes = big ? [523, 659, 784, 1047, 1319] : [659, 784, 1047];
    this.#play(notes.map((freq, i) => ({ freq, at: i * 0.09, dur: 0.22, type: 'triangle', gain: 0.1 })));
  }
  lose() {
    this.#play([{ freq: 330, slide: 220, dur: 0.25, type: 'sine', gain: 0.06 }]);
  }
  stop() {
    this.#play([{ freq: 180, slide: 90, dur: 0.12, type: 'square', gain: 0.05 }]);
  }
}
