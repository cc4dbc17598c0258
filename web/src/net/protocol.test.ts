// The protocol's types are generated from crates/server/src/protocol.rs (wire.ts), and so are
// the sample messages (wire.samples.ts, serde's own output, type-checked by tsc against wire.ts).
// These tests check that the page reads every one of those messages as what it is.
import { describe, expect, it } from "vitest";
import { EVENT_TAGS, MESSAGE_TAGS, isEvent, parseIncoming } from "./protocol";
import { clientSamples, eventSamples, serverSamples } from "./wire.samples";

describe("the generated samples", () => {
  it("cover every event and every server message", () => {
    expect(new Set(eventSamples.map((e) => e.t))).toEqual(EVENT_TAGS);
    expect(new Set(serverSamples.map((m) => m.t))).toEqual(MESSAGE_TAGS);
    expect(clientSamples.length).toBeGreaterThan(0);
  });

  it("are read as events or messages by their tag", () => {
    for (const e of eventSamples) {
      const read = parseIncoming(JSON.stringify(e));
      expect(isEvent(read)).toBe(true);
      expect(read).toEqual(e);
    }
    for (const m of serverSamples) {
      const read = parseIncoming(JSON.stringify(m));
      expect(isEvent(read)).toBe(false);
      expect(read).toEqual(m);
    }
  });
});

describe("reading server messages", () => {
  it("names what is wrong with a bad frame", () => {
    expect(() => parseIncoming("nope")).toThrow(/not JSON/);
    expect(() => parseIncoming('{"v":1}')).toThrow(/without a type/);
    expect(() => parseIncoming('{"t":"fly"}')).toThrow(/unknown message type "fly"/);
    expect(() => parseIncoming('{"t":"moved"}')).toThrow(/"moved" event without a version/);
  });
});
