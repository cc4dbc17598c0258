/** Everything the page says in Traditional Chinese: one chunk, loaded when the language is chosen. */
export { zhHant as messages } from "./zh-Hant";
export { zhHantRules as rulesErrors } from "./rulesErrors.zh-Hant";
