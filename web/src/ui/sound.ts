/** Move sounds made with WebAudio (no sound files), and the remembered mute switch. */
const KEY = "kingme.muted";
let context: AudioContext | null = null;

export function isMuted(): boolean {
  try {
    return globalThis.localStorage?.getItem(KEY) === "1";
  } catch {
    return false;
  }
}

export function setMuted(muted: boolean): void {
  try {
    globalThis.localStorage?.setItem(KEY, muted ? "1" : "0");
  } catch {
    /* storage unavailable: the switch still works for this page */
  }
  mutedNow = muted;
}

let mutedNow = isMuted();

/**
 * Making the AudioContext takes a long moment (over 100 ms on some machines): done inside the
 * first move's click, it blocked the page just as the piece started to slide. After the page's
 * first pointer or key press (from then on the browser lets the context start playing) it is
 * made when the page is idle instead.
 */
export function prepareSound(): void {
  if (typeof window === "undefined" || typeof AudioContext === "undefined") return;
  const events = ["pointerdown", "keydown"] as const;
  const make = () => {
    if (mutedNow || context) return;
    try {
      context = new AudioContext();
    } catch {
      /* no audio on this device */
    }
  };
  const first = () => {
    for (const type of events) window.removeEventListener(type, first, true);
    if (typeof requestIdleCallback === "function") requestIdleCallback(make, { timeout: 2000 });
    else setTimeout(make, 200);
  };
  for (const type of events) window.addEventListener(type, first, true);
}

/** A wooden knock: a short filtered noise burst plus a low thump; captures knock twice. */
export function playMoveSound(kind: "move" | "capture" | "crown"): void {
  if (mutedNow) return;
  try {
    context ??= new AudioContext();
    const ctx = context;
    if (ctx.state === "suspended") void ctx.resume();
    const knocks = kind === "capture" ? [0, 0.09] : [0];
    for (const offset of knocks) knock(ctx, ctx.currentTime + offset, kind === "capture" ? 180 : 220);
    if (kind === "crown") chime(ctx, ctx.currentTime + 0.05);
  } catch {
    /* no audio on this device */
  }
}

function knock(ctx: AudioContext, at: number, pitch: number): void {
  const osc = ctx.createOscillator();
  const gain = ctx.createGain();
  osc.type = "triangle";
  osc.frequency.setValueAtTime(pitch, at);
  osc.frequency.exponentialRampToValueAtTime(pitch / 2, at + 0.08);
  gain.gain.setValueAtTime(0.0001, at);
  gain.gain.exponentialRampToValueAtTime(0.5, at + 0.005);
  gain.gain.exponentialRampToValueAtTime(0.0001, at + 0.12);
  osc.connect(gain).connect(ctx.destination);
  osc.start(at);
  osc.stop(at + 0.13);

  const length = Math.floor(ctx.sampleRate * 0.03);
  const buffer = ctx.createBuffer(1, length, ctx.sampleRate);
  const data = buffer.getChannelData(0);
  for (let i = 0; i < length; i++) data[i] = (Math.random() * 2 - 1) * (1 - i / length);
  const noise = ctx.createBufferSource();
  noise.buffer = buffer;
  const filter = ctx.createBiquadFilter();
  filter.type = "bandpass";
  filter.frequency.value = 1800;
  const noiseGain = ctx.createGain();
  noiseGain.gain.value = 0.25;
  noise.connect(filter).connect(noiseGain).connect(ctx.destination);
  noise.start(at);
}

function chime(ctx: AudioContext, at: number): void {
  for (const [i, freq] of [660, 880].entries()) {
    const osc = ctx.createOscillator();
    const gain = ctx.createGain();
    osc.type = "sine";
    osc.frequency.value = freq;
    const start = at + i * 0.08;
    gain.gain.setValueAtTime(0.0001, start);
    gain.gain.exponentialRampToValueAtTime(0.15, start + 0.01);
    gain.gain.exponentialRampToValueAtTime(0.0001, start + 0.3);
    osc.connect(gain).connect(ctx.destination);
    osc.start(start);
    osc.stop(start + 0.32);
  }
}
