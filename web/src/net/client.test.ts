import { describe, expect, it } from "vitest";
import { backoffDelay, RoomConnection, type ConnectionListener, type Timers } from "./client";
import { FakeSocket } from "./fakeSocket";
import type { RoomEvent, RoomSnapshot } from "./protocol";
import { nextAckId } from "./seats";

class FakeTimers implements Timers {
  waiting: { fn: () => void; ms: number }[] = [];
  setTimeout(fn: () => void, ms: number): unknown {
    this.waiting.push({ fn, ms });
    return this.waiting.length;
  }
  clearTimeout(): void {
    this.waiting = [];
  }
  fire(): number {
    const next = this.waiting.shift();
    if (!next) throw new Error("no timer waiting");
    next.fn();
    return next.ms;
  }
}

function snapshot(v: number, you: RoomSnapshot["you"] = "creator"): RoomSnapshot & { t: "snapshot" } {
  return {
    t: "snapshot",
    v,
    room: "r",
    variant: "english",
    created_at: 0,
    expires_at: 1,
    game: 1,
    colors: { creator: "black", joiner: "white" },
    joined: true,
    you,
    you_no: you === "creator" ? 0 : you === "joiner" ? 1 : null,
    players: 2,
    seats: [],
    start_fen: "",
    moves: [],
    offers: [],
    fen: "",
    to_move: "creator",
    to_move_no: 0,
    legal_moves: [],
    draw_offer: null,
    may_offer_draw: true,
    outcome: null,
    left_for_computer: null,
    presence: { creator: true, joiner: true, spectators: 0, creator_away_since: null, joiner_away_since: null, seats: [] },
    clock: null,
  };
}

function moved(v: number, seat: "creator" | "joiner", ack: number): RoomEvent {
  return { v, at: 0, t: "moved", seat, seat_no: seat === "creator" ? 0 : 1, move: "c3-d4", offer_draw: false, ack, fen: "", outcome: null };
}

function setup() {
  const sockets: FakeSocket[] = [];
  const timers = new FakeTimers();
  const log: string[] = [];
  const events: number[] = [];
  let ack = 100;
  const listener: ConnectionListener = {
    snapshot: (s) => log.push(`snapshot ${s.v}`),
    event: (e) => events.push(e.v),
    synced: (v) => log.push(`synced ${v}`),
    seat: (seat) => log.push(`seat ${seat}`),
    presence: () => log.push("presence"),
    away: (seat) => log.push(`away ${seat}`),
    refused: (code) => log.push(`refused ${code}`),
    unreadable: (message) => log.push(`unreadable ${message}`),
    acked: (a) => log.push(`acked ${a}`),
    status: (s) => log.push(`status ${s}`),
    gone: (code) => log.push(`gone ${code}`),
  };
  const connection = new RoomConnection(
    {
      url: "ws://test/ws/r",
      token: "tok",
      createSocket: () => {
        const s = new FakeSocket();
        sockets.push(s);
        return s;
      },
      nextAck: () => ++ack,
      timers,
      random: () => 0.5,
    },
    listener,
  );
  const last = () => sockets[sockets.length - 1]!;
  return { connection, sockets, last, timers, log, events };
}

