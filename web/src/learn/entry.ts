/** The way into the Learn section, kept small: the section itself is loaded when first opened. */
import { h } from "../ui/dom";
import { locale } from "../i18n";
import { WORDS } from "./words";

export function isLearnPath(path: string): boolean {
  return path === "/learn" || path.startsWith("/learn/");
}

/** The chooser's link to the Learn section. */
export function learnLink(open: () => void): HTMLElement {
  const a = h("a", { href: "/learn", "data-testid": "learn-link" }, `📖 ${WORDS.chooserLink[locale()]}`);
  a.addEventListener("click", (e) => {
    e.preventDefault();
    open();
  });
  return h("p", { class: "chooser-learn" }, a);
}

export const loadLearn = () => import("./screen");
