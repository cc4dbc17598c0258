/** Games played on this device: against the computer (engine in a worker) or two at one screen. */
import { EngineCancelled, EngineClient } from "../engine/client";
import type { GameRecord } from "../engine/protocol";
import { RulesGame } from "../wasm/rules";
import { opposite, type Color, type GameRecordView, type LegalMove, type Snapshot, type VariantKey } from "../wasm/types";
import { pliesToUndo } from "./controls";
import {
  computerLevel,
  firstMover,
  type ControllerEvent,
  type GameController,
  type Level,
  type Mode,
} from "./controller";
import { clearSavedGame, saveGame } from "./storage";

/** How a replayed game ended when no move ended it. */
export type GameEnding = Partial<Pick<GameRecordView, "resigned" | "drawAgreed">>;

interface MoveRecord {
  path: string[];
  offer: boolean;
  color: Color;
}

export class LocalController implements GameController {
  readonly humans: readonly Color[];
  readonly flipped: boolean;
  private readonly level: Level | null;
  private readonly game: RulesGame;
  private readonly history: MoveRecord[] = [];
  private readonly listeners = new Set<(event: ControllerEvent) => void>();
  private current: Snapshot;
  private busy = false;
  private engine: EngineClient | null;
  private destroyed = false;
  /** Changes whenever a pending computer answer must be ignored (undo, resignation). */
  private generation = 0;

  /**
   * A game of `variant` in `mode`, from `record` (its start and moves) or the starting
   * position. The player facing the computer takes the side to move at the start, or the other
   * side in "second" mode.
   */
  constructor(
    readonly variant: VariantKey,
    readonly mode: Mode,
    record: (Pick<GameRecord, "startFen" | "moves"> & GameEnding) | null,
    engine: EngineClient | null = null,
  ) {
    this.level = computerLevel(mode);
    this.game = RulesGame.create(variant, record?.startFen || null);
    const startTurn = this.game.snapshot().turn;
    for (const m of record?.moves ?? []) {
      const color = this.game.snapshot().turn;
      this.game.playPath(m.path, m.offer);
      this.history.push({ path: [...m.path], offer: m.offer, color });
    }
    if (record?.resigned) this.game.resign(record.resigned);
    else if (record?.drawAgreed && this.game.snapshot().drawOffer !== null) this.game.acceptDraw();
    if (this.level === null) this.humans = ["white", "black"];
    else this.humans = [mode === "second" ? opposite(startTurn) : startTurn];
    this.flipped = this.level !== null && this.humans[0] !== firstMover(variant);
    this.engine = this.level === null ? null : (engine ?? new EngineClient());
    this.current = this.game.snapshot();
    if (this.current.result === null && this.history.length > 0) saveGame({ mode, game: this.record() });
  }

  get thinking(): boolean {
    return this.busy;
  }

  snapshot(): Snapshot {
    return this.current;
  }

  legalMoves(): LegalMove[] {
    return this.game.legalMoves();
  }

  record(): GameRecord {
    return {
      variant: this.variant,
      startFen: this.game.startFen(),
      moves: this.history.map(({ path, offer }) => ({ path, offer })),
    };
  }

  pdn(): string {
    return this.game.toPdn();
  }

  subscribe(listener: (event: ControllerEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private emit(event: ControllerEvent): void {
    for (const listener of this.listeners) listener(event);
  }

  private refresh(): void {
    this.current = this.game.snapshot();
    if (this.current.result === null && this.history.length > 0) saveGame({ mode: this.mode, game: this.record() });
    else clearSavedGame();
  }

  private apply(path: readonly string[], offer: boolean): void {
    const color = this.current.turn;
    const move = this.game.playPath(path, offer);
    this.history.push({ path: [...move.path], offer, color });
    this.refresh();
    this.emit({ kind: "played", played: { move, color, offeredDraw: offer, after: this.current } });
  }

  private isHumanTurn(): boolean {
    return this.current.result === null && this.humans.includes(this.current.turn);
  }

  start(): void {
    this.maybeComputerTurn();
  }

  play(path: readonly string[], offerDraw: boolean): void {
    if (!this.isHumanTurn() || this.busy) return;
    try {
      this.apply(path, offerDraw && this.current.mayOfferDraw);
    } catch (e) {
      this.emit({ kind: "error", message: e instanceof Error ? e.message : String(e) });
      return;
    }
    this.maybeComputerTurn();
  }

  private maybeComputerTurn(): void {
    if (this.destroyed || this.level === null || this.engine === null) return;
    if (this.current.result !== null || this.humans.includes(this.current.turn)) return;
    this.busy = true;
    this.emit({ kind: "changed" });
    const generation = ++this.generation;
    this.engine
      .computerTurn(this.record(), this.level)
      .then((turn) => {
        if (this.destroyed || generation !== this.generation) return;
        this.busy = false;
        if (turn.acceptDraw) {
          this.game.acceptDraw();
          this.refresh();
          this.emit({ kind: "changed" });
        } else if (turn.move) {
          this.apply(turn.move.path, turn.offerDraw);
        } else {
          this.emit({ kind: "changed" });
        }
      })
      .catch((e: unknown) => {
        if (e instanceof EngineCancelled || this.destroyed) return;
        this.busy = false;
        this.emit({ kind: "error", message: e instanceof Error ? e.message : String(e) });
      });
  }

  canUndo(): boolean {
    return pliesToUndo(
      this.history.map((m) => m.color),
      this.humans,
    ) > 0;
  }

  undo(): void {
    const plies = pliesToUndo(
      this.history.map((m) => m.color),
      this.humans,
    );
    if (plies === 0) return;
    this.stopThinking();
    for (let i = 0; i < plies; i++) {
      this.game.undo();
      this.history.pop();
    }
    this.refresh();
    this.emit({ kind: "undone", plies });
  }

  resign(): void {
    if (this.current.result !== null) return;
    const color = this.level === null ? this.current.turn : this.humans[0]!;
    this.stopThinking();
    this.game.resign(color);
    this.refresh();
    this.emit({ kind: "changed" });
  }

  acceptDraw(): void {
    if (!this.isHumanTurn()) return;
    try {
      this.game.acceptDraw();
    } catch (e) {
      this.emit({ kind: "error", message: e instanceof Error ? e.message : String(e) });
      return;
    }
    this.refresh();
    this.emit({ kind: "changed" });
  }

  /** Ends the computer's search at once (its worker is restarted) and forgets its answer. */
  private stopThinking(): void {
    this.generation++;
    if (this.busy) {
      this.engine?.cancel();
      this.busy = false;
    }
  }

  destroy(): void {
    this.destroyed = true;
    this.engine?.destroy();
    this.engine = null;
    this.game.free();
    this.listeners.clear();
  }
}
