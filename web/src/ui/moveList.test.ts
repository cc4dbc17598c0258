import { describe, expect, it } from "vitest";
import type { HistoryEntry } from "../wasm/rules";
import { historyRows } from "./moveList";

const entry = (number: number, seat: number): HistoryEntry => ({ number, seat, notation: `${number}/${seat}`, record: `${number}/${seat}`, offeredDraw: false });

describe("historyRows", () => {
  it("pairs a draughts game's moves under their numbers", () => {
    const rows = historyRows([entry(1, 0), entry(1, 1), entry(2, 0)], [0, 1]);
    expect(rows).toEqual([
      { number: 1, slots: [0, 1] },
      { number: 2, slots: [2, null] },
    ]);
  });

  it("leaves the first side's slot empty when the second side began", () => {
    expect(historyRows([entry(1, 1), entry(2, 0)], [0, 1])).toEqual([
      { number: 1, slots: [null, 0] },
      { number: 2, slots: [1, null] },
    ]);
  });

  it("puts each seat of a round in its column, a finished seat's left empty", () => {
    const rows = historyRows([entry(1, 0), entry(1, 2), entry(1, 4), entry(2, 0), entry(2, 4)], [0, 2, 4]);
    expect(rows).toEqual([
      { number: 1, slots: [0, 1, 2] },
      { number: 2, slots: [3, null, 4] },
    ]);
  });

  it("starts a new row when a seat's slot is already taken under the same number", () => {
    expect(historyRows([entry(3, 0), entry(3, 0)], [0, 1])).toEqual([
      { number: 3, slots: [0, null] },
      { number: 3, slots: [1, null] },
    ]);
  });
});
