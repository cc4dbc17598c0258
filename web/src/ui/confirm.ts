/** "Leave this game?": a modal asking before a game in progress is thrown away. */
import { t } from "../i18n";
import { h } from "./dom";

/** Resolves true when the player chooses to leave; Escape or "Keep playing" resolve false. */
export function confirmLeaveGame(): Promise<boolean> {
  return new Promise((resolve) => {
    const stay = h("button", { type: "button", "data-testid": "leave-stay" }, t("leave.stay"));
    const leave = h("button", { type: "button", class: "danger", "data-testid": "leave-confirm" }, t("leave.confirm"));
    const dialog = h(
      "dialog",
      { class: "game-over leave-game", "data-testid": "leave-dialog", "aria-labelledby": "leave-title", "aria-describedby": "leave-body" },
      h("h2", { id: "leave-title" }, t("leave.title")),
      h("p", { id: "leave-body" }, t("leave.body")),
      h("div", { class: "row" }, stay, leave),
    );
    let answer = false;
    stay.addEventListener("click", () => dialog.close());
    leave.addEventListener("click", () => {
      answer = true;
      dialog.close();
    });
    dialog.addEventListener("close", () => {
      dialog.remove();
      resolve(answer);
    });
    document.body.append(dialog);
    dialog.showModal();
    stay.focus();
  });
}
