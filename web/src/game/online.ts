/**
 * A game in an online room, for every game on the site and any number of seats. The server
 * decides; this page applies every room event through its own copy of the rules (kingme-wasm) so
 * that everyone agrees, checks the server's position and result after each one, and shows the
 * player's own moves at once (resent until acknowledged).
 *
 * The room numbers its seats (0 is the creator's); the board numbers its own (`GameView.seats`).
 * Which room seat plays which board seat follows from the server's turn order (`SeatView.player`,
 * rotated by every rematch) and the rules' order of the board seats: mapped here, once.
 */
import type { GameRecord } from "../engine/protocol";
import { RoomConnection, type ConnectionStatus, type SocketLike } from "../net/client";
import type { ClockView as WireClock, ErrorCode, OutcomeView, Presence, RoomEvent, RoomSnapshot, Seat, SeatView as RoomSeatView } from "../net/protocol";
import { forgetSeat, newSeatToken, nextAckId, saveSeat } from "../net/seats";
import { RulesGame, draughtsDetails, halmaDetails, type GameView, type LegalMove, type RecordView, type Seat as SeatIndex, type VariantKey } from "../wasm/rules";
import type { ClockView, ControllerEvent, GameController, Level, Mode } from "./controller";
import { isMessageKey, t, type MessageKey } from "../i18n";
import { errorText } from "../ui/errors";

type Snapshot = GameView;

/**
 * A notice for the room's page, said in the page's language when shown: a message key and its
 * parameters (`game`/`expected` are rules keys, named in the language by the page).
 */
export interface Notice {
  key: MessageKey;
  params?: Record<string, string | number>;
}

/** A refusal from the server in the page's language, by its code (its own words otherwise). */
export function refusalNotice(code: ErrorCode, message: string): Notice {
  const key = `refused.${code}`;
  return isMessageKey(key) ? { key } : { key: "room.refusedOther", params: { message } };
}

/** Why the server closed the socket, by its close code. */
export function closeNotice(code: number, reason: string | undefined): Notice {
  const key = `room.close.${code}`;
  return { key: "room.closed", params: { reason: isMessageKey(key) ? t(key) : `${code} ${reason ?? ""}`.trim() } };
}

/** How long a player must be away before the others may go on without them. */
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

/** One seat of the room as this page shows it. */
export interface RoomSeat {
  seatNo: number;
  /** A player holds it (a computer seat from the start has none). */
  taken: boolean;
  name: string | null;
  /** The level of the computer playing it, if one does. */
  computer: string | null;
  connected: boolean;
  /** Since when its holder has been away (ms since the epoch), if it has one and is away. */
  awaySince: number | null;
  /** The board seat it plays in the current game. */
  board: SeatIndex;
}

export interface RoomView {
  room: string;
  variant: VariantKey;
  /** How many seats the room has. */
  players: number;
  /** This page's seat number; null for spectators. */
  seatNo: number | null;
  /** Every seat is taken: the game has started. */
  joined: boolean;
  game: number;
  seats: RoomSeat[];
  spectators: number;
  status: ConnectionStatus;
  /** The seat that took the game out of the room to go on against the computer. */
  leftForComputer: number | null;
  /** Two-seat draughts: the opponent has been away long enough to go on against the computer. */
  mayContinueVsComputer: boolean;
  /** Other rooms: the seats whose holders have been away two minutes (the computer may take them). */
  replaceable: number[];
  /** The last refused request or connection problem. */
  notice: Notice | null;
  /** The first snapshot has arrived. */
  ready: boolean;
}

interface TurnRecord {
  path: string[];
  offer: boolean;
  seat: SeatIndex;
  /** A Halma seat leaving by resigning or running out of time (a turn of its own, after which the others play on). */
  leaves: "resign" | "time" | null;
}

/** A seat the computer plays from the room's start, chosen by its creator. */
export interface ComputerSeat {
  seatNo: number;
  level: Level;
}

export interface OnlineOptions {
  room: string;
  variant: VariantKey;
  /** The room's seat count (the game's player count), as the room's page was told. */
  players: number;
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
  "computer_playing",
  "storage",
]);

