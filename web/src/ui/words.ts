/** Game facts in words, in the current language. */
import { t, type MessageKey } from "../i18n";
import type { Color, GameResult, LegalMove } from "../wasm/types";
import { opposite } from "../wasm/types";

export function colorName(color: Color): string {
  return t(color === "white" ? "color.white" : "color.black");
}

const RULE_KEYS: Record<string, MessageKey> = {
  repetition: "rule.repetition",
  agreement: "rule.agreement",
  "forty-moves": "rule.fortyMoves",
  "twenty-five-moves": "rule.twentyFiveMoves",
  "sixteen-move-endgame": "rule.sixteenMoveEndgame",
  "five-move-endgame": "rule.fiveMoveEndgame",
  "thirty-moves": "rule.thirtyMoves",
  "three-kings": "rule.threeKings",
};

/** A draw rule's name; `fallback` (the rules' English name) for a rule not translated. */
export function ruleName(key: string, fallback: string): string {
  const messageKey = RULE_KEYS[key];
  return messageKey ? t(messageKey) : fallback;
}

/** The move in words for the live region. */
export function announceMove(move: LegalMove, color: Color, offeredDraw: boolean): string {
  const from = move.path[0]!;
  const to = move.path[move.path.length - 1]!;
  const parts = [
    move.captures.length > 0
      ? t("announce.capture", { color: colorName(color), from, to, captured: move.captures.join(", ") })
      : t("announce.move", { color: colorName(color), from, to }),
  ];
  if (move.promotes) parts.push(t("announce.crowned"));
  if (offeredDraw) parts.push(t("announce.drawOffer", { color: colorName(color) }));
  return parts.join(" ");
}

export function resultTitle(result: GameResult): string {
  if (result.winner === null) return t("result.draw");
  return t(result.winner === "white" ? "result.whiteWins" : "result.blackWins");
}

export function resultReason(result: GameResult): string {
  const loser = result.winner ? colorName(opposite(result.winner)) : "";
  switch (result.reason) {
    case "no-pieces":
      return t("result.noPieces", { loser });
    case "no-legal-move":
      return t("result.noMoves", { loser });
    case "resignation":
      return t("result.resignation", { loser });
    case "agreement":
      return t("result.agreement");
    default:
      return t("result.automatic", { rule: ruleName(result.reason, result.reasonText) });
  }
}
