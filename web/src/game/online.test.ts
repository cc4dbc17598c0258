import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { FakeSocket } from "../net/fakeSocket";
import type { RoomSnapshot } from "../net/protocol";
import { loadSeat } from "../net/seats";
import { initSync } from "../wasm/pkg/kingme_wasm.js";
import { RulesGame } from "../wasm/rules";
import type { ControllerEvent } from "./controller";
import { OnlineController, closeNotice, refusalNotice, type RoomChange } from "./online";
import { pack, t } from "../i18n";

interface NodeFs {
  readFileSync(path: URL): Uint8Array;
}

beforeAll(async () => {
  // The rules compiled to wasm, read from disk (vitest runs in Node, without node's typings here).
  const fsModule = "node:fs";
  const fs = (await import(/* @vite-ignore */ fsModule)) as NodeFs;
  initSync({ module: fs.readFileSync(new URL("../wasm/pkg/kingme_wasm_bg.wasm", import.meta.url)) });
});

const NOW = 1_800_000_000_000;

/** The server's side of the game, played with the same rules. */
function serverGame(moves: string[] = [], offers: boolean[] = []) {
  const game = RulesGame.create("english", null);
  moves.forEach((m, i) => game.playText(m, offers[i] ?? false));
  return game;
}

function baseSnapshot(over: Partial<RoomSnapshot> = {}): RoomSnapshot & { t: "snapshot" } {
  const start = serverGame();
  const snapshot: RoomSnapshot & { t: "snapshot" } = {
    t: "snapshot",
    v: 1,
    room: "r1",
    variant: "english",
    created_at: NOW,
    expires_at: NOW + 1,
    game: 1,
    colors: { creator: "black", joiner: "white" },
    joined: true,
    you: "creator",
    you_no: 0,
    players: 2,
    // Game 1: the creator moves first (Black in English checkers).
    seats: [
      { seat_no: 0, taken: true, name: null, computer: null, player: 0, board_seat: null, side: "black" },
      { seat_no: 1, taken: true, name: null, computer: null, player: 1, board_seat: null, side: "white" },
    ],
    start_fen: start.fen(),
    moves: [],
    offers: [],
    fen: start.fen(),
    to_move: "creator",
    to_move_no: 0,
    legal_moves: [],
    draw_offer: null,
    may_offer_draw: true,
    outcome: null,
    left_for_computer: null,
    presence: {
      creator: true,
      joiner: true,
      spectators: 0,
      creator_away_since: null,
      joiner_away_since: null,
      seats: [
        { connected: true, away_since: null },
        { connected: true, away_since: null },
      ],
    },
    clock: null,
    ...over,
  };
  // The seat numbers follow the two-seat names unless given.
  const no = (seat: RoomSnapshot["you"]) => (seat === "creator" ? 0 : seat === "joiner" ? 1 : null);
  snapshot.you_no = over.you_no !== undefined ? over.you_no : no(snapshot.you);
  snapshot.to_move_no = over.to_move_no !== undefined ? over.to_move_no : no(snapshot.to_move);
  start.free();
  return snapshot;
}

function setup(snapshot = baseSnapshot()) {
  const sockets: FakeSocket[] = [];
  const controller = new OnlineController({
    room: "r1",
    variant: "english",
    players: 2,
    token: "tok",
    url: "ws://test/ws/r1",
    createSocket: () => {
      const s = new FakeSocket();
      sockets.push(s);
      return s;
    },
    now: () => NOW,
  });
  const events: ControllerEvent[] = [];
  const changes: RoomChange[] = [];
  controller.subscribe((e) => events.push(e));
  controller.onRoom((c) => changes.push(c));
  controller.connect();
  const socket = () => sockets[sockets.length - 1]!;
  socket().open();
  socket().receive(snapshot);
  return { controller, socket, sockets, events, changes };
}

function fenAfter(moves: string[], offers: boolean[] = []): string {
  const game = serverGame(moves, offers);
  const fen = game.fen();
  game.free();
  return fen;
}

