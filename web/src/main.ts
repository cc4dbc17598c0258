import "./style.css";
import { App } from "./app";
import { initLocale, locale, onLocaleChange } from "./i18n";
import { loadRules } from "./wasm/rules";
import { linkManifest, registerServiceWorker } from "./offline";
import { showUpdateNotice } from "./ui/updateNotice";
import { prepareSound } from "./ui/sound";

async function main(): Promise<void> {
  linkManifest(initLocale());
  onLocaleChange(() => linkManifest(locale()));
  const root = document.getElementById("app")!;
  await loadRules();
  new App(root).boot();
  prepareSound();
  registerServiceWorker(showUpdateNotice);
}

void main();
