/**
 * Chess clocks for 2–6 seats. The widget only displays: it is told each seat's remaining time,
 * which clock runs and when (`performance.now()`) those were measured, and counts the running
 * clock down by itself until told again. Whoever keeps the time (this page in a local game, the
 * server in a room) decides when a clock has run out.
 */
import { t } from "../i18n";
import type { ColorKey } from "../wasm/model";
import { Announcer, liveRegionLines } from "./announcer";
import { h } from "./dom";

/** The clocks as measured at one moment: each seat's remaining time and the one running. */
export interface ClockState {
  /** Milliseconds left, by clock (the order of the labels). */
  remainingMs: readonly number[];
  /** The clock counting down, or null when none runs. */
  running: number | null;
}

/** How a clock is named: its text, and the seat's colour for a swatch beside it. */
export interface ClockLabel {
  text: string;
  color?: ColorKey;
}

/** Below this a clock is shown red (and with tenths under `TENTHS_BELOW_MS`). */
export const LOW_TIME_MS = 20_000;
/** Below this a clock shows tenths of a second. */
export const TENTHS_BELOW_MS = 10_000;
/** A screen reader hears once when a clock falls below this. */
export const WARN_AT_MS = 10_000;

/**
 * A clock's time as text: `m:ss` (`h:mm:ss` from an hour), and `m:ss.t` under 10 seconds.
 * Rounded down, so a clock shows 0:00.0 only when its time is really gone.
 */
export function formatClock(ms: number): string {
  const left = Number.isFinite(ms) ? Math.max(0, ms) : 0;
  if (left < TENTHS_BELOW_MS) {
    const tenths = Math.floor(left / 100);
    return `0:0${Math.floor(tenths / 10)}.${tenths % 10}`;
  }
  const total = Math.floor(left / 1000);
  const seconds = total % 60;
  const minutes = Math.floor(total / 60) % 60;
  const hours = Math.floor(total / 3600);
  const ss = String(seconds).padStart(2, "0");
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, "0")}:${ss}` : `${minutes}:${ss}`;
}

/** The time left on clock `i` at `now`, given the state measured at `measuredAt`. */
export function remainingAt(state: ClockState, i: number, measuredAt: number, now: number): number {
  const base = state.remainingMs[i] ?? 0;
  return Math.max(0, state.running === i ? base - Math.max(0, now - measuredAt) : base);
}

/** What one clock shows. */
export interface ClockFace {
  text: string;
  running: boolean;
  low: boolean;
  out: boolean;
}

export function clockFaces(state: ClockState, measuredAt: number, now: number): ClockFace[] {
  return state.remainingMs.map((_, i) => {
    const ms = remainingAt(state, i, measuredAt, now);
    return { text: formatClock(ms), running: state.running === i, low: ms < LOW_TIME_MS, out: ms <= 0 };
  });
}

/**
 * The once-only warnings: a clock is reported the first time it is seen under `WARN_AT_MS`, and
 * again only after it has been above `LOW_TIME_MS` (an increment of a few seconds does not make
 * a screen reader hear it after every move).
 */
export class LowTimeWatch {
  private warned: boolean[] = [];

  /** The clocks that have just fallen below the warning time. */
  check(remaining: readonly number[]): number[] {
    const fresh: number[] = [];
    remaining.forEach((ms, i) => {
      if (ms > LOW_TIME_MS) this.warned[i] = false;
      else if (ms < WARN_AT_MS && ms > 0 && !this.warned[i]) {
        this.warned[i] = true;
        fresh.push(i);
      }
    });
    return fresh;
  }
}

export interface Clocks {
  readonly element: HTMLElement;
  /** New times, measured at `measuredAt` (a `performance.now()` value). */
  update(state: ClockState, measuredAt: number): void;
  /** New names (another language, a player who took a seat); the list's own name is read again too. */
  setLabels(labels: readonly (string | ClockLabel)[]): void;
  /** Stops counting down (the times shown stay). */
  stop(): void;
}

const TICK_MS = 100;

/** Clocks for the seats named by `labels`, appended to `parent`. */
export function createClocks(parent: HTMLElement, labels: readonly (string | ClockLabel)[]): Clocks {
  const list = h("ul", { class: "clocks", "data-testid": "clocks" });
  const live = h("div", { class: "sr-only", "aria-live": "polite", "data-testid": "clock-announcer" });
  const announcer = new Announcer(liveRegionLines(live), 2);
  const element = h("section", { class: "clock-area", "aria-label": t("clock.label") }, list, live);
  parent.append(element);
  let names: ClockLabel[] = [];
  let rows: { item: HTMLLIElement; name: HTMLElement; swatch: HTMLElement; time: HTMLElement }[] = [];
  let state: ClockState = { remainingMs: [], running: null };
  let measuredAt = 0;
  let timer: ReturnType<typeof setInterval> | null = null;
  const watch = new LowTimeWatch();

  const build = () => {
    while (rows.length < names.length) {
      const swatch = h("span", { class: "swatch", "aria-hidden": "true" });
      const name = h("span", { class: "clock-name" });
      const time = h("span", { class: "clock-time", role: "timer" });
      const item = h("li", { class: "clock", "data-clock": String(rows.length) }, swatch, name, time);
      list.append(item);
      rows.push({ item, name, swatch, time });
    }
    while (rows.length > names.length) rows.pop()?.item.remove();
    rows.forEach((row, i) => {
      const label = names[i]!;
      row.name.textContent = label.text;
      row.swatch.className = `swatch ${label.color ?? ""}`;
      row.swatch.hidden = label.color === undefined;
    });
  };

  const draw = () => {
    const now = performance.now();
    const faces = clockFaces(state, measuredAt, now);
    faces.forEach((face, i) => {
      const row = rows[i];
      if (!row) return;
      if (row.time.textContent !== face.text) row.time.textContent = face.text;
      row.item.classList.toggle("running", face.running);
      row.item.classList.toggle("low", face.low);
      row.item.classList.toggle("out", face.out);
      if (face.running) row.item.setAttribute("aria-current", "true");
      else row.item.removeAttribute("aria-current");
    });
    const remaining = state.remainingMs.map((_, i) => remainingAt(state, i, measuredAt, now));
    for (const i of watch.check(remaining)) {
      announcer.say(t("clock.lowTime", { name: names[i]?.text ?? String(i + 1), seconds: Math.ceil(WARN_AT_MS / 1000) }));
    }
    // A clock that reached zero stops counting: whoever keeps the time says what happens next.
    if (state.running !== null && (remaining[state.running] ?? 0) <= 0) stopTimer();
  };

  const stopTimer = () => {
    if (timer !== null) clearInterval(timer);
    timer = null;
  };

  const setLabels = (next: readonly (string | ClockLabel)[]) => {
    element.setAttribute("aria-label", t("clock.label"));
    names = next.map((l) => (typeof l === "string" ? { text: l } : l));
    build();
    draw();
  };
  setLabels(labels);

  return {
    element,
    setLabels,
    update(next, at) {
      state = { remainingMs: [...next.remainingMs], running: next.running };
      measuredAt = at;
      stopTimer();
      draw();
      if (state.running !== null && remainingAt(state, state.running, measuredAt, performance.now()) > 0) {
        timer = setInterval(draw, TICK_MS);
      }
    },
    stop() {
      // The times shown stay as they are now.
      const now = performance.now();
      state = { remainingMs: state.remainingMs.map((_, i) => remainingAt(state, i, measuredAt, now)), running: null };
      measuredAt = now;
      stopTimer();
      draw();
    },
  };
}
