/** The engine's worker failed: it stopped, or answered a request with the wrong kind of answer. */
export class EngineFailure extends Error {
  constructor(
    readonly reason: "stopped" | "unexpected",
    /** What happened, in English, for the console; the page says `reason` in its language. */
    detail: string,
  ) {
    super(detail);
  }
}