describe("room connection", () => {
  it("says hello with the seat token, then with the last version seen", () => {
    const { connection, last, timers } = setup();
    connection.connect();
    last().open();
    expect(last().sent).toEqual([{ t: "hello", token: "tok", v: null }]);
    last().receive(snapshot(4));
    last().drop();
    timers.fire();
    last().open();
    expect(last().sent).toEqual([{ t: "hello", token: "tok", v: 4 }]);
  });

  it("drops events it has seen", () => {
    const { connection, last, events } = setup();
    connection.connect();
    last().open();
    last().receive(snapshot(2));
    last().receive(moved(2, "joiner", 1));
    last().receive(moved(3, "joiner", 2));
    last().receive(moved(3, "joiner", 2));
    expect(events).toEqual([3]);
    expect(connection.version).toBe(3);
  });

  it("asks once for the missed events on a gap, then takes them in order", () => {
    const { connection, last, events, log } = setup();
    connection.connect();
    last().open();
    last().receive(snapshot(1));
    last().receive(moved(3, "joiner", 7));
    last().receive(moved(4, "creator", 8));
    expect(events).toEqual([]);
    expect(last().sent.slice(1)).toEqual([{ t: "sync", v: 1 }]);
    last().receive(moved(2, "creator", 6));
    last().receive(moved(3, "joiner", 7));
    last().receive(moved(4, "creator", 8));
    last().receive({ t: "synced", v: 4 });
    expect(events).toEqual([2, 3, 4]);
    expect(log).toContain("synced 4");
  });

  it("starts afresh when the server is ahead of what arrived", () => {
    const { connection, last, sockets } = setup();
    connection.connect();
    last().open();
    last().receive(snapshot(1));
    last().receive({ t: "synced", v: 5 });
    expect(sockets).toHaveLength(2);
    last().open();
    expect(last().sent).toEqual([{ t: "hello", token: "tok", v: null }]);
  });

  it("resends moves not acknowledged before the connection dropped, with the same ack id", () => {
    const { connection, last, timers } = setup();
    connection.connect();
    last().open();
    last().receive(snapshot(5));
    const pending = connection.sendMove("c3-d4", true, 5);
    expect(last().sent[1]).toEqual({ t: "move", ack: pending.ack, v: 5, move: "c3-d4", offer_draw: true });
    last().drop();
    timers.fire();
    last().open();
    expect(last().sent).toHaveLength(1); // hello only, until caught up
    last().receive({ t: "synced", v: 5 });
    expect(last().sent[1]).toEqual({ t: "move", ack: pending.ack, v: 5, move: "c3-d4", offer_draw: true });
    last().receive({ t: "ack", ack: pending.ack, v: 6 });
    expect(connection.pending).toEqual([]);
    last().receive(moved(6, "creator", pending.ack));
    last().drop();
    timers.fire();
    last().open();
    last().receive({ t: "synced", v: 6 });
    expect(last().sent).toHaveLength(1);
  });

  it("sends a move made while disconnected once it has caught up", () => {
    const { connection, last, timers } = setup();
    connection.connect();
    last().open();
    last().receive(snapshot(2));
    last().drop();
    const pending = connection.sendMove("a3-b4", false, 2);
    timers.fire();
    last().open();
    last().receive(snapshot(2));
    expect(last().sent).toEqual([
      { t: "hello", token: "tok", v: 2 },
      { t: "move", ack: pending.ack, v: 2, move: "a3-b4", offer_draw: false },
    ]);
  });

  it("forgets a pending move that comes back as its own seat's event", () => {
    const { connection, last, timers } = setup();
    connection.connect();
    last().open();
    last().receive(snapshot(0));
    const mine = connection.sendMove("c3-d4", false, 0);
    last().receive(moved(1, "joiner", mine.ack)); // the other seat's ack ids are its own
    expect(connection.pending).toHaveLength(1);
    last().drop();
    timers.fire();
    last().open();
    last().receive(moved(2, "creator", mine.ack));
    expect(connection.pending).toEqual([]);
  });

  it("reconnects at once after a restart, then backs off", () => {
    const { connection, last, timers, log } = setup();
    connection.connect();
    last().open();
    last().receive(snapshot(0));
    last().drop(1012, "restarting");
    expect(timers.fire()).toBe(0);
    last().drop(1006);
    expect(timers.fire()).toBe(1000);
    last().drop(1006);
    expect(timers.fire()).toBe(2000);
    last().open();
    last().receive(snapshot(0));
    last().drop(4008, "too many messages");
    expect(timers.fire()).toBe(500);
    expect(log.filter((l) => l === "status retrying")).toHaveLength(4);
  });

  it("retries at once when asked while waiting, and only then", () => {
    const { connection, last, timers, sockets } = setup();
    connection.connect();
    last().open();
    last().receive(snapshot(0));
    connection.retryNow();
    expect(sockets).toHaveLength(1);
    last().drop(1006);
    expect(timers.waiting).toHaveLength(1);
    connection.retryNow();
    expect(sockets).toHaveLength(2);
    expect(timers.waiting).toEqual([]);
  });

  it("stops for good when the room is gone", () => {
    const { connection, last, timers, log, sockets } = setup();
    connection.connect();
    last().open();
    last().receive({ t: "error", code: "room_expired", message: "this room has expired" });
    last().drop(4410, "room expired");
    expect(log).toContain("gone 4410");
    expect(timers.waiting).toEqual([]);
    expect(sockets).toHaveLength(1);
  });

  it("skips a frame it cannot read and says so", () => {
    const { connection, last, log, events } = setup();
    connection.connect();
    last().open();
    last().receive(snapshot(0));
    last().onmessage?.({ data: "{oops" });
    last().receive(moved(1, "joiner", 3));
    expect(log.some((l) => l.startsWith("unreadable the server sent something that is not JSON"))).toBe(true);
    expect(events).toEqual([1]);
  });

  it("passes refusals on and keeps the socket", () => {
    const { connection, last, log } = setup();
    connection.connect();
    last().open();
    last().receive(snapshot(0));
    last().receive({ t: "error", code: "not_your_turn", message: "it is not your turn" });
    expect(log).toContain("refused not_your_turn");
    expect(last().closedWith).toBeNull();
    // A refused move, named by its ack, is no longer pending (it would never be resent).
    const kept = connection.sendMove("c3-d4", false, 1);
    const refused = connection.sendMove("e3-f4", false, 1);
    last().receive({ t: "error", code: "illegal_move", message: "no", ack: refused.ack });
    expect(connection.pending).toEqual([kept]);
  });
});

describe("backoff", () => {
  it("doubles from half a second up to thirty seconds", () => {
    const middle = () => 0.5;
    expect([0, 1, 2, 3, 4, 5, 6, 7, 30].map((a) => backoffDelay(a, middle))).toEqual([
      500, 1000, 2000, 4000, 8000, 16000, 30000, 30000, 30000,
    ]);
  });

  it("spreads retries by a quarter either way", () => {
    expect(backoffDelay(1, () => 0)).toBe(750);
    expect(backoffDelay(1, () => 1)).toBe(1250);
  });
});

describe("ack ids", () => {
  it("never repeat, even within one millisecond", () => {
    const a = nextAckId(1000);
    const b = nextAckId(1000);
    const c = nextAckId(5);
    expect(b).toBeGreaterThan(a);
    expect(c).toBeGreaterThan(b);
  });
});
