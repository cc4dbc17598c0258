/** Games played on this device: against the computer (engine in a worker) or two at one screen. */
import { EngineCancelled, EngineClient } from "../engine/client";
import type { GameRecord } from "../engine/protocol";
import { RulesGame, draughtsDetails, type GameView, type LegalMove, type RecordView, type Seat, type VariantKey } from "../wasm/rules";
import { pliesToUndo } from "./controls";
import {
  computerLevel,
  type SeatPlayers,
  type ControllerEvent,
  type GameController,
  type Level,
  type Mode,
} from "./controller";
import { clearSavedGame, saveGame } from "./storage";
import {
  afterMove,
  flagged,
  msUntilFlag,
  newClock,
  restoreClock,
  runClock,
  saveClock,
  seatRemaining,
  type GameClock,
  type SavedClock,
  type TimeControl,
} from "./timeControl";
import type { ClockView } from "./controller";
import { errorText } from "../ui/errors";

/** How a replayed game ended when no move ended it. */
export type GameEnding = Partial<Pick<GameRecord, "resigned" | "drawAgreed" | "timedOut">>;

/**
 * One turn of the game: a move, or (Halma) a resignation or a time-out after which the others
 * play on.
 */
interface TurnRecord {
  path: string[];
  offer: boolean;
  seat: Seat;
  kind: "move" | "resigned" | "timedOut";
}

export class LocalController implements GameController {
  readonly humans: readonly Seat[];
  readonly nearSeat: Seat;
  /** The computer's level at each seat it plays. */
  private readonly levels = new Map<Seat, Level>();
  private readonly game: RulesGame;
  private readonly history: TurnRecord[] = [];
  private readonly listeners = new Set<(event: ControllerEvent) => void>();
  private current: GameView;
  private busy = false;
  private engine: EngineClient | null;
  private destroyed = false;
  /** Changes whenever a pending computer answer must be ignored (undo, resignation). */
  private generation = 0;
  /** The clocks of a timed game (null: no time control). */
  private clock: GameClock | null = null;
  private flagTimer: ReturnType<typeof setTimeout> | null = null;
  /** Saves the clocks as they stand when the page is hidden or closed. */
  private readonly onHide = () => {
    if (document.visibilityState === "hidden") this.save();
  };
  private readonly onPageHide = () => this.save();

  /**
   * A game of `variant` for `players` in `mode`, from `record` (its start, moves and
   * resignations) or the starting position. The player facing the computer takes the seat to
   * move at the start (or the next one in "second" mode); the computer plays every other seat.
   */
  constructor(
    readonly variant: VariantKey,
    readonly players: number,
    readonly mode: Mode,
    record: (Pick<GameRecord, "startFen" | "moves"> & GameEnding) | null,
    engine: EngineClient | null = null,
    /** Who plays each seat in the "mixed" mode. */
    readonly seatPlayers: SeatPlayers = [],
    /** The time control of a new timed game, or the clocks of a saved one. */
    clock: TimeControl | SavedClock | null = null,
  ) {
    const level = computerLevel(mode);
    this.game = RulesGame.create(variant, record?.startFen || null, players);
    try {
      this.replay(record);
    } catch (e) {
      this.game.free();
      throw e;
    }
    const start = RulesGame.create(variant, record?.startFen || null, players);
    const startView = start.snapshot();
    start.free();
    const order = startView.seats.map((s) => s.index);
    const first = startView.turn ?? order[0]!;
    if (mode === "mixed") this.humans = order.filter((seat) => (seatPlayers[seat] ?? null) === null);
    else if (level === null) this.humans = order;
    else if (mode === "second") this.humans = [order[(order.indexOf(first) + 1) % order.length]!];
    else this.humans = [first];
    for (const seat of order) {
      if (this.humans.includes(seat)) continue;
      const seatLevel = mode === "mixed" ? seatPlayers[seat] : level;
      if (seatLevel) this.levels.set(seat, seatLevel);
    }
    this.nearSeat = this.humans[0] ?? order[0]!;
    this.engine = this.levels.size === 0 ? null : (engine ?? new EngineClient());
    this.current = this.game.snapshot();
    if (clock !== null) {
      const now = performance.now();
      // The clocks start with the first move; a saved game goes on with the player to move's
      // clock once the screen shows the game (`start`), not while the page loads.
      const started = "seats" in clock ? restoreClock(clock, now) : newClock(clock, order, now);
      this.clock = runClock(started, null, now);
      globalThis.addEventListener?.("pagehide", this.onPageHide);
      globalThis.document?.addEventListener("visibilitychange", this.onHide);
    }
    // Saved from the start, so that a reload before the first move returns to this game.
    this.save();
  }

