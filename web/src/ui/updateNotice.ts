/** The notice that a new version of the site is ready, with the button that loads it. */
import { onLocaleChange, t } from "../i18n";
import { h } from "./dom";

let notice: HTMLElement | null = null;

/**
 * Shows the notice (once; later calls keep the one shown). Reloading keeps the player's place: a
 * game on this device is saved after every move and rooms are kept by the server.
 */
export function showUpdateNotice(): void {
  if (notice?.isConnected) return;
  const text = h("span", {});
  const reload = h("button", { type: "button", "data-testid": "update-reload", onclick: () => location.reload() });
  const label = () => {
    text.textContent = t("update.ready");
    reload.textContent = t("update.reload");
  };
  label();
  onLocaleChange(label);
  notice = h("div", { class: "update-notice", role: "status", "data-testid": "update-notice" }, text, reload);
  document.body.append(notice);
}
