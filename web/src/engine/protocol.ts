/** Messages between the page and the engine worker. */
import type { ComputerTurn, GameRecordView, SearchReport } from "../wasm/types";

/** A game as the worker rebuilds it: its start and every move with its draw offer. */
export type GameRecord = Pick<GameRecordView, "variant" | "startFen" | "moves">;

export type EngineRequest =
  | { id: number; kind: "turn"; game: GameRecord; level: string; seed: number }
  | { id: number; kind: "search"; game: GameRecord; nodes: number };

export type EngineResponse =
  | { id: number; ok: true; kind: "turn"; turn: ComputerTurn }
  | { id: number; ok: true; kind: "search"; report: SearchReport }
  | { id: number; ok: false; error: string };