  /** Whether a clock runs now: from the first move until the game ends. */
  private clockRuns(): boolean {
    return this.current.result === null && this.history.some((turn) => turn.kind === "move");
  }

  private save(): void {
    if (this.current.result !== null) return;
    const clock = this.clock ? { clock: saveClock(this.clock, performance.now()) } : {};
    saveGame({ mode: this.mode, game: this.record(), seats: this.seatPlayers, ...clock });
  }

  private replay(record: (Pick<GameRecord, "startFen" | "moves"> & GameEnding) | null): void {
    const resigned = record?.resigned ?? [];
    const timedOut = record?.timedOut ?? [];
    const resignAfter = (n: number) => {
      const halma = () => this.game.snapshot().details.family === "halma";
      for (const r of resigned.filter((r) => r.after === n)) {
        const keep = halma();
        this.game.resign(r.seat);
        if (keep) this.history.push({ path: [], offer: false, seat: r.seat, kind: "resigned" });
      }
      for (const r of timedOut.filter((r) => r.after === n)) {
        const keep = halma();
        this.game.timeOut(r.seat);
        if (keep) this.history.push({ path: [], offer: false, seat: r.seat, kind: "timedOut" });
      }
    };
    (record?.moves ?? []).forEach((m, i) => {
      resignAfter(i);
      const seat = this.game.snapshot().turn ?? 0;
      this.game.playPath(m.path, m.offer);
      this.history.push({ path: [...m.path], offer: m.offer, seat, kind: "move" });
    });
    resignAfter(record?.moves.length ?? 0);
    const view = this.game.snapshot();
    if (record?.drawAgreed && view.result === null && draughtsDetails(view)?.drawOffer != null) this.game.acceptDraw();
  }

  get thinking(): boolean {
    return this.busy;
  }

  snapshot(): GameView {
    return this.current;
  }

  legalMoves(): LegalMove[] {
    return this.game.legalMoves();
  }

  record(): GameRecord {
    const moves: GameRecord["moves"] = [];
    const resigned: RecordView["resigned"] = [];
    const timedOut: RecordView["resigned"] = [];
    for (const turn of this.history) {
      if (turn.kind === "resigned") resigned.push({ seat: turn.seat, after: moves.length });
      else if (turn.kind === "timedOut") timedOut.push({ seat: turn.seat, after: moves.length });
      else moves.push({ path: turn.path, offer: turn.offer });
    }
    const out = timedOut.length > 0 ? { timedOut } : {};
    return { variant: this.variant, players: this.players, startFen: this.game.startFen(), moves, resigned, ...out };
  }

  /** The clocks as they stand now, or null in a game without them. */
  clocks(): ClockView | null {
    if (this.clock === null) return null;
    const measuredAt = performance.now();
    const saved = saveClock(this.clock, measuredAt);
    return { seats: saved.seats, state: { remainingMs: saved.remainingMs, running: saved.running }, measuredAt };
  }

  pdn(): string {
    return this.game.recordText();
  }

