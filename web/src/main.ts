import "./style.css";
import { App } from "./app";
import { initLocale, locale, onLocaleChange } from "./i18n";
import { loadRules } from "./wasm/rules";
import { linkManifest, registerServiceWorker } from "./offline";
import { showUpdateNotice } from "./ui/updateNotice";
import { prepareSound } from "./ui/sound";

async function main(): Promise<void> {
  // The language (its own chunk unless English) and the rules load side by side; the first
  // screen is drawn once both are here, so it never shows another language first.
  const [lang] = await Promise.all([initLocale(), loadRules()]);
  linkManifest(lang);
  onLocaleChange(() => linkManifest(locale()));
  const root = document.getElementById("app")!;
  new App(root).boot();
  prepareSound();
  registerServiceWorker(showUpdateNotice);
}

void main();
