import "./style.css";
import { App } from "./app";
import { initLocale } from "./i18n";
import { loadRules } from "./wasm/rules";
import { registerServiceWorker } from "./offline";
import { prepareSound } from "./ui/sound";

async function main(): Promise<void> {
  initLocale();
  const root = document.getElementById("app")!;
  await loadRules();
  new App(root).boot();
  prepareSound();
  registerServiceWorker();
}

void main();
