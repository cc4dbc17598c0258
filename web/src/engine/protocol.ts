/** Messages between the page and the engine worker. */
import type { ComputerTurn, ErrorView, RecordView, SearchReport } from "../wasm/rules";
import type { Knowledge } from "./knowledge";

/**
 * A game as the worker (or a reload) rebuilds it: its rules, player count, start, every move
 * with its draw offer, and the resignations and time-outs between them.
 */
export type GameRecord = Pick<RecordView, "variant" | "players" | "startFen" | "moves"> &
  Partial<Pick<RecordView, "resigned" | "drawAgreed" | "timedOut">>;

export interface EngineClock {
  remainingMs: number;
  incrementMs: number;
}

export type EngineRequest =
  | { id: number; kind: "load" }
  /** `clock`: the computer's time left and its increment, when it plays with a clock. */
  | { id: number; kind: "turn"; game: GameRecord; level: string; seed: number; clock?: EngineClock }
  | { id: number; kind: "search"; game: GameRecord; nodes: number };

export type EngineResponse =
  | { id: number; ok: true; kind: "load" }
  /** `knowledge`: the book and tables the worker's memory holds after the request. */
  | { id: number; ok: true; kind: "turn"; turn: ComputerTurn; knowledge: Knowledge }
  | { id: number; ok: true; kind: "search"; report: SearchReport; knowledge: Knowledge }
  /** `rules`: the rules' coded error, so the page can say it in its language. */
  | { id: number; ok: false; error: string; rules?: ErrorView };
