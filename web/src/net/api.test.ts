import { afterEach, describe, expect, it, vi } from "vitest";
import { createRoom } from "./api";

afterEach(() => vi.unstubAllGlobals());

describe("createRoom", () => {
  it("sends the computer's seats and the time control with the room, in the server's words", async () => {
    const sent: unknown[] = [];
    vi.stubGlobal("fetch", async (_url: string, init: RequestInit) => {
      sent.push(JSON.parse(String(init.body)));
      return new Response(JSON.stringify({ room: "r1", token: "t", seat: "creator", seat_no: 0, variant: "chinese-checkers", players: 3, path: "/r/r1" }), { status: 201 });
    });
    await createRoom("chinese-checkers", { players: 3, name: "Ann", computers: [{ seatNo: 2, level: "beginner" }] });
    await createRoom("english", { computers: [] });
    await createRoom("russian", { clock: { initial_ms: 180_000, increment_ms: 2_000 } });
    expect(sent).toEqual([
      { variant: "chinese-checkers", players: 3, name: "Ann", computers: [{ seat_no: 2, level: "beginner" }] },
      { variant: "english" },
      { variant: "russian", clock: { initial_ms: 180_000, increment_ms: 2_000 } },
    ]);
  });
});
