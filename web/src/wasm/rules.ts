/** The rules, loaded from kingme-wasm, behind typed methods. */
import init, { EngineMemory, Game as WasmGame } from "./pkg/kingme_wasm.js";
import type { ComputerTurn, GameRecordView, LegalMove, SearchReport, Snapshot, VariantKey } from "./types";

let loading: Promise<void> | null = null;

/** Loads the WebAssembly module once; every other call here needs it. */
export function loadRules(): Promise<void> {
  loading ??= init().then(() => undefined);
  return loading;
}

/** What the computer remembers from one turn to the next (Expert keeps its analysis). */
export { EngineMemory };

/** A game under one variant's rules. Methods throw `Error`s whose message names the problem. */
export class RulesGame {
  private constructor(private readonly game: WasmGame) {}

  static create(variant: VariantKey, fen?: string | null): RulesGame {
    return new RulesGame(new WasmGame(variant, fen ?? null));
  }

  /** A game read from PDN; `variant` is used when the text has no GameType tag. */
  static fromPdn(text: string, variant?: VariantKey): RulesGame {
    return new RulesGame(WasmGame.fromPdn(text, variant ?? null));
  }

  /** The game to replay: start, moves with their draw offers, and a resignation or agreement. */
  record(): GameRecordView {
    return this.game.record() as GameRecordView;
  }

  legalMoves(): LegalMove[] {
    return this.game.legalMoves() as LegalMove[];
  }

  snapshot(): Snapshot {
    return this.game.snapshot() as Snapshot;
  }

  playPath(path: readonly string[], offerDraw: boolean): LegalMove {
    return this.game.playPath([...path], offerDraw) as LegalMove;
  }

  playText(text: string, offerDraw: boolean): LegalMove {
    return this.game.play(text, offerDraw) as LegalMove;
  }

  undo(): LegalMove | undefined {
    return this.game.undo() as LegalMove | undefined;
  }

  resign(color: "white" | "black"): void {
    this.game.resign(color);
  }

  acceptDraw(): void {
    this.game.acceptDraw();
  }

  fen(): string {
    return this.game.fen();
  }

  startFen(): string {
    return this.game.startFen();
  }

  toPdn(): string {
    return this.game.toPdn();
  }

  /** The computer's turn; `memory` carries what it learnt on its earlier turns. */
  computerTurn(level: string, seed: number, memory: EngineMemory): ComputerTurn {
    return this.game.computerTurn(level, seed, memory) as ComputerTurn;
  }

  searchNodes(nodes: number): SearchReport {
    return this.game.searchNodes(nodes) as SearchReport;
  }

  free(): void {
    this.game.free();
  }
}
