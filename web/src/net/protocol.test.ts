// The TypeScript protocol must mirror crates/server/src/protocol.rs: these tests read the Rust
// source and compare names, so that a change on one side without the other fails here.
import { beforeAll, describe, expect, it } from "vitest";
import { CLOSE, isEvent, parseIncoming, type ClientMessage, type ErrorCode, type EventKind, type OutcomeView, type Presence, type RoomSnapshot, type ServerMessage } from "./protocol";

type Exactly<Union, List extends readonly Union[]> = [Exclude<Union, List[number]>] extends [never] ? List : never;

const CLIENT_TAGS = ["hello", "join", "seat_computers", "replace_with_computer", "reclaim", "move", "accept_draw", "resign", "rematch", "continue_vs_computer", "sync"] as const;
const EVENT_TAGS = ["joined", "computers_seated", "seat_reclaimed", "moved", "draw_accepted", "resigned", "rematch", "left_for_computer"] as const;
const MESSAGE_TAGS = ["snapshot", "seat", "ack", "synced", "presence", "away", "error"] as const;
const ERROR_CODES = [
  "room_not_found",
  "room_expired",
  "bad_token",
  "hello_first",
  "not_a_player",
  "seat_taken",
  "already_seated",
  "waiting_for_opponent",
  "not_your_turn",
  "illegal_move",
  "stale_version",
  "game_over",
  "game_not_over",
  "wrong_game",
  "no_draw_offer",
  "draw_offer_not_allowed",
  "opponent_not_away",
  "game_left_room",
  "storage",
  "not_away",
  "computer_playing",
  "not_the_creator",
  "bad_name",
  "bad_level",
] as const;
const SNAPSHOT_FIELDS = [
  "v",
  "room",
  "variant",
  "created_at",
  "expires_at",
  "game",
  "colors",
  "joined",
  "you",
  "you_no",
  "players",
  "seats",
  "start_fen",
  "moves",
  "offers",
  "fen",
  "to_move",
  "to_move_no",
  "legal_moves",
  "draw_offer",
  "may_offer_draw",
  "outcome",
  "left_for_computer",
  "presence",
] as const;
const PRESENCE_FIELDS = ["creator", "joiner", "spectators", "creator_away_since", "joiner_away_since", "seats"] as const;
const OUTCOME_FIELDS = ["winner", "winner_side", "winner_no", "ranking", "reason", "description"] as const;

// Compile-time: each list names every member of its TypeScript type.
const lists = {
  client: CLIENT_TAGS satisfies Exactly<ClientMessage["t"], typeof CLIENT_TAGS>,
  events: EVENT_TAGS satisfies Exactly<EventKind["t"], typeof EVENT_TAGS>,
  messages: MESSAGE_TAGS satisfies Exactly<ServerMessage["t"], typeof MESSAGE_TAGS>,
  errors: ERROR_CODES satisfies Exactly<ErrorCode, typeof ERROR_CODES>,
  snapshot: SNAPSHOT_FIELDS satisfies Exactly<keyof RoomSnapshot, typeof SNAPSHOT_FIELDS>,
  presence: PRESENCE_FIELDS satisfies Exactly<keyof Presence, typeof PRESENCE_FIELDS>,
  outcome: OUTCOME_FIELDS satisfies Exactly<keyof OutcomeView, typeof OUTCOME_FIELDS>,
};

interface NodeFs {
  readFileSync(path: URL, encoding: "utf8"): string;
}

let rust = "";
beforeAll(async () => {
  const fsModule = "node:fs";
  const fs = (await import(/* @vite-ignore */ fsModule)) as NodeFs;
  rust = fs.readFileSync(new URL("../../../crates/server/src/protocol.rs", import.meta.url), "utf8");
});

/** The body of `pub enum|struct <name> { … }` (up to the first closing brace at column 0). */
function body(kind: "enum" | "struct", name: string): string {
  const start = rust.indexOf(`pub ${kind} ${name} {`);
  if (start < 0) throw new Error(`protocol.rs has no ${kind} ${name}`);
  return rust.slice(start, rust.indexOf("\n}", start));
}

const snake = (name: string) => name.replace(/[A-Z]/g, (c, i: number) => (i === 0 ? "" : "_") + c.toLowerCase());

function variants(name: string): string[] {
  return [...body("enum", name).matchAll(/^ {4}([A-Z]\w*)/gm)].map((m) => snake(m[1]!));
}

function fields(name: string): string[] {
  return [...body("struct", name).matchAll(/^ {4}pub (\w+):/gm)].map((m) => m[1]!);
}

describe("the protocol mirrors protocol.rs", () => {
  it("has every message and event type", () => {
    expect(variants("ClientMessage").sort()).toEqual([...lists.client].sort());
    expect(variants("EventKind").sort()).toEqual([...lists.events].sort());
    expect(variants("ServerMessage").sort()).toEqual([...lists.messages].sort());
  });

  it("has every error code", () => {
    expect(variants("ErrorCode").sort()).toEqual([...lists.errors].sort());
  });

  it("has every field of the snapshot, presence and outcome", () => {
    expect(fields("Snapshot").sort()).toEqual([...lists.snapshot].sort());
    expect(fields("Presence").sort()).toEqual([...lists.presence].sort());
    expect(fields("OutcomeView").sort()).toEqual([...lists.outcome].sort());
  });

  it("has the same close codes", () => {
    const codes = Object.fromEntries([...rust.matchAll(/pub const (\w+): u16 = (\d+);/g)].map((m) => [m[1]!, Number(m[2])]));
    expect(codes).toEqual({ ...CLOSE });
  });
});

describe("reading server messages", () => {
  it("tells events from other messages", () => {
    const event = parseIncoming('{"v":4,"at":9,"t":"joined","seat":"joiner"}');
    expect(isEvent(event)).toBe(true);
    const error = parseIncoming('{"t":"error","code":"not_your_turn","message":"x"}');
    expect(isEvent(error)).toBe(false);
  });

  it("names what is wrong with a bad frame", () => {
    expect(() => parseIncoming("nope")).toThrow(/not JSON/);
    expect(() => parseIncoming('{"v":1}')).toThrow(/without a type/);
    expect(() => parseIncoming('{"t":"fly"}')).toThrow(/unknown message type "fly"/);
    expect(() => parseIncoming('{"t":"moved"}')).toThrow(/"moved" event without a version/);
  });
});
