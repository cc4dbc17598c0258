// For board3d's tests: the boards as the rules (wasm) describe them, read in Node.
import { initSync } from "../../wasm/pkg/kingme_wasm.js";
import { RulesGame } from "../../wasm/rules";
import type { BoardLayout } from "../api";

let loaded = false;

/** Loads the WebAssembly module from disk (the page fetches it instead). */
export async function loadRulesInNode(): Promise<void> {
  if (loaded) return;
  const fsModule = "node:fs";
  const fs: { readFileSync(path: URL): Uint8Array } = await import(/* @vite-ignore */ fsModule);
  initSync({ module: fs.readFileSync(new URL("../../wasm/pkg/kingme_wasm_bg.wasm", import.meta.url)) });
  loaded = true;
}

/** The layout of `variant` for `players`. */
export function layoutOf(variant: string, players?: number): BoardLayout {
  const game = RulesGame.create(variant, null, players ?? null);
  const layout = game.snapshot().layout;
  game.free();
  return layout;
}
