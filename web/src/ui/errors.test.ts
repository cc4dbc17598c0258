import { beforeAll, describe, expect, it } from "vitest";
import { initSync } from "../wasm/pkg/kingme_wasm.js";
import { RulesGame } from "../wasm/rules";
import { errorText, rulesErrorOf, rulesErrorText } from "./errors";
import { seatName } from "./words";
import { EngineFailure } from "../engine/failure";
import { pack } from "../i18n";

beforeAll(async () => {
  const fsModule = "node:fs";
  const fs: { readFileSync(path: URL): Uint8Array } = await import(/* @vite-ignore */ fsModule);
  initSync({ module: fs.readFileSync(new URL("../wasm/pkg/kingme_wasm_bg.wasm", import.meta.url)) });
});

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort().join(",");

/** The error `f` throws. */
function thrown(f: () => unknown): unknown {
  try {
    f();
  } catch (e) {
    return e;
  }
  throw new Error("nothing was thrown");
}

describe("the rules' errors in every language", () => {
  it("has the same placeholders in every catalog", () => {
    const en = pack("en").rulesErrors;
    for (const lang of ["zh-Hans", "zh-Hant"] as const) {
      for (const [code, text] of Object.entries(pack(lang).rulesErrors)) {
        expect(placeholders(text), `${lang} ${code}`).toBe(placeholders(en[code as keyof typeof en]));
      }
    }
  });

  const cases: [string, () => unknown, RegExp][] = [
    ["a bad side to move", () => RulesGame.create("english", "X:W21:B1"), /^FEN 无效：行棋方“X”必须是 W 或 B$/],
    ["a man that should be a king", () => RulesGame.create("english", "W:W29:B30"), /^FEN 无效：f8 上的兵已在升王的底线上，应当是王$/],
    ["a PDN without rules", () => RulesGame.fromRecord("1. 11-15 *"), /^PDN 没有 GameType 标签/],
    ["a PDN move that cannot be played", () => RulesGame.fromRecord('[GameType "20"]\n1. 32-28 32-27 *'), /^第 2 步（“32-27”）：/],
    ["a Halma position of one row", () => RulesGame.create("halma-8", "1:1:..."), /^应有 8 行，实际 1 行$/],
    ["a Halma game for five", () => RulesGame.create("halma-8", null, 5), /^哈尔马 8×8不能由 5 人对弈|^.+不能由 5 人对弈/],
  ];

  for (const [what, f, zh] of cases) {
    it(`says ${what} in Chinese, every parameter filled in`, () => {
      const e = thrown(f);
      const rules = rulesErrorOf(e);
      expect(rules, what).not.toBeNull();
      const text = rulesErrorText(rules!, "zh-Hans");
      expect(text).toMatch(zh);
      for (const lang of ["en", "zh-Hans", "zh-Hant"] as const) expect(rulesErrorText(rules!, lang)).not.toMatch(/\{\w+\}/);
      // The English message is kept for everything else.
      expect((e as Error).message.length).toBeGreaterThan(0);
    });
  }

  it("falls back to the message of other errors", () => {
    expect(errorText(new Error("network down"))).toBe("network down");
    expect(errorText("plain")).toBe("plain");
  });

  it("says an engine failure from the catalog, not the worker's English detail", () => {
    expect(errorText(new EngineFailure("stopped", "worker crashed"))).toBe(pack("en").messages["engine.stopped"]);
    expect(errorText(new EngineFailure("unexpected", "a load answer to a turn request"))).toBe(pack("en").messages["engine.unexpected"]);
    for (const lang of ["zh-Hans", "zh-Hant"] as const) expect(pack(lang).messages["engine.stopped"]).not.toBe(pack("en").messages["engine.stopped"]);
  });

  it("names a Halma seat by its place and colour in the page's language, by number when the game is unknown", () => {
    const game = RulesGame.create("halma-8", null, 2);
    try {
      const view = game.snapshot();
      const e = thrown(() => game.playText("pass", false));
      const rules = rulesErrorOf(e);
      expect(rules?.code).toBe("pass-not-allowed");
      const seat = view.seats.find((s) => s.index === view.turn)!;
      expect(errorText(e, view)).not.toMatch(/seat \d/);
      expect(errorText(e, view)).toMatch(/ has a legal move and may not pass$/);
      expect(rulesErrorText(rules!, "en", view)).toBe(`${seatName(view, seat.index)} has a legal move and may not pass`);
      expect(seatName(view, seat.index)).toMatch(/^\S+, \S+$/);
      expect(rulesErrorText(rules!, "en")).toBe(`seat ${seat.index + 1} has a legal move and may not pass`);
      expect(rulesErrorText(rules!, "zh-Hant")).toBe(`第 ${seat.index + 1} 座有合法著法，不能停走`);
    } finally {
      game.free();
    }
  });
});
