/// <reference lib="webworker" />
/** The engine's thread: rebuilds the game from its record and answers one request at a time. */
import { EngineMemory, loadRules, replay } from "../wasm/rules";
import { KnowledgeLoader } from "./knowledge";
import type { EngineRequest, EngineResponse } from "./protocol";

declare const self: DedicatedWorkerGlobalScope;

/** One for the worker's life: Expert goes on from its analysis of earlier turns. */
let memory: EngineMemory | null = null;
let loader: KnowledgeLoader | null = null;

/**
 * How long a turn waits for its book and tables before thinking without those still on their
 * way (a slow network must not hold up the computer, least of all on a clock).
 */
function waitForKnowledgeMs(clock: { remainingMs: number } | undefined): number {
  return clock ? Math.min(2000, clock.remainingMs / 20) : 2000;
}

async function answer(request: EngineRequest): Promise<EngineResponse> {
  if (request.kind === "load") return { id: request.id, ok: true, kind: "load" };
  memory ??= new EngineMemory();
  loader ??= new KnowledgeLoader(memory);
  const game = replay(request.game);
  try {
    if (request.kind === "turn") {
      await loader.prepare(game, waitForKnowledgeMs(request.clock));
      const turn = game.computerTurn(request.level, request.seed, memory, request.clock);
      return { id: request.id, ok: true, kind: "turn", turn, knowledge: loader.knowledge() };
    }
    // A measured search waits for everything it can use, so that it is repeatable.
    await loader.prepare(game);
    return { id: request.id, ok: true, kind: "search", report: game.searchNodes(request.nodes, memory), knowledge: loader.knowledge() };
  } finally {
    game.free();
  }
}

self.onmessage = async (event: MessageEvent<EngineRequest>) => {
  const request = event.data;
  try {
    await loadRules();
    self.postMessage(await answer(request));
  } catch (e) {
    const rules = e instanceof Error ? (e as Error & { rules?: unknown }).rules : undefined;
    self.postMessage({ id: request.id, ok: false, error: e instanceof Error ? e.message : String(e), ...(rules ? { rules } : {}) });
  }
};
