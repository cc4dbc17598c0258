/** Labels for the legal-move list: the notation, or the full route where two would print alike. */
import type { LegalMove } from "../wasm/rules";

export function moveLabels(moves: readonly LegalMove[]): string[] {
  const count = new Map<string, number>();
  for (const m of moves) count.set(m.notation, (count.get(m.notation) ?? 0) + 1);
  const labels = moves.map((m) => {
    if (count.get(m.notation) === 1) return m.notation;
    return m.path.join(m.captures.length > 0 ? "×" : "-");
  });
  const seen = new Map<string, number>();
  for (const l of labels) seen.set(l, (seen.get(l) ?? 0) + 1);
  return labels.map((l, i) => (seen.get(l)! > 1 ? `${l} (×${moves[i]!.captures.join(",")})` : l));
}
