/**
 * A game in an online room. The server decides; this page applies every room event through its
 * own copy of the rules (kingme-wasm) so that both sides agree, checks the server's position and
 * result after each one, and shows the player's own moves at once (resent until acknowledged).
 */
import type { GameRecord } from "../engine/protocol";
import { RoomConnection, type ConnectionStatus, type SocketLike } from "../net/client";
import { otherSeat, type Colors, type ErrorCode, type OutcomeView, type Presence, type RoomEvent, type RoomSnapshot, type Seat, type Side } from "../net/protocol";
import { forgetSeat, newSeatToken, nextAckId, saveSeat } from "../net/seats";
import { RulesGame, draughtsDetails, seatView, type GameView, type LegalMove, type Seat as SeatIndex, type VariantKey } from "../wasm/rules";
import type { ControllerEvent, GameController, Mode } from "./controller";

type Snapshot = GameView;

const opposite = (side: Side): Side => (side === "white" ? "black" : "white");

/** The wire names sides by colour; the page by seat index. Map at this edge. */
function seatOfSide(view: Pick<GameView, "seats">, side: Side): SeatIndex {
  return view.seats.find((s) => s.color === side)?.index ?? 0;
}

function sideOfSeat(view: Pick<GameView, "seats">, seat: SeatIndex): Side {
  return seatView(view, seat)?.color === "black" ? "black" : "white";
}

/** How long the opponent must be away before the game may go on against the computer. */
export const ABSENCE_MS = 2 * 60 * 1000;

/** What the room screen hears besides the game's own events. */
export type RoomChange =
  /** The game was rebuilt (first state, seat taken, rematch, resync): draw the screen anew. */
  | { kind: "reset" }
  /** Seats, presence, connection or a notice changed. */
  | { kind: "room" }
  /** The link is dead: `code` 4404 (unknown) or 4410 (expired). */
  | { kind: "gone"; code: number; message: string }
  /** This player took the game to the computer: continue it locally. */
  | { kind: "handOver"; record: GameRecord; seat: SeatIndex };

export interface RoomView {
  room: string;
  variant: VariantKey;
  /** This page's seat; null for spectators. */
  seat: Seat | null;
  joined: boolean;
  game: number;
  colors: Colors;
  presence: Presence;
  status: ConnectionStatus;
  /** A player took the game out of the room to go on against the computer. */
  leftForComputer: Seat | null;
  /** The opponent has been away long enough to go on against the computer. */
  mayContinueVsComputer: boolean;
  /** The last refused request or connection problem, in words. */
  notice: string | null;
  /** The first snapshot has arrived. */
  ready: boolean;
}

interface MoveRecord {
  path: string[];
  offer: boolean;
  seat: SeatIndex;
}

export interface OnlineOptions {
  room: string;
  variant: VariantKey;
  token: string | null;
  url: string;
  createSocket?: (url: string) => SocketLike;
  now?: () => number;
}

const MOVE_REFUSALS: ReadonlySet<ErrorCode> = new Set([
  "illegal_move",
  "not_your_turn",
  "stale_version",
  "draw_offer_not_allowed",
  "game_over",
  "game_left_room",
  "waiting_for_opponent",
  "not_a_player",
  "storage",
]);

function sameOutcome(view: Snapshot, server: OutcomeView | null): boolean {
  const local = view.result;
  if (local === null || server === null) return local === server;
  const winner = local.winner === null ? null : sideOfSeat(view, local.winner);
  return winner === server.winner_side && local.reason === server.reason;
}

export class OnlineController implements GameController {
  readonly mode: Mode = "online";
  readonly variant: VariantKey;
  readonly thinking = false;
  private game: RulesGame;
  private history: MoveRecord[] = [];
  private current: Snapshot;
  private readonly connection: RoomConnection;
  private readonly listeners = new Set<(event: ControllerEvent) => void>();
  private readonly roomListeners = new Set<(change: RoomChange) => void>();
  private readonly now: () => number;
  /** The player's own move shown before the server acknowledged it. */
  private optimistic: { ack: number; plyBefore: number; path: string[]; offer: boolean } | null = null;
  private serverOutcome: OutcomeView | null = null;
  private awaySignalled = false;
  private destroyed = false;
  readonly view: RoomView;

