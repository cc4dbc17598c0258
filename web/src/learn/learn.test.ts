import { describe, expect, it } from "vitest";
import { LESSON_FILES, allExercises, locate, moveSquares, piecesAbout, sameRoute, type Text } from "./lessons";
import { loadStars, recordStars, starsFor, type StarStore } from "./progress";
import { WORDS } from "./words";

function memoryStore(): StarStore & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return { data, getItem: (k) => data.get(k) ?? null, setItem: (k, v) => void data.set(k, v) };
}

const placeholders = (s: string) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort().join(",");

describe("the lessons as the page reads them", () => {
  it("holds both families with more than sixty exercises, ids unique", () => {
    expect(LESSON_FILES.map((f) => f.family)).toEqual(["draughts", "halma"]);
    const ids = allExercises().map((e) => e.exercise.id);
    expect(ids.length).toBeGreaterThanOrEqual(60);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("narrows the star's move list to the pieces an exercise is about", () => {
    const crowd = locate("cc.many.crowd")!.exercise;
    expect([...piecesAbout(crowd, 0, undefined)]).toEqual(["i5"]);
    const chain = locate("cc.moves.chain")!.exercise;
    expect([...piecesAbout(chain, 0, chain.solution?.[0])]).toEqual(["d2"]);
    // Later steps: the next move of the line, not the first step's hint or foreseen tries.
    const walk = locate("en.basics.step")!.exercise;
    expect([...piecesAbout(walk, 0, "c3-d4")].sort()).toEqual(["c3"]);
    expect([...piecesAbout(walk, 1, "d4-c5")]).toEqual(["d4"]);
    expect([...piecesAbout(walk, 1, undefined)]).toEqual([]);
  });

  it("finds an exercise and the next one in its course", () => {
    const found = locate("en.multi.worked");
    expect(found?.course.id).toBe("english");
    expect(found?.next?.id).toBe("en.multi.double");
    expect(locate("no.such.exercise")).toBeNull();
  });

  it("reads routes the way the lessons write them", () => {
    expect(moveSquares("c3xe5xg7")).toEqual(["c3", "e5", "g7"]);
    expect(moveSquares("c3×e5")).toEqual(["c3", "e5"]);
    expect(sameRoute(moveSquares("a1-c3-e5"), ["a1", "c3", "e5"])).toBe(true);
    expect(sameRoute(["c3", "e5"], ["c3", "e5", "g7"])).toBe(false);
  });
});

describe("stars", () => {
  it("gives three without a slip, two with one, one otherwise", () => {
    expect(starsFor(0, 0)).toBe(3);
    expect(starsFor(1, 0)).toBe(2);
    expect(starsFor(0, 1)).toBe(2);
    expect(starsFor(2, 1)).toBe(1);
  });

  it("keeps the best result by exercise id and ignores damaged storage", () => {
    const store = memoryStore();
    expect(recordStars("en.basics.step", 2, store)).toBe(2);
    expect(recordStars("en.basics.step", 1, store)).toBe(2);
    expect(recordStars("en.basics.step", 3, store)).toBe(3);
    expect(loadStars(store)).toEqual({ "en.basics.step": 3 });
    store.data.set("kingme.learn.stars", "{not json");
    expect(loadStars(store)).toEqual({});
    store.data.set("kingme.learn.stars", JSON.stringify({ a: 7, b: "3", c: 2 }));
    expect(loadStars(store)).toEqual({ c: 2 });
  });
});

describe("the Learn screens' words", () => {
  it("exist in every language with the same placeholders", () => {
    for (const [key, text] of Object.entries(WORDS) as [string, Text][]) {
      for (const lang of ["zh-Hans", "zh-Hant"] as const) {
        expect(text[lang].trim(), `${key} ${lang}`).not.toBe("");
        expect(placeholders(text[lang]), `${key} ${lang}`).toBe(placeholders(text.en));
      }
    }
  });
});
