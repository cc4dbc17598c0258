/** The learner's stars, kept in the browser by exercise id. */

const KEY = "kingme.learn.stars";

export interface StarStore {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

function storage(): StarStore | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

export function loadStars(store: StarStore | null = storage()): Record<string, number> {
  try {
    const parsed: unknown = JSON.parse(store?.getItem(KEY) ?? "{}");
    if (typeof parsed !== "object" || parsed === null) return {};
    const out: Record<string, number> = {};
    for (const [id, value] of Object.entries(parsed)) {
      if (typeof value === "number" && value >= 1 && value <= 3) out[id] = Math.floor(value);
    }
    return out;
  } catch {
    return {};
  }
}

/** Keeps the best result of an exercise; returns the stars now kept. */
export function recordStars(id: string, stars: number, store: StarStore | null = storage()): number {
  const all = loadStars(store);
  const best = Math.max(all[id] ?? 0, stars);
  all[id] = best;
  store?.setItem(KEY, JSON.stringify(all));
  return best;
}

/** Three stars without a mistake or a hint, two with one of them, one otherwise. */
export function starsFor(mistakes: number, hints: number): number {
  const slips = mistakes + hints;
  return slips === 0 ? 3 : slips === 1 ? 2 : 1;
}

export function starText(stars: number): string {
  return "★".repeat(stars) + "☆".repeat(3 - stars);
}