describe("online controller", () => {
  it("plays the opponent's moves through its own rules and checks the position", () => {
    const { controller, socket, events } = setup(baseSnapshot({ you: "joiner", to_move: "creator" }));
    // English checkers: Black (seat 0) moves first from the near side; the joiner plays White.
    expect(controller.humans).toEqual([1]);
    expect(controller.nearSeat).toBe(1);
    socket().receive({ v: 2, at: 0, t: "moved", seat: "creator", seat_no: 0, move: "c3-d4", offer_draw: false, ack: 9, fen: fenAfter(["c3-d4"]), outcome: null });
    expect(events.map((e) => e.kind)).toEqual(["played"]);
    expect(controller.snapshot().ply).toBe(1);
    expect(controller.snapshot().turn).toBe(1);
  });

  it("shows its own move at once, sends it with an ack id, and applies it once", () => {
    const { controller, socket, events } = setup();
    expect(controller.nearSeat).toBe(0);
    controller.play(["c3", "d4"], false);
    expect(controller.snapshot().ply).toBe(1);
    const sent = socket().sent.at(-1) as { t: string; ack: number; v: number; move: string };
    expect(sent).toMatchObject({ t: "move", v: 1, move: "c3-d4", offer_draw: false });
    socket().receive({ t: "ack", ack: sent.ack, v: 2 });
    socket().receive({ v: 2, at: 0, t: "moved", seat: "creator", seat_no: 0, move: "c3-d4", offer_draw: false, ack: sent.ack, fen: fenAfter(["c3-d4"]), outcome: null });
    expect(controller.snapshot().ply).toBe(1);
    expect(events.filter((e) => e.kind === "played")).toHaveLength(1);
    expect(events.some((e) => e.kind === "error")).toBe(false);
  });

  it("takes back its own move when the server refuses it", () => {
    const { controller, socket, events } = setup();
    controller.play(["c3", "d4"], false);
    socket().receive({ t: "error", code: "stale_version", message: "the move was chosen at version 1 but the room is at 2" });
    expect(controller.snapshot().ply).toBe(0);
    expect(events.map((e) => e.kind)).toEqual(["played", "undone", "error"]);
    expect(controller.view.notice).toEqual({ key: "refused.stale_version" });
  });

  it("says the server's refusals and close reasons by their codes, in every language", () => {
    for (const code of ["room_not_found", "room_expired", "bad_token", "hello_first", "not_a_player", "seat_taken", "already_seated", "waiting_for_opponent", "not_your_turn", "illegal_move", "stale_version", "game_over", "game_not_over", "wrong_game", "no_draw_offer", "draw_offer_not_allowed", "opponent_not_away", "game_left_room", "storage", "not_away", "computer_playing", "not_the_creator", "bad_name", "bad_level"] as const) {
      const notice = refusalNotice(code, "the server's words");
      expect(notice.key, code).toBe(`refused.${code}`);
      for (const lang of ["en", "zh-Hans", "zh-Hant"] as const) expect(pack(lang).messages[notice.key], `${lang} ${code}`).toBeTruthy();
    }
    // A code this page does not know yet: the server's own words.
    expect(refusalNotice("brand_new" as never, "the server's words")).toEqual({ key: "room.refusedOther", params: { message: "the server's words" } });
    expect(t(closeNotice(4008, "rate").key, closeNotice(4008, "rate").params)).toBe("The server closed the connection: too many messages in a short time");
    expect(closeNotice(4123, "odd").params).toEqual({ reason: "4123 odd" });
  });

  it("takes back only the move the refusal names", () => {
    const { controller, socket, events } = setup();
    controller.play(["c3", "d4"], false);
    const sent = socket().sent.at(-1) as { ack: number };
    // A refusal naming another move (an old one) leaves the move shown; one naming it takes it back.
    socket().receive({ t: "error", code: "not_your_turn", message: "an older move", ack: sent.ack + 100 });
    expect(controller.snapshot().ply).toBe(1);
    socket().receive({ t: "error", code: "illegal_move", message: "no", ack: sent.ack });
    expect(controller.snapshot().ply).toBe(0);
    expect(events.map((e) => e.kind)).toEqual(["played", "error", "undone", "error"]);
  });

  it("says so and reloads the room when the server's position differs from its own", () => {
    const { socket, sockets, events } = setup(baseSnapshot({ you: "joiner", to_move: "creator" }));
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    socket().receive({ v: 2, at: 0, t: "moved", seat: "creator", seat_no: 0, move: "c3-d4", offer_draw: false, ack: 9, fen: fenAfter(["c3-b4"]), outcome: null });
    const error = events.find((e) => e.kind === "error");
    // The player is told in the page's language; the detail goes to the console for developers.
    expect(error && error.kind === "error" && error.message).toBe("This page and the server disagree about the game; the room is loaded again.");
    expect(String(warn.mock.calls[0]?.[0])).toMatch(/disagree about the position after c3-d4/);
    warn.mockRestore();
    expect(sockets).toHaveLength(2);
    socket().open();
    expect(socket().sent[0]).toEqual({ t: "hello", token: "tok", v: null });
  });

  it("rebuilds a game from a snapshot with a pending draw offer, and a resignation", () => {
    const moves = ["c3-d4", "f6-e5"];
    const offered = baseSnapshot({ v: 3, moves, offers: [false, true], fen: fenAfter(moves, [false, true]), draw_offer: "joiner", to_move: "creator" });
    const { controller, socket } = setup(offered);
    const details = controller.snapshot().details;
    expect(details.family === "draughts" && details.drawOffer).toBe(1);
    expect(controller.view.notice).toBeNull();
    socket().receive({
      v: 4,
      at: 0,
      t: "resigned",
      seat: "creator",
      seat_no: 0,
      outcome: { winner: "joiner", winner_side: "white", winner_no: 1, ranking: [[1], [0]], reason: "resignation", description: "resignation" },
    });
    expect(controller.snapshot().result).toMatchObject({ winner: 1, placings: [[1], [0]], reason: "resignation" });
  });

  it("shows the server's clocks from the snapshot and each event, and a flag ends the game", () => {
    const control = { initial_ms: 60_000, increment_ms: 2_000 };
    const moves = ["c3-d4"];
    const timed = baseSnapshot({ v: 2, moves, offers: [false], fen: fenAfter(moves), to_move: "joiner", clock: { control, remaining_ms: [62_000, 60_000], running: 1 } });
    const { controller, socket } = setup(timed);
    const first = controller.clocks();
    expect(first?.state).toEqual({ remainingMs: [62_000, 60_000], running: 1 });
    expect(first?.seats).toEqual(controller.view.seats.map((x) => x.board));
    socket().receive({
      v: 3,
      at: 0,
      clock: { control, remaining_ms: [62_000, 0], running: null },
      t: "flagged",
      seat: "joiner",
      seat_no: 1,
      outcome: { winner: "creator", winner_side: "black", winner_no: 0, ranking: [[0], [1]], reason: "time-out", description: "out of time" },
    });
    expect(controller.clocks()?.state).toEqual({ remainingMs: [62_000, 0], running: null });
    expect(controller.snapshot().result).toMatchObject({ winner: controller.view.seats[0]!.board, reason: "time-out" });
    expect(controller.view.notice).toBeNull();
    expect(controller.record().timedOut).toEqual([{ seat: controller.view.seats[1]!.board, after: 1 }]);
  });

  it("rebuilds a flagged game from a snapshot", () => {
    const moves = ["c3-d4"];
    const outcome = { winner: "creator" as const, winner_side: "black" as const, winner_no: 0, ranking: [[0], [1]], reason: "time-out", description: "out of time" };
    const { controller } = setup(baseSnapshot({ v: 3, moves, offers: [false], fen: fenAfter(moves), to_move: null, outcome }));
    expect(controller.view.notice).toBeNull();
    expect(controller.snapshot().result).toMatchObject({ reason: "time-out", winner: controller.view.seats[0]!.board });
  });

  it("swaps sides on a rematch and turns the board", () => {
    const moves = ["c3-d4"];
    const over = baseSnapshot({
      v: 3,
      moves,
      fen: fenAfter(moves),
      to_move: null,
      outcome: { winner: "creator", winner_side: "black", winner_no: 0, ranking: [[0], [1]], reason: "resignation", description: "resignation" },
    });
    const { controller, socket, changes } = setup(over);
    expect(controller.snapshot().result?.winner).toBe(0);
    controller.rematch();
    expect(socket().sent.at(-1)).toEqual({ t: "rematch", game: 1 });
    socket().receive({ v: 4, at: 0, t: "rematch", game: 2, first: "joiner", first_no: 1, fen: fenAfter([]) });
    // The joiner now plays Black (board seat 0), the creator White.
    expect(controller.view.seats.map((s) => s.board)).toEqual([1, 0]);
    expect(controller.humans).toEqual([1]);
    expect(controller.nearSeat).toBe(1);
    expect(controller.snapshot().ply).toBe(0);
    expect(controller.snapshot().result).toBeNull();
    expect(changes.filter((c) => c.kind === "reset")).toHaveLength(2);
  });

  it("offers to go on against the computer after two minutes of absence, and hands the game over", () => {
    const moves = ["c3-d4", "f6-e5"];
    const { controller, socket, changes } = setup(baseSnapshot({ v: 3, moves, fen: fenAfter(moves) }));
    expect(controller.view.mayContinueVsComputer).toBe(false);
    socket().receive({
      t: "presence",
      creator: true,
      joiner: false,
      spectators: 0,
      creator_away_since: null,
      joiner_away_since: NOW - 60_000,
      seats: [
        { connected: true, away_since: null },
        { connected: false, away_since: NOW - 60_000 },
      ],
    });
    expect(controller.view.mayContinueVsComputer).toBe(false);
    socket().receive({ t: "away", seat: "joiner", seat_no: 1, since: NOW - 60_000 });
    expect(controller.view.mayContinueVsComputer).toBe(true);
    controller.continueVsComputer();
    expect(socket().sent.at(-1)).toEqual({ t: "continue_vs_computer", v: 3 });
    socket().receive({ v: 4, at: 0, t: "left_for_computer", seat: "creator" });
    const handOver = changes.find((c) => c.kind === "handOver");
    expect(handOver).toMatchObject({
      kind: "handOver",
      seat: 0,
      record: { variant: "english", moves: [{ path: ["c3", "d4"], offer: false }, { path: ["f6", "e5"], offer: false }] },
    });
  });

  describe("after losing the connection with its own move unconfirmed", () => {
    afterEach(() => {
      vi.useRealTimers();
    });

    function moveThenReconnect() {
      vi.useFakeTimers();
      const room = setup();
      room.controller.play(["c3", "d4"], false);
      const sent = room.socket().sent.at(-1) as { ack: number };
      room.socket().drop(1012, "restarting");
      vi.runOnlyPendingTimers();
      room.socket().open();
      return { ...room, ack: sent.ack };
    }

    it("resends the move once caught up with the events it missed", () => {
      const { controller, socket, ack } = moveThenReconnect();
      socket().receive({ t: "synced", v: 1 });
      expect(controller.snapshot().ply).toBe(1);
      expect(socket().sent.at(-1)).toEqual({ t: "move", ack, v: 1, move: "c3-d4", offer_draw: false });
    });

    it("shows the move again over a snapshot without it, and resends it", () => {
      const { controller, socket, ack } = moveThenReconnect();
      expect(socket().sent).toEqual([{ t: "hello", token: "tok", v: 1 }]);
      socket().receive(baseSnapshot());
      expect(controller.snapshot().ply).toBe(1);
      expect(socket().sent.at(-1)).toEqual({ t: "move", ack, v: 1, move: "c3-d4", offer_draw: false });
    });

    it("takes the server's word when the move was stored, and does not resend it", () => {
      const { controller, socket } = moveThenReconnect();
      socket().receive(baseSnapshot({ v: 2, moves: ["c3-d4"], fen: fenAfter(["c3-d4"]), to_move: "joiner" }));
      expect(controller.snapshot().ply).toBe(1);
      expect(controller.view.notice).toBeNull();
      expect(socket().sent).toHaveLength(1);
    });
  });

  /** Node has no localStorage: a map stands in for the seat store. */
  function withStorage(): void {
    const items = new Map<string, string>();
    vi.stubGlobal("localStorage", {
      getItem: (k: string) => items.get(k) ?? null,
      setItem: (k: string, v: string) => void items.set(k, v),
      removeItem: (k: string) => void items.delete(k),
    });
  }

  it("joins with a token of its own, kept before asking, so a lost answer still brings the seat back", () => {
    vi.useFakeTimers();
    withStorage();
    try {
      const { controller, socket } = setup(baseSnapshot({ you: null, joined: false }));
      controller.join();
      const join = socket().sent.at(-1) as { t: string; token: string };
      expect(join.t).toBe("join");
      expect(join.token).toMatch(/^[0-9a-f]{32}$/);
      expect(loadSeat("r1")).toEqual({ seat: "joiner", token: join.token });
      // The connection drops before the seat message: the next hello presents the token.
      socket().drop(1006);
      vi.runOnlyPendingTimers();
      socket().open();
      expect(socket().sent[0]).toMatchObject({ t: "hello", token: join.token });
    } finally {
      vi.useRealTimers();
      vi.unstubAllGlobals();
    }
  });

  it("forgets its token when the seat was taken first", () => {
    withStorage();
    try {
      const { controller, socket } = setup(baseSnapshot({ you: null, joined: false }));
      controller.join();
      expect(loadSeat("r1")?.seat).toBe("joiner");
      socket().receive({ t: "error", code: "seat_taken", message: "both seats are taken: you can watch" });
      expect(loadSeat("r1")).toBeNull();
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it("never lets a spectator move", () => {
    const { controller, socket } = setup(baseSnapshot({ you: null }));
    expect(controller.humans).toEqual([]);
    const sentBefore = socket().sent.length;
    controller.play(["c3", "d4"], false);
    controller.resign();
    expect(socket().sent).toHaveLength(sentBefore);
    expect(controller.snapshot().ply).toBe(0);
  });

  describe("in a Chinese checkers room for three", () => {
    const CC = "chinese-checkers";
    function ccGame(moves: string[] = []) {
      const game = RulesGame.create(CC, null, 3);
      for (const m of moves) game.playText(m, false);
      return game;
    }
    /** The first listed move of South, the first to move. */
    function firstMove(): string {
      const game = ccGame();
      const move = game.legalMoves()[0]!.notation;
      game.free();
      return move;
    }

    function ccSnapshot(over: Partial<RoomSnapshot> = {}): RoomSnapshot & { t: "snapshot" } {
      const start = ccGame();
      const snapshot = baseSnapshot({
        variant: CC,
        colors: null,
        players: 3,
        seats: [
          { seat_no: 0, taken: true, name: "Ann", computer: null, player: 0, board_seat: 1, side: null },
          { seat_no: 1, taken: true, name: "Bo", computer: null, player: 1, board_seat: 3, side: null },
          { seat_no: 2, taken: false, name: null, computer: "beginner", player: 2, board_seat: 5, side: null },
        ],
        start_fen: start.fen(),
        fen: start.fen(),
        presence: {
          creator: true,
          joiner: true,
          spectators: 1,
          creator_away_since: null,
          joiner_away_since: null,
          seats: [
            { connected: true, away_since: null },
            { connected: true, away_since: null },
            { connected: false, away_since: null },
          ],
        },
        ...over,
      });
      start.free();
      return snapshot;
    }

    function ccSetup(snapshot: RoomSnapshot & { t: "snapshot" }) {
      const sockets: FakeSocket[] = [];
      const controller = new OnlineController({
        room: "r1",
        variant: CC,
        players: 3,
        token: "tok",
        url: "ws://test/ws/r1",
        createSocket: () => {
          const s = new FakeSocket();
          sockets.push(s);
          return s;
        },
        now: () => NOW,
      });
      controller.connect();
      const socket = () => sockets[sockets.length - 1]!;
      socket().open();
      socket().receive(snapshot);
      return { controller, socket };
    }

    it("maps the room's seats to the board's and rebuilds a resignation, the pieces staying", () => {
      const first = firstMove();
      const after = (() => {
        const game = ccGame([first]);
        game.resign(2);
        const fen = game.fen();
        game.free();
        return fen;
      })();
      const { controller } = ccSetup(ccSnapshot({ v: 4, moves: [first, "resigns:3"], offers: [false, false], fen: after, you: "joiner", you_no: 1 }));
      expect(controller.view.seats.map((s) => s.board)).toEqual([0, 2, 4]);
      expect(controller.humans).toEqual([2]);
      expect(controller.view.notice).toBeNull();
      const s = controller.snapshot();
      expect(s.turn).toBe(4);
      expect(s.details.family === "halma" && s.details.seats.find((x) => x.seat === 2)?.state).toBe("resigned");
      expect(s.pieces.filter((p) => p.seat === 2)).toHaveLength(10);
      expect(controller.canResign()).toBe(false);
    });

    it("lets the computer play for a player away two minutes, who takes the seat back", () => {
      const { controller, socket } = ccSetup(ccSnapshot({ v: 3 }));
      expect(controller.view.replaceable).toEqual([]);
      socket().receive({
        t: "presence",
        creator: true,
        joiner: false,
        spectators: 0,
        creator_away_since: null,
        joiner_away_since: NOW - 3 * 60_000,
        seats: [
          { connected: true, away_since: null },
          { connected: false, away_since: NOW - 3 * 60_000 },
          { connected: false, away_since: null },
        ],
      });
      expect(controller.view.replaceable).toEqual([1]);
      expect(controller.view.mayContinueVsComputer).toBe(false);
      controller.replaceWithComputer(1);
      expect(socket().sent.at(-1)).toEqual({ t: "replace_with_computer", seat_no: 1, v: 3, level: "intermediate" });
      socket().receive({ v: 4, at: 0, t: "computers_seated", seats: [1], level: "intermediate" });
      expect(controller.view.replaceable).toEqual([]);

      // Bo comes back: the computer plays his seat until he takes it back.
      const bo = ccSetup(ccSnapshot({ v: 4, you: "joiner", you_no: 1 }));
      bo.socket().receive({ v: 5, at: 0, t: "computers_seated", seats: [1], level: "intermediate" });
      expect(bo.controller.mayReclaim).toBe(true);
      expect(bo.controller.humans).toEqual([]);
      bo.controller.reclaim();
      expect(bo.socket().sent.at(-1)).toEqual({ t: "reclaim" });
      bo.socket().receive({ v: 6, at: 0, t: "seat_reclaimed", seat_no: 1 });
      expect(bo.controller.humans).toEqual([2]);
    });

    it("counts an absence from the seat's own time when the page opened after the server's signal", () => {
      let now = NOW;
      const away = ccSnapshot({ v: 3 });
      away.seats[1]!.taken = true;
      away.presence.seats[1] = { connected: false, away_since: NOW - 60_000 };
      const sockets: FakeSocket[] = [];
      const controller = new OnlineController({
        room: "r1",
        variant: CC,
        players: 3,
        token: "tok",
        url: "ws://test/ws/r1",
        createSocket: () => {
          const s = new FakeSocket();
          sockets.push(s);
          return s;
        },
        now: () => now,
      });
      controller.connect();
      sockets[0]!.open();
      sockets[0]!.receive(away);
      expect(controller.view.replaceable).toEqual([]);
      expect(controller.recheckAbsence()).toBe(false);
      now += 60_000;
      expect(controller.recheckAbsence()).toBe(true);
      expect(controller.view.replaceable).toEqual([1]);
    });
  });
});
