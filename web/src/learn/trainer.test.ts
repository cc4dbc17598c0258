import { beforeAll, describe, expect, it } from "vitest";
import { initSync } from "../wasm/pkg/kingme_wasm.js";
import { numbering, TRAINER_WORDS } from "./trainer";
import type { Text } from "./lessons";

beforeAll(async () => {
  const fsModule = "node:fs";
  const fs: { readFileSync(path: URL): Uint8Array } = await import(/* @vite-ignore */ fsModule);
  initSync({ module: fs.readFileSync(new URL("../wasm/pkg/kingme_wasm_bg.wasm", import.meta.url)) });
});

const placeholders = (s: string) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort().join(",");

describe("the coordinates trainer", () => {
  it("numbers the squares as the rules read PDN", () => {
    const eight = numbering("english");
    expect(eight).toHaveLength(32);
    expect(new Set(eight).size).toBe(32);
    const ten = numbering("international");
    expect(ten).toHaveLength(50);
    expect(ten[0]).toBe("b10");
    expect(ten[49]).toBe("i1");
  });

  it("has its words in every language with the same placeholders", () => {
    for (const [key, text] of Object.entries(TRAINER_WORDS) as [string, Text][]) {
      for (const lang of ["zh-Hans", "zh-Hant"] as const) {
        expect(text[lang].trim(), `${key} ${lang}`).not.toBe("");
        expect(placeholders(text[lang]), `${key} ${lang}`).toBe(placeholders(text.en));
      }
    }
  });
});