/** A Halma resignation in the server's list of moves: `resigns:S`, S the board seat (1–6). */
const RESIGNS = /^resigns:(\d)$/;
/** A Halma seat out of time in the server's list of moves: `time:S`. */
const TIME_OUT = /^time:(\d)$/;

/** The two-seat names of room seats 0 and 1. */
const seatNoOf = (seat: Seat): number => (seat === "creator" ? 0 : 1);

/** The board seats in the order the room's turn order counts them (player 0 first). */
function turnOrder(start: GameView): SeatIndex[] {
  if (start.details.family === "halma") return start.seats.map((s) => s.index);
  const first = start.turn ?? start.seats[0]?.index ?? 0;
  return [first, ...start.seats.map((s) => s.index).filter((i) => i !== first)];
}

/** The game's start as the rules see it (for the order of its board seats). */
function startView(variant: VariantKey, fen: string, players: number): GameView {
  const game = RulesGame.create(variant, fen, players);
  try {
    return game.snapshot();
  } finally {
    game.free();
  }
}

const placingsKey = (groups: readonly (readonly number[])[]): string => groups.map((g) => [...g].sort((a, b) => a - b).join(",")).join("|");

export class OnlineController implements GameController {
  readonly mode: Mode = "online";
  readonly variant: VariantKey;
  readonly thinking = false;
  private game: RulesGame;
  private history: TurnRecord[] = [];
  private current: Snapshot;
  private readonly connection: RoomConnection;
  private readonly listeners = new Set<(event: ControllerEvent) => void>();
  private readonly roomListeners = new Set<(change: RoomChange) => void>();
  private readonly now: () => number;
  /** The player's own move shown before the server acknowledged it. */
  private optimistic: { ack: number; plyBefore: number; path: string[]; offer: boolean } | null = null;
  private serverOutcome: OutcomeView | null = null;
  /** A timed room's clocks as the server last told them, and when (`performance.now()`). */
  private clock: { wire: WireClock; measuredAt: number } | null = null;
  /** Seats the server said have been away two minutes (until they come back). */
  private readonly awaySignalled = new Set<number>();
  private destroyed = false;
  readonly view: RoomView;

