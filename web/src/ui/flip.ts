/** "Flip board": how far the board is turned from the seat it would face, remembered per game. */

const key = (variant: string, seats: number) => `kingme.flip.${variant}.${seats}`;

/** The flips stored for `variant` played by `seats` seats (0 when none or unreadable). */
export function loadFlips(variant: string, seats: number): number {
  try {
    const n = Number(globalThis.localStorage?.getItem(key(variant, seats)) ?? 0);
    return Number.isInteger(n) && n > 0 && n < seats ? n : 0;
  } catch {
    return 0;
  }
}

export function storeFlips(variant: string, seats: number, flips: number): void {
  try {
    globalThis.localStorage?.setItem(key(variant, seats), String(flips));
  } catch {
    /* storage unavailable: the board still flips on this page */
  }
}

/** Whether `e` is the flip key: F, unmodified, not typed into a field. */
export function flipKey(e: Pick<KeyboardEvent, "key" | "altKey" | "ctrlKey" | "metaKey" | "target" | "defaultPrevented">): boolean {
  if (e.defaultPrevented || e.altKey || e.ctrlKey || e.metaKey || (e.key !== "f" && e.key !== "F")) return false;
  const target = e.target as { tagName?: string; isContentEditable?: boolean } | null;
  const tag = target?.tagName?.toLowerCase();
  return !(tag === "input" || tag === "textarea" || tag === "select" || target?.isContentEditable === true);
}
