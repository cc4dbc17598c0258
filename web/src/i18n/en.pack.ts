/** Everything the page says in English: one chunk, loaded when the language is chosen. */
export { en as messages } from "./en";
export { enRules as rulesErrors } from "./rulesErrors";
