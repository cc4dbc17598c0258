/** The page's side of the engine worker: requests as promises, cancellation by restart. */
import type { ComputerTurn, SearchReport } from "../wasm/rules";
import { EngineFailure } from "./failure";
import type { Knowledge } from "./knowledge";
import type { EngineClock, EngineRequest, EngineResponse, GameRecord } from "./protocol";

export class EngineCancelled extends Error {
  constructor() {
    super("the computer's search was cancelled");
  }
}

type WithoutId<T> = T extends unknown ? Omit<T, "id"> : never;
type Pending = { resolve: (r: EngineResponse) => void; reject: (e: Error) => void };

export class EngineClient {
  private worker: Worker;
  private nextId = 1;
  private pending = new Map<number, Pending>();
  /** The opening books and endgame tables the worker held at its last answer (none in a new worker). */
  knowledge: Knowledge = { books: [], tables: [] };

  constructor() {
    this.worker = this.spawn();
  }

  private spawn(): Worker {
    const worker = new Worker(new URL("./worker.ts", import.meta.url), { type: "module" });
    worker.onmessage = (event: MessageEvent<EngineResponse>) => {
      const waiting = this.pending.get(event.data.id);
      this.pending.delete(event.data.id);
      waiting?.resolve(event.data);
    };
    worker.onerror = (event) => {
      const error = new EngineFailure("stopped", event.message || "the engine's worker stopped");
      for (const waiting of this.pending.values()) waiting.reject(error);
      this.pending.clear();
    };
    return worker;
  }

  private async request(body: WithoutId<EngineRequest>): Promise<EngineResponse> {
    const id = this.nextId++;
    const response = await new Promise<EngineResponse>((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      const message: EngineRequest = { ...body, id };
      this.worker.postMessage(message);
    });
    // The rules' coded error crosses the worker's boundary with the message.
    if (!response.ok) throw Object.assign(new Error(response.error), response.rules ? { rules: response.rules } : {});
    if ("knowledge" in response) this.knowledge = response.knowledge;
    return response;
  }

  /**
   * What the computer does on its turn in `game` at `level`; `seed` picks among equal moves
   * (random when absent; a lesson passes its own so that its replies repeat). With `clock` (the
   * computer's time left and increment) the computer budgets its time from it.
   */
  async computerTurn(game: GameRecord, level: string, seed = Math.floor(Math.random() * 0xffffffff), clock?: EngineClock): Promise<ComputerTurn> {
    const response = await this.request({ kind: "turn", game, level, seed, ...(clock ? { clock } : {}) });
    if (response.ok && response.kind === "turn") return response.turn;
    throw new EngineFailure("unexpected", `a ${"kind" in response ? response.kind : "failed"} answer to a turn request`);
  }

  /** Loads the engine in the worker ahead of its first request (a page that knows it will ask soon). */
  async warmUp(): Promise<void> {
    await this.request({ kind: "load" });
  }

  /** A search of `nodes` nodes in the worker, for measuring speed. */
  async search(game: GameRecord, nodes: number): Promise<SearchReport> {
    const response = await this.request({ kind: "search", game, nodes });
    if (response.ok && response.kind === "search") return response.report;
    throw new EngineFailure("unexpected", `a ${"kind" in response ? response.kind : "failed"} answer to a search request`);
  }

  /** Stops any search at once: the worker is ended and a fresh one started. */
  cancel(): void {
    this.worker.terminate();
    for (const waiting of this.pending.values()) waiting.reject(new EngineCancelled());
    this.pending.clear();
    this.worker = this.spawn();
    this.knowledge = { books: [], tables: [] };
  }

  destroy(): void {
    this.worker.terminate();
    for (const waiting of this.pending.values()) waiting.reject(new EngineCancelled());
    this.pending.clear();
  }
}
