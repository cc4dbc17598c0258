/** The rules, loaded from kingme-wasm, behind typed methods (types generated from the Rust ones). */
import init, { EngineMemory, Game as WasmGame, games as wasmGames } from "./pkg/kingme_wasm.js";
import type {
  ComputerTurn,
  DraughtsDetails,
  GameInfo,
  GameView,
  HalmaDetails,
  MoveView,
  RecordView,
  SearchReport,
  SeatView,
} from "./model";
import type { GameRecord } from "../engine/protocol";

export type * from "./model";
/** A legal move with its full route, as the rules list it. */
export type LegalMove = MoveView;
/** A player's place: a 0-based seat index (`GameView.seats[i].index`). */
export type Seat = number;
/** A game's key (`english`, `halma-8`, `chinese-checkers`, …), one of `games()`. */
export type VariantKey = string;

let loading: Promise<void> | null = null;

/** Loads the WebAssembly module once; every other call here needs it. */
export function loadRules(): Promise<void> {
  loading ??= init().then(() => undefined);
  return loading;
}

/** What the computer remembers from one turn to the next (Expert keeps its analysis). */
export { EngineMemory };

/** Every game the site offers, from the rules (draughts first). */
export function games(): GameInfo[] {
  return wasmGames();
}

/** The game called `key`, or undefined. */
export function gameInfo(key: string): GameInfo | undefined {
  return games().find((g) => g.key === key);
}

/** The draughts-only part of a view, or null for another family. */
export function draughtsDetails(view: Pick<GameView, "details">): DraughtsDetails | null {
  return view.details.family === "draughts" ? view.details : null;
}

/** The Halma-only part of a view, or null for another family. */
export function halmaDetails(view: Pick<GameView, "details">): HalmaDetails | null {
  return view.details.family === "halma" ? view.details : null;
}

/** The seat `index` of the view (its colour, name and view angle). */
export function seatView(view: Pick<GameView, "seats">, index: Seat): SeatView | undefined {
  return view.seats.find((s) => s.index === index);
}

/** A game under one variant's rules. Methods throw `Error`s whose message names the problem. */
export class RulesGame {
  private constructor(private readonly game: WasmGame) {}

  /** A game of `variant` for `players` (the smallest count when absent), from `fen` or its start. */
  static create(variant: VariantKey, fen?: string | null, players?: number | null): RulesGame {
    return new RulesGame(new WasmGame(variant, players ?? undefined, fen ?? undefined));
  }

  /** A game read from its record (PDN, or the Halma record); `variant` is assumed when it says none. */
  static fromRecord(text: string, variant?: VariantKey, players?: number): RulesGame {
    return new RulesGame(WasmGame.fromRecord(text, variant, players));
  }

  /** The game to replay: start, moves with their draw offers, resignations and an agreed draw. */
  record(): RecordView {
    return this.game.record();
  }

  legalMoves(): LegalMove[] {
    return this.game.legalMoves();
  }

  snapshot(): GameView {
    return this.game.view();
  }

  /** The view after the first `moves` moves (for looking back; the game is unchanged). */
  viewAt(moves: number): GameView {
    return this.game.viewAt(moves);
  }

  playPath(path: readonly string[], offerDraw: boolean): LegalMove {
    return this.game.playPath([...path], offerDraw);
  }

  playText(text: string, offerDraw: boolean): LegalMove {
    return this.game.play(text, offerDraw);
  }

  undo(): LegalMove | undefined {
    return this.game.undo();
  }

  resign(seat: Seat): void {
    this.game.resign(seat);
  }

  acceptDraw(): void {
    this.game.acceptDraw();
  }

  /** `seat`'s time ran out: the rules end the game (a loss, or a draw) or, in Halma with more than two players, the seat drops out. */
  timeOut(seat: Seat): void {
    this.game.timeOut(seat);
  }

  fen(): string {
    return this.game.fen();
  }

  startFen(): string {
    return this.game.startFen();
  }

  /** The game as text: PDN for draughts, the Halma record for the Halma games. */
  recordText(): string {
    return this.game.recordText();
  }

  /**
   * The computer's turn; `memory` carries what it learnt on its earlier turns, and `clock` (its
   * time left and increment, in ms) bounds its search in a timed game.
   */
  computerTurn(level: string, seed: number, memory: EngineMemory, clock?: { remainingMs: number; incrementMs: number }): ComputerTurn {
    return this.game.computerTurn(level, seed, memory, clock?.remainingMs, clock?.incrementMs);
  }

  /** A search of `nodes` nodes, probing the endgame tables `memory` holds when given. */
  searchNodes(nodes: number, memory?: EngineMemory): SearchReport {
    return memory ? this.game.searchNodesWith(nodes, memory) : this.game.searchNodes(nodes);
  }

  /** The endgame tables (signatures such as `0201`) the game can reach, once it has at most `maxPieces` pieces. */
  egdbTables(maxPieces: number): string[] {
    return this.game.egdbTables(maxPieces);
  }

  free(): void {
    this.game.free();
  }
}

/**
 * Rebuilds a game from its record: the start, then each move, each resignation after the
 * number of moves it follows, and an agreed draw at the end.
 */
export function replay(record: GameRecord): RulesGame {
  const game = RulesGame.create(record.variant, record.startFen || null, record.players);
  try {
    const resigned = record.resigned ?? [];
    const timedOut = record.timedOut ?? [];
    const resignAfter = (n: number) => {
      for (const r of resigned) if (r.after === n) game.resign(r.seat);
      for (const r of timedOut) if (r.after === n) game.timeOut(r.seat);
    };
    record.moves.forEach((m, i) => {
      resignAfter(i);
      game.playPath(m.path, m.offer);
    });
    resignAfter(record.moves.length);
    const view = game.snapshot();
    if (record.drawAgreed && view.result === null && draughtsDetails(view)?.drawOffer != null) game.acceptDraw();
    return game;
  } catch (e) {
    game.free();
    throw e;
  }
}