  constructor(options: OnlineOptions) {
    this.variant = options.variant;
    this.now = options.now ?? Date.now;
    this.game = RulesGame.create(options.variant, null);
    this.current = this.game.snapshot();
    const start = sideOfSeat(this.current, this.current.turn ?? 0);
    this.view = {
      room: options.room,
      variant: options.variant,
      seat: null,
      joined: false,
      game: 1,
      colors: { creator: start, joiner: opposite(start) },
      presence: { creator: false, joiner: false, spectators: 0, creator_away_since: null, joiner_away_since: null, seats: [] },
      status: "connecting",
      leftForComputer: null,
      mayContinueVsComputer: false,
      notice: null,
      ready: false,
    };
    this.connection = new RoomConnection(
      {
        url: options.url,
        token: options.token,
        createSocket: options.createSocket ?? ((url) => new WebSocket(url) as unknown as SocketLike),
        nextAck: () => nextAckId(this.now()),
      },
      {
        snapshot: (s) => this.onSnapshot(s),
        event: (e) => this.onEvent(e),
        synced: () => this.roomChanged(),
        seat: (seat, token) => this.onSeat(seat, token),
        presence: (p) => this.onPresence(p),
        away: (seat) => {
          if (this.view.seat !== null && seat === otherSeat(this.view.seat)) this.awaySignalled = true;
          this.roomChanged();
        },
        refused: (code, message, ack) => this.onRefused(code, message, ack),
        acked: () => undefined,
        unreadable: (message) => {
          this.view.notice = message;
          this.roomChanged();
        },
        status: (status, detail) => {
          this.view.status = status;
          if (detail.code !== undefined && detail.code >= 4000 && detail.code < 4400) {
            this.view.notice = `${detail.code} ${detail.reason ?? ""}`.trim();
          }
          this.roomChanged();
        },
        gone: (code, message) => this.emitRoom({ kind: "gone", code, message }),
      },
    );
  }

  /** Opens the room's socket (call once the listeners are in place). */
  connect(): void {
    this.connection.connect();
  }

  /** The network is back or the page is shown again: stop waiting to reconnect. */
  retryNow(): void {
    this.connection.retryNow();
  }

  // --- GameController -----------------------------------------------------------------------

  get humans(): readonly SeatIndex[] {
    const { seat, joined, leftForComputer } = this.view;
    return seat !== null && joined && leftForComputer === null ? [this.seatIndexOf(seat)] : [];
  }

  /** The player's own side is near; spectators see it from the first seat. */
  get nearSeat(): SeatIndex {
    return this.view.seat === null ? 0 : this.seatIndexOf(this.view.seat);
  }

  /** The seat index of a room seat (creator or joiner), by the colour it plays. */
  seatIndexOf(seat: Seat): SeatIndex {
    return seatOfSide(this.current, this.colorOf(seat));
  }

  snapshot(): Snapshot {
    return this.current;
  }

  legalMoves(): LegalMove[] {
    return this.current.result === null ? this.game.legalMoves() : [];
  }

  play(path: readonly string[], offerDraw: boolean): void {
    const s = this.current;
    const v = this.connection.version;
    if (s.result !== null || s.turn === null || !this.humans.includes(s.turn) || this.optimistic !== null || v === null) return;
    const seat = s.turn;
    const offer = offerDraw && (draughtsDetails(s)?.mayOfferDraw ?? false);
    const plyBefore = this.history.length;
    let move: LegalMove;
    try {
      move = this.game.playPath(path, offer);
    } catch (e) {
      this.emit({ kind: "error", message: e instanceof Error ? e.message : String(e) });
      return;
    }
    this.history.push({ path: [...move.path], offer, seat });
    const pending = this.connection.sendMove(move.notation, offer, v);
    this.optimistic = { ack: pending.ack, plyBefore, path: [...move.path], offer };
    this.refresh();
    this.emit({ kind: "played", played: { move, seat, offeredDraw: offer, after: this.current } });
  }

  canUndo(): boolean {
    return false;
  }

  undo(): void {
    /* no undo in online games */
  }

  resign(): void {
    const v = this.connection.version;
    if (this.current.result !== null || this.humans.length === 0 || v === null) return;
    this.request({ t: "resign", v });
  }

  acceptDraw(): void {
    const s = this.current;
    const v = this.connection.version;
    const offer = draughtsDetails(s)?.drawOffer ?? null;
    if (s.result !== null || s.turn === null || !this.humans.includes(s.turn) || offer === null || v === null) return;
    this.request({ t: "accept_draw", v });
  }

  pdn(): string {
    return this.game.recordText();
  }

  record(): GameRecord {
    return {
      variant: this.variant,
      players: 2,
      startFen: this.game.startFen(),
      moves: this.history.map(({ path, offer }) => ({ path, offer })),
    };
  }

  start(): void {
    /* the server starts the game when the second player joins */
  }

