import { describe, expect, it } from "vitest";
import { parseRoute, routeUrl, type Route } from "./route";

const VARIANTS = ["english", "international", "chinese-checkers"];

describe("routes", () => {
  it("gives each screen its own address", () => {
    expect(routeUrl({ kind: "rules" }, "")).toBe("/");
    expect(routeUrl({ kind: "mode", variant: "english" }, "")).toBe("/play/english");
    expect(routeUrl({ kind: "game", variant: "english", mode: "beginner", players: 2 }, "")).toBe("/play/english/beginner");
    expect(routeUrl({ kind: "game", variant: "chinese-checkers", mode: "local", players: 6 }, "")).toBe(
      "/play/chinese-checkers/local?players=6",
    );
  });

  it("keeps the other query parameters and drops a stale player count", () => {
    expect(routeUrl({ kind: "mode", variant: "english" }, "?test&players=6")).toBe("/play/english?test");
    expect(routeUrl({ kind: "game", variant: "chinese-checkers", mode: "expert", players: 3 }, "?test")).toBe(
      "/play/chinese-checkers/expert?test&players=3",
    );
  });

  it("reads back every address it writes", () => {
    const routes: Route[] = [
      { kind: "rules" },
      { kind: "mode", variant: "international" },
      { kind: "game", variant: "english", mode: "second", players: 2 },
      { kind: "game", variant: "chinese-checkers", mode: "mixed", players: 4 },
    ];
    for (const route of routes) {
      const url = new URL(routeUrl(route, "?test"), "http://localhost");
      expect(parseRoute(url.pathname, url.search, VARIANTS)).toEqual(route);
    }
  });

  it("names no screen for unknown games, modes, player counts or other paths", () => {
    expect(parseRoute("/play/chess", "", VARIANTS)).toBeNull();
    expect(parseRoute("/play/english/blitz", "", VARIANTS)).toBeNull();
    expect(parseRoute("/play/english/local", "?players=7", VARIANTS)).toBeNull();
    expect(parseRoute("/play/english/local", "?players=two", VARIANTS)).toBeNull();
    expect(parseRoute("/play/english/local/extra", "", VARIANTS)).toBeNull();
    expect(parseRoute("/learn", "", VARIANTS)).toBeNull();
  });
});
