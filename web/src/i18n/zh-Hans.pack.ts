/** Everything the page says in Simplified Chinese: one chunk, loaded when the language is chosen. */
export { zhHans as messages } from "./zh-Hans";
export { zhHansRules as rulesErrors } from "./rulesErrors.zh-Hans";
