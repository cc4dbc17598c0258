import { describe, expect, it } from "vitest";
import { Announcer, type AnnouncerLines } from "./announcer";

function recorder(): AnnouncerLines & { shown: string[] } {
  const shown: string[] = [];
  return { shown, append: (text) => shown.push(text), removeOldest: () => void shown.shift() };
}

describe("Announcer", () => {
  it("keeps the player's move when the computer's reply follows at once", () => {
    const lines = recorder();
    const announcer = new Announcer(lines);
    announcer.say("Black: 11 to 15.");
    announcer.say("White: 22 to 18.");
    expect(lines.shown).toEqual(["Black: 11 to 15.", "White: 22 to 18."]);
  });

  it("keeps only the latest lines, oldest dropped first", () => {
    const lines = recorder();
    const announcer = new Announcer(lines, 3);
    for (const text of ["a", "b", "c", "d", "e"]) announcer.say(text);
    expect(lines.shown).toEqual(["c", "d", "e"]);
  });

  it("holds a whole round of six seats by default", () => {
    const lines = recorder();
    const announcer = new Announcer(lines);
    for (let seat = 0; seat < 7; seat++) announcer.say(`seat ${seat}`);
    expect(lines.shown).toEqual(["seat 1", "seat 2", "seat 3", "seat 4", "seat 5", "seat 6"]);
  });
});
