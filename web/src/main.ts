import "./style.css";
import { App } from "./app";
import { initLocale } from "./i18n";
import { loadRules } from "./wasm/rules";

async function main(): Promise<void> {
  initLocale();
  const root = document.getElementById("app")!;
  await loadRules();
  new App(root).boot();
}

void main();
