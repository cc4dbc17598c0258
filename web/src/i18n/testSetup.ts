// Before every unit test file: all three languages loaded (the page loads only its own, before
// its first screen), the page in English.
import { LOCALES, loadLocale } from "./index";

await Promise.all(LOCALES.map((l) => loadLocale(l.id)));