  constructor(options: OnlineOptions) {
    this.variant = options.variant;
    this.now = options.now ?? Date.now;
    this.game = RulesGame.create(options.variant, null, options.players);
    this.current = this.game.snapshot();
    this.view = {
      room: options.room,
      variant: options.variant,
      players: options.players,
      seatNo: null,
      joined: false,
      game: 1,
      seats: [],
      spectators: 0,
      status: "connecting",
      leftForComputer: null,
      mayContinueVsComputer: false,
      replaceable: [],
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
        synced: (_v, clock) => {
          this.setClock(clock);
          this.roomChanged();
        },
        seat: (seat, token, seatNo) => this.onSeat(seat, token, seatNo),
        presence: (p) => this.onPresence(p),
        away: (_seat, _since, seatNo) => {
          if (seatNo !== this.view.seatNo) this.awaySignalled.add(seatNo);
          this.roomChanged();
        },
        refused: (code, message, ack) => this.onRefused(code, message, ack),
        acked: () => undefined,
        unreadable: (message) => {
          this.view.notice = { key: "room.unreadable", params: { message } };
          this.roomChanged();
        },
        status: (status, detail) => {
          this.view.status = status;
          if (detail.code !== undefined && detail.code >= 4000 && detail.code < 4400) {
            this.view.notice = closeNotice(detail.code, detail.reason);
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

  /** This page's board seat while it plays (not while the computer plays for it). */
  get humans(): readonly SeatIndex[] {
    const { seatNo, joined, leftForComputer } = this.view;
    const mine = seatNo === null ? undefined : this.view.seats[seatNo];
    return mine !== undefined && joined && leftForComputer === null && mine.computer === null ? [mine.board] : [];
  }

  /** The player's own side is near; spectators see the game from the creator's side. */
  get nearSeat(): SeatIndex {
    const seat = this.view.seats[this.view.seatNo ?? 0];
    return this.view.seatNo === null && this.isDraughts() ? 0 : (seat?.board ?? 0);
  }

  /** The room seat that plays board seat `board` in the current game. */
  roomSeatOf(board: SeatIndex): RoomSeat | undefined {
    return this.view.seats.find((s) => s.board === board);
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
      this.emit({ kind: "error", message: errorText(e, this.current) });
      return;
    }
    this.history.push({ path: [...move.path], offer, seat, leaves: null });
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

  /** Whether this page's player may still resign (in Halma, not after finishing or resigning). */
  canResign(): boolean {
    const mine = this.humans[0];
    if (this.current.result !== null || mine === undefined) return false;
    const halma = halmaDetails(this.current);
    return halma === null || halma.seats.find((x) => x.seat === mine)?.state === "playing";
  }

  resign(): void {
    const v = this.connection.version;
    if (!this.canResign() || v === null) return;
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
    const moves: GameRecord["moves"] = [];
    const resigned: RecordView["resigned"] = [];
    const timedOut: RecordView["timedOut"] = [];
    for (const turn of this.history) {
      if (turn.leaves === "resign") resigned.push({ seat: turn.seat, after: moves.length });
      else if (turn.leaves === "time") timedOut.push({ seat: turn.seat, after: moves.length });
      else moves.push({ path: turn.path, offer: turn.offer });
    }
    // Draughts keeps a flag beside its moves: the loser's.
    const outcome = this.current.result;
    if (this.isDraughts() && outcome?.reason === "time-out" && outcome.winner !== null) {
      const loser = this.view.seats.find((x) => x.board !== outcome.winner);
      if (loser) timedOut.push({ seat: loser.board, after: moves.length });
    }
    return { variant: this.variant, players: this.view.players, startFen: this.game.startFen(), moves, resigned, timedOut };
  }

  start(): void {
    /* the server starts the game when every seat is taken */
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

  /**
   * Looks again at how long the absent players have been away (the server says so once per
   * absence; a page that opened later counts from the seat's own times). True when it changed.
   */
  recheckAbsence(): boolean {
    const before = `${this.view.mayContinueVsComputer} ${this.view.replaceable.join(",")}`;
    this.updateAbsence();
    return `${this.view.mayContinueVsComputer} ${this.view.replaceable.join(",")}` !== before;
  }

  /** Whether this is a two-seat draughts room (colours, "continue against the computer"). */
  isDraughts(): boolean {
    return this.current.details.family === "draughts";
  }

  /** Whether this page holds the creator's seat. */
  get isCreator(): boolean {
    return this.view.seatNo === 0;
  }

  /**
   * Takes a free seat (`seatNo`, or the first free one) under `name`; its token is kept before
   * asking, so no lost answer can lose it.
   */
  join(seatNo?: number, name?: string): void {
    const token = newSeatToken();
    saveSeat(this.view.room, { seat: seatNo === 0 ? "creator" : "joiner", token });
    if (!this.connection.join(token, seatNo, name?.trim() || undefined)) {
      forgetSeat(this.view.room);
      this.view.notice = { key: "room.notConnected" };
      this.roomChanged();
    }
  }

  /** The creator gives every free seat (or `seats`) to the computer at `level`; the game then starts. */
  seatComputers(level: Level, seats?: readonly number[]): void {
    this.request(seats === undefined ? { t: "seat_computers", level } : { t: "seat_computers", seats: [...seats], level });
  }

  /** The computer at `level` plays for seat `seatNo`, whose holder has been away two minutes. */
  replaceWithComputer(seatNo: number, level: Level = "intermediate"): void {
    const v = this.connection.version;
    if (v !== null) this.request({ t: "replace_with_computer", seat_no: seatNo, v, level });
  }

  /** Takes this page's seat back from the computer that played for it. */
  reclaim(): void {
    this.request({ t: "reclaim" });
  }

  /** The computer plays this page's seat (while its holder was away): it may take it back. */
  get mayReclaim(): boolean {
    const mine = this.view.seatNo === null ? undefined : this.view.seats[this.view.seatNo];
    return mine !== undefined && mine.taken && mine.computer !== null;
  }

  /** "Play again" once the game is over (the seats' order rotates). */
  rematch(): void {
    this.request({ t: "rematch", game: this.view.game });
  }

  continueVsComputer(): void {
    const v = this.connection.version;
    if (v !== null) this.request({ t: "continue_vs_computer", v });
  }

  private request(message: Parameters<RoomConnection["send"]>[0]): void {
    if (!this.connection.send(message)) {
      this.view.notice = { key: "room.notConnected" };
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

  private allSeated(): boolean {
    return this.view.seats.length > 0 && this.view.seats.every((s) => s.taken || s.computer !== null);
  }

  /** The board seat of room seat `seatNo`. */
  private boardOf(seatNo: number): SeatIndex {
    return this.view.seats[seatNo]?.board ?? 0;
  }

  private sameOutcome(server: OutcomeView | null): boolean {
    const local = this.current.result;
    if (local === null || server === null) return local === server;
    const winner = server.winner_no === null ? null : this.boardOf(server.winner_no);
    if (local.winner !== winner) return false;
    if (this.isDraughts()) return local.reason === server.reason;
    return placingsKey(local.placings) === placingsKey(server.ranking.map((g) => g.map((n) => this.boardOf(n))));
  }

  private refresh(): void {
    let s = this.game.snapshot();
    if (s.result === null && this.serverOutcome !== null) {
      const o = this.serverOutcome;
      const winner = o.winner_no === null ? null : this.boardOf(o.winner_no);
      const placings = o.ranking.map((g) => g.map((n) => this.boardOf(n)));
      s = { ...s, turn: null, result: { placings, winner, reason: o.reason, reasonText: o.description } };
    }
    // Nobody is to move before every seat is taken.
    if (!this.view.joined && s.result === null) s = { ...s, turn: null };
    this.current = s;
  }

  private updateAbsence(): void {
    const v = this.view;
    const playing = v.seatNo !== null && v.joined && v.leftForComputer === null && this.current.result === null;
    const away = (s: RoomSeat) =>
      s.seatNo !== v.seatNo &&
      s.taken &&
      s.computer === null &&
      !s.connected &&
      (this.awaySignalled.has(s.seatNo) || (s.awaySince !== null && this.now() - s.awaySince >= ABSENCE_MS));
    const awaySeats = playing ? v.seats.filter(away).map((s) => s.seatNo) : [];
    const twoSeatDraughts = this.isDraughts() && v.players === 2;
    v.mayContinueVsComputer = twoSeatDraughts && awaySeats.length > 0;
    v.replaceable = twoSeatDraughts ? [] : awaySeats;
  }

  /** The page and the server disagree: say so and take the server's state afresh. */
  private disagree(what: string): void {
    // The detail is for developers; the player is told what happens.
    console.warn(`kingme: this page and the server disagree about ${what}; reloading the room`);
    this.emit({ kind: "error", message: t("room.disagree") });
    this.optimistic = null;
    this.connection.reconnect(true);
  }

  private onSeat(seat: Seat, token: string, seatNo: number): void {
    saveSeat(this.view.room, { seat, token });
    const changed = this.view.seatNo !== seatNo;
    this.view.seatNo = seatNo;
    this.view.notice = null;
    if (changed && this.view.ready) this.emitRoom({ kind: "reset" });
    this.roomChanged();
  }

  private onPresence(p: Presence): void {
    this.view.spectators = p.spectators;
    p.seats.forEach((x, i) => {
      const seat = this.view.seats[i];
      if (!seat) return;
      seat.connected = x.connected;
      seat.awaySince = x.away_since;
      if (x.connected) this.awaySignalled.delete(i);
    });
    this.roomChanged();
  }

  private onRefused(code: ErrorCode, message: string, ack: number | undefined): void {
    if (code === "bad_token" || (this.view.seatNo === null && code === "seat_taken")) forgetSeat(this.view.room);
    if (code === "wrong_game") return; // several players asked for the rematch: it has started
    // The server names a refused move by its ack; a refusal without one is about the move only
    // when its code is a move's.
    const ourMove = ack === undefined ? MOVE_REFUSALS.has(code) : ack === this.optimistic?.ack;
    // The move shown at once was refused: take it back.
    if (ourMove) this.takeBackOptimistic();
    const notice = refusalNotice(code, message);
    this.view.notice = notice;
    this.emit({ kind: "error", message: t(notice.key, notice.params) });
    this.roomChanged();
  }

  private takeBackOptimistic(): void {
    const optimistic = this.optimistic;
    if (optimistic === null) return;
    this.connection.forget(optimistic.ack);
    this.optimistic = null;
    this.game.undo();
    this.history.pop();
    this.refresh();
    this.emit({ kind: "undone", plies: 1 });
  }

  /** The room's seats from a snapshot, mapped to the board seats they play. */
  private seatsOf(s: RoomSnapshot, order: readonly SeatIndex[]): RoomSeat[] {
    return s.seats.map((x: RoomSeatView, i) => ({
      seatNo: x.seat_no,
      taken: x.taken,
      name: x.name,
      computer: x.computer,
      connected: s.presence.seats[i]?.connected ?? false,
      awaySince: s.presence.seats[i]?.away_since ?? null,
      board: order[x.player] ?? 0,
    }));
  }

  private onSnapshot(s: RoomSnapshot): void {
    this.setClock(s.clock ?? null);
    if (s.variant !== this.variant) {
      this.view.notice = { key: "room.otherGame", params: { game: s.variant, expected: this.variant } };
    }
    const v = this.view;
    v.players = s.players;
    v.seatNo = s.you_no;
    v.joined = s.joined;
    v.game = s.game;
    v.spectators = s.presence.spectators;
    v.leftForComputer = s.left_for_computer === null ? null : seatNoOf(s.left_for_computer);
    v.seats = this.seatsOf(s, turnOrder(startView(this.variant, s.start_fen, s.players)));
    this.serverOutcome = s.outcome;

    const game = RulesGame.create(this.variant, s.start_fen, s.players);
    const history: TurnRecord[] = [];
    try {
      s.moves.forEach((text, i) => {
        const resigns = RESIGNS.exec(text);
        if (resigns) {
          const seat = Number(resigns[1]) - 1;
          game.resign(seat);
          history.push({ path: [], offer: false, seat, leaves: "resign" });
          return;
        }
        const flagged = TIME_OUT.exec(text);
        if (flagged) {
          const seat = Number(flagged[1]) - 1;
          game.timeOut(seat);
          history.push({ path: [], offer: false, seat, leaves: "time" });
          return;
        }
        const offer = s.offers[i] === true;
        const seat = game.snapshot().turn ?? 0;
        const move = game.playText(text, offer);
        history.push({ path: move.path, offer, seat, leaves: null });
      });
      const o = s.outcome;
      if (o !== null && game.snapshot().result === null && game.snapshot().details.family === "draughts") {
        // Draughts keeps a resignation or an agreed draw beside its moves, not among them.
        const loser = o.winner_no === null ? null : v.seats.find((x) => x.seatNo !== o.winner_no);
        if (o.reason === "resignation" && loser) game.resign(loser.board);
        if (o.reason === "time-out") {
          // Only the clock of the side to move runs: a drawn flag is that side's.
          const flagged = loser?.board ?? game.snapshot().turn;
          if (flagged !== null && flagged !== undefined) game.timeOut(flagged);
        }
        if (o.reason === "agreement") game.acceptDraw();
      }
    } catch (e) {
      this.view.notice = { key: "room.badRecord", params: { message: errorText(e, game.snapshot()) } };
    }
    this.game.free();
    this.game = game;
    this.history = history;

    const optimistic = this.optimistic;
    if (optimistic !== null) {
      if (s.moves.length > optimistic.plyBefore || s.you_no === null || s.to_move_no !== s.you_no) {
        // Stored already (or overtaken): the server's state is the truth.
        this.connection.forget(optimistic.ack);
        this.optimistic = null;
      } else {
        // Not stored yet: show it again; the connection resends it.
        const seat = this.game.snapshot().turn ?? 0;
        try {
          this.game.playPath(optimistic.path, optimistic.offer);
          this.history.push({ path: optimistic.path, offer: optimistic.offer, seat, leaves: null });
        } catch {
          this.connection.forget(optimistic.ack);
          this.optimistic = null;
        }
      }
    }
    this.refresh();
    if (this.optimistic === null && this.game.fen() !== s.fen) {
      this.view.notice = { key: "room.fenMismatch", params: { here: this.game.fen(), server: s.fen } };
    }
    v.ready = true;
    this.updateAbsence();
    this.emitRoom({ kind: "reset" });
    this.emitRoom({ kind: "room" });
  }

  /** The clocks of a timed room, as the server last said, with the moment that was heard. */
  clocks(): ClockView | null {
    const c = this.clock;
    if (c === null) return null;
    const seats = c.wire.remaining_ms.map((_, seatNo) => this.boardOf(seatNo));
    return { seats, state: { remainingMs: c.wire.remaining_ms, running: c.wire.running }, measuredAt: c.measuredAt };
  }

  private setClock(clock: WireClock | null | undefined): void {
    if (clock === undefined) return;
    this.clock = clock === null ? null : { wire: clock, measuredAt: performance.now() };
  }

  private onEvent(e: RoomEvent): void {
    this.view.notice = null;
    this.setClock(e.clock);
    switch (e.t) {
      case "joined": {
        const seat = this.view.seats[e.seat_no];
        if (seat) {
          seat.taken = true;
          seat.name = e.name ?? null;
          seat.connected = seat.connected || e.seat_no === this.view.seatNo;
        }
        this.startedIfSeated();
        break;
      }
      case "computers_seated":
        for (const n of e.seats) {
          const seat = this.view.seats[n];
          if (seat) seat.computer = e.level;
        }
        this.startedIfSeated();
        break;
      case "seat_reclaimed": {
        const seat = this.view.seats[e.seat_no];
        if (seat) seat.computer = null;
        this.emit({ kind: "changed" });
        break;
      }
      case "moved":
        this.onMoved(e);
        break;
      case "draw_accepted":
      case "resigned":
      case "flagged":
        // A move of this page's still unconfirmed was chosen before this: the server refuses it.
        this.takeBackOptimistic();
        try {
          if (e.t === "resigned") {
            const board = this.boardOf(e.seat_no);
            this.game.resign(board);
            if (!this.isDraughts()) this.history.push({ path: [], offer: false, seat: board, leaves: "resign" });
          } else if (e.t === "flagged") {
            const board = this.boardOf(e.seat_no);
            this.game.timeOut(board);
            if (!this.isDraughts()) this.history.push({ path: [], offer: false, seat: board, leaves: "time" });
          } else this.game.acceptDraw();
        } catch (err) {
          this.disagree(err instanceof Error ? err.message : String(err));
          return;
        }
        this.refresh();
        if (!this.sameOutcome(e.outcome)) this.serverOutcome = e.outcome;
        this.refresh();
        this.emit({ kind: "changed" });
        break;
      case "rematch": {
        const game = RulesGame.create(this.variant, e.fen, this.view.players);
        const order = turnOrder(game.snapshot());
        const n = this.view.seats.length;
        for (const seat of this.view.seats) seat.board = order[(seat.seatNo - e.first_no + n) % n] ?? 0;
        this.game.free();
        this.game = game;
        this.history = [];
        this.optimistic = null;
        this.serverOutcome = null;
        this.awaySignalled.clear();
        this.view.game = e.game;
        this.view.leftForComputer = null;
        this.refresh();
        this.emitRoom({ kind: "reset" });
        break;
      }
      case "left_for_computer": {
        const seatNo = seatNoOf(e.seat);
        this.view.leftForComputer = seatNo;
        if (seatNo === this.view.seatNo) {
          this.emitRoom({ kind: "handOver", record: this.record(), seat: this.boardOf(seatNo) });
        } else {
          this.emit({ kind: "changed" });
        }
        break;
      }
    }
    this.roomChanged();
  }

  private startedIfSeated(): void {
    const joined = this.allSeated();
    if (joined !== this.view.joined) {
      this.view.joined = joined;
      this.refresh();
    }
    this.emit({ kind: "changed" });
  }

  private onMoved(e: Extract<RoomEvent, { t: "moved" }>): void {
    const optimistic = this.optimistic;
    if (optimistic !== null && e.seat_no === this.view.seatNo && e.ack === optimistic.ack) {
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
      this.history.push({ path: [...move.path], offer: e.offer_draw, seat, leaves: null });
      this.refresh();
      this.emit({ kind: "played", played: { move, seat, offeredDraw: e.offer_draw, after: this.current } });
    }
    this.refresh();
    if (this.game.fen() !== e.fen) {
      this.disagree(`the position after ${e.move}`);
      return;
    }
    if (!this.sameOutcome(e.outcome)) this.disagree(`the result after ${e.move}`);
  }
}
