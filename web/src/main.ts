import "./style.css";
import { App } from "./app";
import { initLocale } from "./i18n";
import { loadRules } from "./wasm/rules";
import { registerServiceWorker } from "./offline";

async function main(): Promise<void> {
  initLocale();
  const root = document.getElementById("app")!;
  await loadRules();
  new App(root).boot();
  registerServiceWorker();
}

void main();
