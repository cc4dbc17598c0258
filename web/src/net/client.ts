/**
 * One room's socket: hello, room versions (`v`), resync on a gap, move ack ids with resend after
 * a reconnect, and reconnecting by itself with exponential backoff. It knows no rules and keeps
 * no game: it hands snapshots, events and messages to its listener in order.
 */
import {
  CLOSE,
  isEvent,
  parseIncoming,
  type ClientMessage,
  type ClockView,
  type ErrorCode,
  type Presence,
  type RoomEvent,
  type RoomSnapshot,
  type Seat,
} from "./protocol";

/** The part of the browser's WebSocket used here (a fake one in tests). */
export interface SocketLike {
  readonly readyState: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  onopen: ((ev: unknown) => void) | null;
  onmessage: ((ev: { data: unknown }) => void) | null;
  onclose: ((ev: { code: number; reason: string }) => void) | null;
  onerror: ((ev: unknown) => void) | null;
}

export interface Timers {
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export type ConnectionStatus =
  /** Opening the socket or waiting for the room's state. */
  | "connecting"
  /** Up to date with the room. */
  | "open"
  /** Lost; trying again after `retryInMs`. */
  | "retrying"
  /** Closed for good: the room is gone, or `close()` was called. */
  | "closed";

export interface ConnectionListener {
  snapshot(s: RoomSnapshot): void;
  event(e: RoomEvent): void;
  /** Caught up with the room after a reconnect or a gap, without a snapshot; `clock`: a timed room's clocks now. */
  synced(v: number, clock: ClockView | null): void;
  /** The receiver holds seat number `seatNo` (`seat`: the creator's or not). */
  seat(seat: Seat, token: string, seatNo: number): void;
  presence(p: Presence): void;
  away(seat: Seat, since: number, seatNo: number): void;
  /** A request was refused (nothing changed); `ack` names the move, when a move was refused. */
  refused(code: ErrorCode, message: string, ack?: number): void;
  /** The server sent a frame this page cannot read (it is skipped). */
  unreadable(message: string): void;
  /** A move was stored as version `v`. */
  acked(ack: number, v: number): void;
  status(status: ConnectionStatus, detail: { code?: number; reason?: string; retryInMs?: number }): void;
  /** The room does not exist or expired: `code` is 4404 or 4410. */
  gone(code: number, message: string): void;
}

/** A move sent to the server and not yet acknowledged. */
export interface PendingMove {
  ack: number;
  v: number;
  move: string;
  offer: boolean;
}

/** Delay before reconnect attempt `attempt` (0-based): 0.5 s doubling up to 30 s, ±25 % jitter. */
export function backoffDelay(attempt: number, random: () => number = Math.random): number {
  const base = Math.min(30_000, 500 * 2 ** Math.min(attempt, 16));
  return Math.round(base * (0.75 + 0.5 * random()));
}

const OPEN = 1;

export interface ConnectionOptions {
  url: string;
  token: string | null;
  createSocket: (url: string) => SocketLike;
  /** The next move ack id; must never repeat for a seat of a room (kept across reloads). */
  nextAck: () => number;
  timers?: Timers;
  random?: () => number;
}

export class RoomConnection {
  private socket: SocketLike | null = null;
  /** The last room version seen; null before the first snapshot. */
  private seen: number | null = null;
  /** Waiting for the events after a gap (a `sync` is out). */
  private syncing = false;
  /** The hello was answered with events or a snapshot: moves may be sent. */
  private current = false;
  private pendingMoves: PendingMove[] = [];
  private attempt = 0;
  private retryTimer: unknown = null;
  private stopped = false;
  private token: string | null;
  /** The seat number held; null for a spectator. */
  private seatNo: number | null = null;
  private readonly timers: Timers;

  constructor(
    private readonly options: ConnectionOptions,
    private readonly listener: ConnectionListener,
  ) {
    this.token = options.token;
    this.timers = options.timers ?? {
      setTimeout: (fn, ms) => globalThis.setTimeout(fn, ms),
      clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
    };
  }

  /** The last room version seen. */
  get version(): number | null {
    return this.seen;
  }

  get pending(): readonly PendingMove[] {
    return this.pendingMoves;
  }

  connect(): void {
    if (this.stopped) return;
    this.current = false;
    this.syncing = false;
    this.listener.status("connecting", {});
    const socket = this.options.createSocket(this.options.url);
    this.socket = socket;
    socket.onopen = () => {
      if (this.socket !== socket) return;
      this.sendNow({ t: "hello", token: this.token, v: this.seen });
    };
    socket.onmessage = (ev) => {
      if (this.socket !== socket) return;
      if (typeof ev.data !== "string") return;
      this.receive(ev.data);
    };
    socket.onclose = (ev) => {
      if (this.socket !== socket) return;
      this.socket = null;
      this.closed(ev.code, ev.reason);
    };
    socket.onerror = () => {
      /* onclose follows */
    };
  }

  /** Stops for good. */
  close(): void {
    this.stopped = true;
    if (this.retryTimer !== null) this.timers.clearTimeout(this.retryTimer);
    this.retryTimer = null;
    const socket = this.socket;
    this.socket = null;
    socket?.close(1000, "leaving");
    this.listener.status("closed", {});
  }

