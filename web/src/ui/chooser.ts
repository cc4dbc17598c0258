/** The rule chooser and the mode chooser. */
import { t, type MessageKey } from "../i18n";
import { MODES, VARIANTS, type Mode } from "../game/controller";
import type { VariantKey } from "../wasm/types";
import { h } from "./dom";

export interface ChooserActions {
  start(variant: VariantKey, mode: Mode, fen: string | null): string | null;
  loadPdn(text: string): string | null;
  /** Creates a room to play with a friend; resolves to an error message, or null. */
  online(variant: VariantKey, fen: string | null): Promise<string | null>;
}

const MODE_KEYS: Record<Mode, MessageKey> = {
  beginner: "mode.beginner",
  intermediate: "mode.intermediate",
  advanced: "mode.advanced",
  expert: "mode.expert",
  second: "mode.second",
  local: "mode.local",
  online: "mode.online",
};

export function ruleChooser(pick: (variant: VariantKey) => void): HTMLElement {
  return h(
    "main",
    { class: "chooser" },
    h("h1", {}, t("chooser.rules")),
    h(
      "div",
      { class: "choices variants" },
      ...VARIANTS.map((v) =>
        h(
          "button",
          { type: "button", class: "choice", "data-variant": v, onclick: () => pick(v) },
          h("strong", {}, t(`variant.${v}` as MessageKey)),
          h("span", {}, t(`variant.${v}.about` as MessageKey)),
        ),
      ),
    ),
  );
}

export function modeChooser(variant: VariantKey, actions: ChooserActions, back: () => void): HTMLElement {
  const note = h("p", { class: "note", role: "status", "data-testid": "chooser-note" });
  const fen = h("input", {
    type: "text",
    id: "start-fen",
    "data-testid": "start-fen",
    placeholder: t("chooser.fenPlaceholder"),
    spellcheck: "false",
  });
  const pdn = h("textarea", { id: "start-pdn", rows: 3, "data-testid": "start-pdn", spellcheck: "false" });
  const choose = (mode: Mode) => {
    if (mode === "online") {
      note.textContent = t("room.creating");
      void actions.online(variant, fen.value.trim() || null).then((error) => {
        note.textContent = error ? t("msg.error", { message: error }) : "";
      });
      return;
    }
    const error = actions.start(variant, mode, fen.value.trim() || null);
    note.textContent = error ? t("msg.error", { message: error }) : "";
  };
  return h(
    "main",
    { class: "chooser" },
    h("h1", {}, t(`variant.${variant}` as MessageKey)),
    h("h2", {}, t("chooser.mode")),
    h(
      "div",
      { class: "choices modes" },
      ...MODES.map((m) =>
        h("button", { type: "button", class: "choice", "data-mode": m, onclick: () => choose(m) }, t(MODE_KEYS[m])),
      ),
    ),
    note,
    h("label", { for: "start-fen" }, t("chooser.fen")),
    fen,
    h("label", { for: "start-pdn" }, t("chooser.pdn")),
    pdn,
    h(
      "div",
      { class: "row" },
      h(
        "button",
        {
          type: "button",
          "data-testid": "load-pdn",
          onclick: () => {
            const error = actions.loadPdn(pdn.value);
            note.textContent = error ? t("msg.error", { message: error }) : "";
          },
        },
        t("chooser.loadPdn"),
      ),
      h("button", { type: "button", class: "back", onclick: back }, t("chooser.back")),
    ),
  );
}
