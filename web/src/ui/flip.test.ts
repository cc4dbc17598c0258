import { describe, expect, it } from "vitest";
import { flipKey } from "./flip";

const key = (k: string, tagName = "BODY", mods: Partial<Record<"altKey" | "ctrlKey" | "metaKey", boolean>> = {}) => ({
  key: k,
  altKey: false,
  ctrlKey: false,
  metaKey: false,
  defaultPrevented: false,
  target: { tagName } as unknown as EventTarget,
  ...mods,
});

describe("flipKey", () => {
  it("is F, either case, outside text fields", () => {
    expect(flipKey(key("f"))).toBe(true);
    expect(flipKey(key("F", "BUTTON"))).toBe(true);
  });

  it("leaves typing, shortcuts and other keys alone", () => {
    expect(flipKey(key("f", "INPUT"))).toBe(false);
    expect(flipKey(key("f", "TEXTAREA"))).toBe(false);
    expect(flipKey(key("f", "BODY", { ctrlKey: true }))).toBe(false);
    expect(flipKey(key("g"))).toBe(false);
  });
});
