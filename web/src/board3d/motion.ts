/** Whether the user asked the system for less motion: moves, lifts and view changes then jump. */
export function reducedMotion(): boolean {
  return typeof matchMedia === "function" && matchMedia("(prefers-reduced-motion: reduce)").matches;
}
