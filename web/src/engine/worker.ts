/// <reference lib="webworker" />
/** The engine's thread: rebuilds the game from its record and answers one request at a time. */
import { EngineMemory, loadRules, replay } from "../wasm/rules";
import type { EngineRequest, EngineResponse } from "./protocol";

declare const self: DedicatedWorkerGlobalScope;

/** One for the worker's life: Expert goes on from its analysis of earlier turns. */
let memory: EngineMemory | null = null;

function answer(request: EngineRequest): EngineResponse {
  if (request.kind === "load") return { id: request.id, ok: true, kind: "load" };
  const game = replay(request.game);
  try {
    if (request.kind === "turn") {
      return { id: request.id, ok: true, kind: "turn", turn: game.computerTurn(request.level, request.seed, (memory ??= new EngineMemory()), request.clock) };
    }
    return { id: request.id, ok: true, kind: "search", report: game.searchNodes(request.nodes) };
  } finally {
    game.free();
  }
}

self.onmessage = async (event: MessageEvent<EngineRequest>) => {
  const request = event.data;
  try {
    await loadRules();
    self.postMessage(answer(request));
  } catch (e) {
    const rules = e instanceof Error ? (e as Error & { rules?: unknown }).rules : undefined;
    self.postMessage({ id: request.id, ok: false, error: e instanceof Error ? e.message : String(e), ...(rules ? { rules } : {}) });
  }
};