  subscribe(listener: (event: ControllerEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private emit(event: ControllerEvent): void {
    for (const listener of this.listeners) listener(event);
  }

  /** Reads the game again after a change; `moved`: the seat that just moved (its increment is added). */
  private refresh(moved: Seat | null = null): void {
    this.current = this.game.snapshot();
    if (this.clock !== null) {
      const now = performance.now();
      const next = this.clockRuns() ? this.current.turn : null;
      this.clock = moved !== null ? afterMove(this.clock, moved, next, now) : runClock(this.clock, next, now);
      this.armFlag();
    }
    if (this.current.result === null) this.save();
    else clearSavedGame();
  }

  /** Watches the running clock: when it reaches zero, that seat's time is out. */
  private armFlag(): void {
    if (this.flagTimer !== null) clearTimeout(this.flagTimer);
    this.flagTimer = null;
    if (this.clock === null || this.destroyed) return;
    const left = msUntilFlag(this.clock, performance.now());
    if (left === null) return;
    this.flagTimer = setTimeout(() => {
      this.flagTimer = null;
      const seat = this.clock === null ? null : flagged(this.clock, performance.now());
      if (seat === null) this.armFlag();
      else this.timeOut(seat);
    }, left + 1);
  }

  /**
   * Whether the player to move's time is already gone (a move arriving before the flag's timer
   * ran): then that seat is out of time, and its move is not played.
   */
  private flagFell(): boolean {
    const seat = this.clock === null ? null : flagged(this.clock, performance.now());
    if (seat === null) return false;
    this.timeOut(seat);
    return true;
  }

  /**
   * `seat`'s time ran out: the rules end the game (won by another seat, or drawn when no one
   * else could win) or, in Halma with more than two players, the seat drops out.
   */
  private timeOut(seat: Seat): void {
    if (this.current.result !== null || this.destroyed) return;
    if (this.busy && this.current.turn === seat) this.stopThinking();
    const halma = this.current.details.family === "halma";
    try {
      this.game.timeOut(seat);
    } catch (e) {
      this.emit({ kind: "error", message: errorText(e, this.current) });
      return;
    }
    if (halma) this.history.push({ path: [], offer: false, seat, kind: "timedOut" });
    this.refresh();
    this.emit({ kind: "changed" });
    this.maybeComputerTurn();
  }

  private apply(path: readonly string[], offer: boolean): void {
    const seat = this.current.turn ?? 0;
    const move = this.game.playPath(path, offer);
    this.history.push({ path: [...move.path], offer, seat, kind: "move" });
    this.refresh(seat);
    this.emit({ kind: "played", played: { move, seat, offeredDraw: offer, after: this.current } });
  }

  private isHumanTurn(): boolean {
    const turn = this.current.turn;
    return this.current.result === null && turn !== null && this.humans.includes(turn);
  }

  start(): void {
    if (this.clock !== null && this.clockRuns()) {
      this.clock = runClock(this.clock, this.current.turn, performance.now());
      this.armFlag();
      this.emit({ kind: "changed" });
    }
    this.maybeComputerTurn();
  }

  play(path: readonly string[], offerDraw: boolean): void {
    if (!this.isHumanTurn() || this.busy) return;
    if (this.flagFell()) return;
    try {
      this.apply(path, offerDraw && (draughtsDetails(this.current)?.mayOfferDraw ?? false));
    } catch (e) {
      this.emit({ kind: "error", message: errorText(e, this.current) });
      return;
    }
    this.maybeComputerTurn();
  }

  private maybeComputerTurn(): void {
    if (this.destroyed || this.engine === null) return;
    const turn = this.current.turn;
    if (this.current.result !== null || turn === null || this.humans.includes(turn)) return;
    const level = this.levels.get(turn);
    if (level === undefined) return;
    this.busy = true;
    this.emit({ kind: "changed" });
    const generation = ++this.generation;
    const clock = this.clock === null ? undefined : { remainingMs: seatRemaining(this.clock, turn, performance.now()), incrementMs: this.clock.control.incrementMs };
    this.engine
      .computerTurn(this.record(), level, undefined, clock)
      .then((turn) => {
        if (this.destroyed || generation !== this.generation) return;
        this.busy = false;
        if (this.flagFell()) return;
        if (turn.acceptDraw) {
          this.game.acceptDraw();
          this.refresh();
          this.emit({ kind: "changed" });
        } else if (turn.move) {
          this.apply(turn.move.path, turn.offerDraw);
          // With more than two players the next seat may be the computer's too.
          this.maybeComputerTurn();
        } else {
          this.emit({ kind: "changed" });
        }
      })
      .catch((e: unknown) => {
        if (e instanceof EngineCancelled || this.destroyed) return;
        this.busy = false;
        this.emit({ kind: "error", message: errorText(e, this.current) });
      });
  }

  /** Whether the game has clocks (then Undo is off, as in rated play). */
  get timed(): boolean {
    return this.clock !== null;
  }

  canUndo(): boolean {
    if (this.clock !== null) return false;
    return pliesToUndo(
      this.history.map((m) => m.seat),
      this.humans,
    ) > 0;
  }

  undo(): void {
    const plies = pliesToUndo(
      this.history.map((m) => m.seat),
      this.humans,
    );
    if (plies === 0 || this.clock !== null) return;
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
    const turn = this.current.turn;
    const seat = turn !== null && this.humans.includes(turn) ? turn : this.humans.length === 1 ? this.humans[0]! : null;
    if (seat === null || seat === undefined) return;
    this.stopThinking();
    try {
      this.game.resign(seat);
    } catch (e) {
      this.emit({ kind: "error", message: errorText(e, this.current) });
      return;
    }
    // A Halma resignation is a turn of its own (undone like a move); in draughts it ends the game.
    if (this.current.details.family === "halma") this.history.push({ path: [], offer: false, seat, kind: "resigned" });
    this.refresh();
    this.emit({ kind: "changed" });
    // A resigned player's pieces stay; with more than two players the others play on.
    this.maybeComputerTurn();
  }

  acceptDraw(): void {
    if (!this.isHumanTurn()) return;
    try {
      this.game.acceptDraw();
    } catch (e) {
      this.emit({ kind: "error", message: errorText(e, this.current) });
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
    if (this.flagTimer !== null) clearTimeout(this.flagTimer);
    globalThis.removeEventListener?.("pagehide", this.onPageHide);
    globalThis.document?.removeEventListener("visibilitychange", this.onHide);
    this.engine?.destroy();
    this.engine = null;
    this.game.free();
    this.listeners.clear();
  }
}
