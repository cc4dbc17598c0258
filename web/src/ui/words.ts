/** Game facts in words, in the current language. */
import { t, type MessageKey } from "../i18n";
import { seatView, type ColorKey, type GameView, type LegalMove, type ResultView, type Seat } from "../wasm/rules";

const COLOR_KEYS: Record<ColorKey, MessageKey> = {
  white: "color.white",
  black: "color.black",
  red: "color.red",
  yellow: "color.yellow",
  green: "color.green",
  blue: "color.blue",
  violet: "color.violet",
  orange: "color.orange",
};

const SEAT_KEYS: Record<string, MessageKey> = {
  south: "seat.south",
  north: "seat.north",
  "south-west": "seat.south-west",
  "north-west": "seat.north-west",
  "north-east": "seat.north-east",
  "south-east": "seat.south-east",
};

export function colorName(color: ColorKey): string {
  return t(COLOR_KEYS[color]);
}

/**
 * How a seat is called: its colour in draughts ("White"), its place and colour in the Halma
 * games ("South, red"), so that colour is never the only cue.
 */
export function seatName(view: Pick<GameView, "seats" | "details">, seat: Seat): string {
  const s = seatView(view, seat);
  if (!s) return String(seat + 1);
  if (view.details.family === "draughts") return colorName(s.color);
  const place = SEAT_KEYS[s.name];
  return t("seat.label", { seat: place ? t(place) : s.name, color: colorName(s.color) });
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

/** The move in words for the live region; `who` is the mover's seat name. */
export function announceMove(move: LegalMove, who: string, offeredDraw: boolean, halma: boolean): string {
  const from = move.path[0];
  const to = move.path[move.path.length - 1];
  if (from === undefined || to === undefined) return t("announce.pass", { seat: who });
  if (halma) return t("announce.halmaMove", { seat: who, from, to });
  const parts = [
    move.captures.length > 0
      ? t("announce.capture", { color: who, from, to, captured: move.captures.join(", ") })
      : t("announce.move", { color: who, from, to }),
  ];
  if (move.promotes) parts.push(t("announce.crowned"));
  if (offeredDraw) parts.push(t("announce.drawOffer", { color: who }));
  return parts.join(" ");
}

/** The result's headline; `name` says who a seat is (its place and colour unless given). */
export function resultTitle(
  view: Pick<GameView, "seats" | "details">,
  result: ResultView,
  name: (seat: Seat) => string = (seat) => seatName(view, seat),
): string {
  if (result.winner === null) return t("result.draw");
  if (view.details.family === "draughts") {
    const color = seatView(view, result.winner)?.color;
    return t(color === "white" ? "result.whiteWins" : "result.blackWins");
  }
  return t("result.wins", { seat: name(result.winner) });
}

export function resultReason(
  view: Pick<GameView, "seats" | "details">,
  result: ResultView,
  name: (seat: Seat) => string = (seat) => seatName(view, seat),
): string {
  const last = result.placings[result.placings.length - 1];
  const loser = last && last.length === 1 && result.winner !== null ? name(last[0]!) : "";
  const winner = result.winner !== null ? name(result.winner) : "";
  // With more than two players the game ends when the last but one finishes: the reason is theirs.
  const finished = view.details.family === "halma" ? view.details.seats.filter((x) => x.state === "finished") : [];
  const lastFinisher = finished.reduce<(typeof finished)[number] | null>(
    (a, b) => (a === null || (b.place ?? 0) > (a.place ?? 0) ? b : a),
    null,
  );
  const finisher = lastFinisher !== null ? name(lastFinisher.seat) : winner;
  switch (result.reason) {
    case "no-pieces":
      return t("result.noPieces", { loser });
    case "no-legal-move":
      return t("result.noMoves", { loser });
    case "resignation":
      return view.details.family === "draughts" ? t("result.resignation", { loser }) : t("result.halmaResignation");
    case "agreement":
      return t("result.agreement");
    case "time-out":
      if (result.winner === null) return t("result.timeOutDraw");
      return view.details.family === "draughts" ? t("result.timeOut", { loser }) : t("result.halmaTimeOut");
    case "target-filled":
      return t("result.targetFilled", { seat: finisher });
    case "anti-spoiling":
      return t("result.antiSpoiling", { seat: finisher });
    case "yard-rule":
      return t("result.yardRule", { seat: loser });
    case "move-limit":
      return t("result.moveLimit");
    default:
      if (view.details.family === "halma" && result.reason === "repetition") return t("result.repetition");
      return t("result.automatic", { rule: ruleName(result.reason, result.reasonText) });
  }
}