  /** While waiting to reconnect (e.g. the network is back, or the page is shown again): now. */
  retryNow(): void {
    if (this.stopped || this.retryTimer === null) return;
    this.timers.clearTimeout(this.retryTimer);
    this.retryTimer = null;
    this.connect();
  }

  /** Drops the socket and reconnects at once (e.g. to get a fresh snapshot with `fresh`). */
  reconnect(fresh = false): void {
    if (fresh) this.seen = null;
    const socket = this.socket;
    this.socket = null;
    socket?.close(1000, "reconnecting");
    this.connect();
  }

  /** Sends a move chosen at room version `v`; it is resent after reconnects until acked. */
  sendMove(move: string, offer: boolean, v: number): PendingMove {
    const pending = { ack: this.options.nextAck(), v, move, offer };
    this.pendingMoves.push(pending);
    if (this.current) this.sendPending(pending);
    return pending;
  }

  /** Forgets a pending move (refused, or seen applied). */
  forget(ack: number): void {
    this.pendingMoves = this.pendingMoves.filter((m) => m.ack !== ack);
  }

  /**
   * Asks for the free seat with a token of the page's own choosing, which the next hello then
   * presents: if the connection drops before the seat message arrives, the seat comes back.
   */
  join(token: string, seatNo?: number, name?: string): boolean {
    if (!this.current) return false;
    this.token = token;
    const message: ClientMessage = { t: "join", token };
    if (seatNo !== undefined) message.seat_no = seatNo;
    if (name) message.name = name;
    return this.sendNow(message);
  }

  /** Sends a request that is not a move (join, resign, …); false when not connected. */
  send(message: Exclude<ClientMessage, { t: "hello" | "move" | "sync" | "join" }>): boolean {
    if (!this.current) return false;
    return this.sendNow(message);
  }

  private sendPending(m: PendingMove): void {
    this.sendNow({ t: "move", ack: m.ack, v: m.v, move: m.move, offer_draw: m.offer });
  }

  private sendNow(message: ClientMessage): boolean {
    const socket = this.socket;
    if (!socket || socket.readyState !== OPEN) return false;
    socket.send(JSON.stringify(message));
    return true;
  }

  /** Caught up with the room: resend what the server has not acknowledged. */
  private caughtUp(): void {
    const first = !this.current;
    this.current = true;
    this.syncing = false;
    this.attempt = 0;
    if (first) {
      this.listener.status("open", {});
      for (const m of this.pendingMoves) this.sendPending(m);
    }
  }

  private receive(text: string): void {
    let message;
    try {
      message = parseIncoming(text);
    } catch (e) {
      this.listener.unreadable(e instanceof Error ? e.message : String(e));
      return;
    }
    if (isEvent(message)) {
      this.onEvent(message);
      return;
    }
    switch (message.t) {
      case "snapshot": {
        const { t: _t, ...snapshot } = message;
        this.seen = snapshot.v;
        this.seatNo = snapshot.you_no;
        this.listener.snapshot(snapshot);
        this.caughtUp();
        break;
      }
      case "synced":
        if (this.seen === null || message.v > this.seen) {
          // Events are missing between what was seen and the server's version: start over.
          this.reconnect(true);
          return;
        }
        this.listener.synced(message.v, message.clock ?? null);
        this.caughtUp();
        break;
      case "seat":
        this.token = message.token;
        this.seatNo = message.seat_no;
        this.listener.seat(message.seat, message.token, message.seat_no);
        break;
      case "ack":
        this.forget(message.ack);
        this.listener.acked(message.ack, message.v);
        break;
      case "presence": {
        const { t: _t, ...presence } = message;
        this.listener.presence(presence);
        break;
      }
      case "away":
        this.listener.away(message.seat, message.since, message.seat_no);
        break;
      case "error":
        if (message.code === "bad_token") this.token = null;
        if (message.code === "room_not_found" || message.code === "room_expired") {
          this.stopped = true;
          this.listener.gone(message.code === "room_expired" ? CLOSE.ROOM_EXPIRED : CLOSE.ROOM_NOT_FOUND, message.message);
          return;
        }
        if (message.ack !== undefined) this.forget(message.ack);
        this.listener.refused(message.code, message.message, message.ack);
        break;
    }
  }

  private onEvent(event: RoomEvent): void {
    if (this.seen === null) return; // the snapshot that follows covers it
    if (event.v <= this.seen) return; // seen already
    if (event.v > this.seen + 1) {
      if (!this.syncing) {
        this.syncing = true;
        this.sendNow({ t: "sync", v: this.seen });
      }
      return;
    }
    this.seen = event.v;
    if (event.t === "moved" && event.seat_no === this.seatNo) this.forget(event.ack);
    this.listener.event(event);
  }

  private closed(code: number, reason: string): void {
    this.current = false;
    if (this.stopped) return;
    if (code === CLOSE.ROOM_NOT_FOUND || code === CLOSE.ROOM_EXPIRED) {
      this.stopped = true;
      this.listener.gone(code, reason);
      this.listener.status("closed", { code, reason });
      return;
    }
    const delay = code === CLOSE.RESTARTING && this.attempt === 0 ? 0 : backoffDelay(this.attempt, this.options.random);
    this.attempt++;
    this.listener.status("retrying", { code, reason, retryInMs: delay });
    this.retryTimer = this.timers.setTimeout(() => {
      this.retryTimer = null;
      this.connect();
    }, delay);
  }
}