  subscribe(listener: (event: ControllerEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  destroy(): void {
    if (this.destroyed) return;
    this.destroyed = true;
    this.connection.close();
    this.game.free();
    this.listeners.clear();
    this.roomListeners.clear();
  }

  // --- the room -----------------------------------------------------------------------------

  onRoom(listener: (change: RoomChange) => void): () => void {
    this.roomListeners.add(listener);
    return () => this.roomListeners.delete(listener);
  }

  /** Takes the free seat; its token is kept before asking, so no lost answer can lose it. */
  join(): void {
    const token = newSeatToken();
    saveSeat(this.view.room, { seat: "joiner", token });
    if (!this.connection.join(token)) {
      forgetSeat(this.view.room);
      this.view.notice = "not connected: trying again";
      this.roomChanged();
    }
  }

  /** "Swap sides and play again", once the game is over. */
  rematch(): void {
    this.request({ t: "rematch", game: this.view.game });
  }

  continueVsComputer(): void {
    const v = this.connection.version;
    if (v !== null) this.request({ t: "continue_vs_computer", v });
  }

  colorOf(seat: Seat): Side {
    return this.view.colors[seat];
  }

  private request(message: Parameters<RoomConnection["send"]>[0]): void {
    if (!this.connection.send(message)) {
      this.view.notice = "not connected: trying again";
      this.roomChanged();
    }
  }

  private emit(event: ControllerEvent): void {
    for (const listener of [...this.listeners]) listener(event);
  }

  private emitRoom(change: RoomChange): void {
    for (const listener of [...this.roomListeners]) listener(change);
  }

  private roomChanged(): void {
    this.updateAbsence();
    this.emitRoom({ kind: "room" });
  }

  private refresh(): void {
    let s = this.game.snapshot();
    if (s.result === null && this.serverOutcome !== null) {
      const o = this.serverOutcome;
      const winner = o.winner_side === null ? null : seatOfSide(s, o.winner_side);
      const placings = winner === null ? [s.seats.map((x) => x.index)] : [[winner], s.seats.map((x) => x.index).filter((x) => x !== winner)];
      s = { ...s, turn: null, result: { placings, winner, reason: o.reason, reasonText: o.description } };
    }
    this.current = s;
  }

  private updateAbsence(): void {
    const v = this.view;
    const opponent = v.seat === null ? null : otherSeat(v.seat);
    let away = false;
    if (opponent !== null && v.joined && v.leftForComputer === null && this.current.result === null) {
      const connected = v.presence[opponent];
      const since = opponent === "creator" ? v.presence.creator_away_since : v.presence.joiner_away_since;
      away = !connected && (this.awaySignalled || (since !== null && this.now() - since >= ABSENCE_MS));
    }
    v.mayContinueVsComputer = away;
  }

  /** The page and the server disagree: say so and take the server's state afresh. */
  private disagree(what: string): void {
    this.emit({ kind: "error", message: `this page and the server disagree about ${what}; reloading the room` });
    this.optimistic = null;
    this.connection.reconnect(true);
  }

  private onSeat(seat: Seat, token: string): void {
    saveSeat(this.view.room, { seat, token });
    const changed = this.view.seat !== seat;
    this.view.seat = seat;
    this.view.notice = null;
    if (changed && this.view.ready) this.emitRoom({ kind: "reset" });
    this.roomChanged();
  }

  private onPresence(p: Presence): void {
    this.view.presence = p;
    const opponent = this.view.seat === null ? null : otherSeat(this.view.seat);
    if (opponent !== null && p[opponent]) this.awaySignalled = false;
    this.roomChanged();
  }

  private onRefused(code: ErrorCode, message: string, ack: number | undefined): void {
    if (code === "bad_token" || (this.view.seat === null && code === "seat_taken")) forgetSeat(this.view.room);
    if (code === "wrong_game") return; // both players asked for the rematch: it has started
    // The server names a refused move by its ack; a refusal without one is about the move only
    // when its code is a move's.
    const ourMove = ack === undefined ? MOVE_REFUSALS.has(code) : ack === this.optimistic?.ack;
    if (this.optimistic !== null && ourMove) {
      // The move shown at once was refused: take it back.
      this.connection.forget(this.optimistic.ack);
      this.optimistic = null;
      this.game.undo();
      this.history.pop();
      this.refresh();
      this.emit({ kind: "undone", plies: 1 });
    }
    this.view.notice = message;
    this.emit({ kind: "error", message });
    this.roomChanged();
  }

  private onSnapshot(s: RoomSnapshot): void {
    if (s.variant !== this.variant) {
      this.view.notice = `the room plays ${s.variant}, not ${this.variant}`;
    }
    const v = this.view;
    v.seat = s.you;
    v.joined = s.joined;
    v.game = s.game;
    if (s.colors !== null) v.colors = s.colors;
    v.presence = s.presence;
    v.leftForComputer = s.left_for_computer;
    this.serverOutcome = s.outcome;

    const game = RulesGame.create(this.variant, s.start_fen);
    const history: MoveRecord[] = [];
    try {
      s.moves.forEach((text, i) => {
        const offer = s.offers[i] === true;
        const seat = game.snapshot().turn ?? 0;
        const move = game.playText(text, offer);
        history.push({ path: move.path, offer, seat });
      });
      const loser = s.outcome?.winner_side ? opposite(s.outcome.winner_side) : null;
      if (s.outcome?.reason === "resignation" && loser !== null) game.resign(seatOfSide(game.snapshot(), loser));
      if (s.outcome?.reason === "agreement") game.acceptDraw();
    } catch (e) {
      this.view.notice = e instanceof Error ? e.message : String(e);
    }
    this.game.free();
    this.game = game;
    this.history = history;

    const optimistic = this.optimistic;
    if (optimistic !== null) {
      if (s.moves.length > optimistic.plyBefore || s.you === null || s.to_move !== s.you) {
        // Stored already (or overtaken): the server's state is the truth.
        this.connection.forget(optimistic.ack);
        this.optimistic = null;
      } else {
        // Not stored yet: show it again; the connection resends it.
        const seat = this.game.snapshot().turn ?? 0;
        try {
          this.game.playPath(optimistic.path, optimistic.offer);
          this.history.push({ path: optimistic.path, offer: optimistic.offer, seat });
        } catch {
          this.connection.forget(optimistic.ack);
          this.optimistic = null;
        }
      }
    }
    this.refresh();
    if (this.optimistic === null && this.game.fen() !== s.fen) {
      this.view.notice = `the rules here reach ${this.game.fen()} but the server has ${s.fen}`;
    }
    v.ready = true;
    this.updateAbsence();
    this.emitRoom({ kind: "reset" });
    this.emitRoom({ kind: "room" });
  }

  private onEvent(e: RoomEvent): void {
    this.view.notice = null;
    switch (e.t) {
      case "joined":
        this.view.joined = true;
        this.refresh();
        this.emit({ kind: "changed" });
        break;
      case "moved":
        this.onMoved(e);
        break;
      case "draw_accepted":
      case "resigned":
        this.optimistic = null;
        try {
          if (e.t === "resigned") this.game.resign(this.seatIndexOf(e.seat));
          else this.game.acceptDraw();
        } catch (err) {
          this.disagree(err instanceof Error ? err.message : String(err));
          return;
        }
        this.refresh();
        if (!sameOutcome(this.current, e.outcome)) this.serverOutcome = e.outcome;
        this.refresh();
        this.emit({ kind: "changed" });
        break;
      case "rematch": {
        const game = RulesGame.create(this.variant, e.fen);
        const firstView = game.snapshot();
        const first = sideOfSeat(firstView, firstView.turn ?? 0);
        this.game.free();
        this.game = game;
        this.history = [];
        this.optimistic = null;
        this.serverOutcome = null;
        this.awaySignalled = false;
        this.view.game = e.game;
        this.view.leftForComputer = null;
        this.view.colors = e.first === "creator" ? { creator: first, joiner: opposite(first) } : { creator: opposite(first), joiner: first };
        this.refresh();
        this.emitRoom({ kind: "reset" });
        break;
      }
      case "left_for_computer":
        this.view.leftForComputer = e.seat;
        if (e.seat === this.view.seat) {
          this.emitRoom({ kind: "handOver", record: this.record(), seat: this.seatIndexOf(e.seat) });
        } else {
          this.emit({ kind: "changed" });
        }
        break;
    }
    this.roomChanged();
  }

  private onMoved(e: Extract<RoomEvent, { t: "moved" }>): void {
    const optimistic = this.optimistic;
    if (optimistic !== null && e.seat === this.view.seat && e.ack === optimistic.ack) {
      this.optimistic = null;
    } else if (optimistic !== null) {
      this.disagree("the order of the moves");
      return;
    } else {
      const seat = this.current.turn ?? 0;
      let move: LegalMove;
      try {
        move = this.game.playText(e.move, e.offer_draw);
      } catch (err) {
        this.disagree(`the move ${e.move} (${err instanceof Error ? err.message : String(err)})`);
        return;
      }
      this.history.push({ path: [...move.path], offer: e.offer_draw, seat });
      this.refresh();
      this.emit({ kind: "played", played: { move, seat, offeredDraw: e.offer_draw, after: this.current } });
    }
    this.refresh();
    if (this.game.fen() !== e.fen) {
      this.disagree(`the position after ${e.move}`);
      return;
    }
    if (!sameOutcome(this.current, e.outcome)) this.disagree(`the result after ${e.move}`);
  }
}
