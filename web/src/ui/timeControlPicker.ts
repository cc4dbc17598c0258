/** The time control a game is played with: none, a common one, or minutes + seconds of one's own. */
import { t } from "../i18n";
import { MAX_INCREMENT_S, MAX_MINUTES, TIME_PRESETS, timeControl, timeControlName, type TimeControl } from "../game/timeControl";
import { h } from "./dom";

export interface TimeControlPicker {
  readonly element: HTMLElement;
  /** The chosen time control: null for none, "bad" when the custom one is out of range. */
  value(): TimeControl | null | "bad";
}

const CUSTOM = "custom";
const NONE = "none";

/** A select (None first and chosen) and, for Custom, a field for minutes and one for the increment. */
export function timeControlPicker(idPrefix = "time"): TimeControlPicker {
  const select = h("select", { id: `${idPrefix}-control`, "data-testid": "time-control" });
  select.append(h("option", { value: NONE }, t("time.none")));
  TIME_PRESETS.forEach((c, i) => select.append(h("option", { value: String(i) }, t("time.preset", timeControlName(c)))));
  select.append(h("option", { value: CUSTOM }, t("time.custom")));
  const minutes = h("input", { type: "number", id: `${idPrefix}-minutes`, min: 1, max: MAX_MINUTES, step: 1, value: 10, "data-testid": "time-minutes" });
  const increment = h("input", { type: "number", id: `${idPrefix}-increment`, min: 0, max: MAX_INCREMENT_S, step: 1, value: 5, "data-testid": "time-increment" });
  const custom = h(
    "span",
    { class: "custom-time" },
    h("label", { for: minutes.id }, t("time.minutes")),
    minutes,
    h("label", { for: increment.id }, t("time.increment")),
    increment,
  );
  custom.hidden = true;
  select.addEventListener("change", () => {
    custom.hidden = select.value !== CUSTOM;
  });
  const element = h(
    "div",
    { class: "time-control" },
    h("label", { for: select.id }, t("chooser.timeControl")),
    select,
    custom,
  );
  return {
    element,
    value() {
      if (select.value === NONE) return null;
      if (select.value === CUSTOM) {
        if (minutes.value.trim() === "" || increment.value.trim() === "") return "bad";
        return timeControl(Number(minutes.value), Number(increment.value)) ?? "bad";
      }
      return TIME_PRESETS[Number(select.value)] ?? null;
    },
  };
}
