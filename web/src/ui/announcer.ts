/**
 * The live region as a queue: each announcement is added as its own line (screen readers read
 * additions in turn), so a reply never replaces the player's own move before it is read. Only the
 * latest `keep` lines stay, enough for one round of six seats.
 */
export interface AnnouncerLines {
  append(text: string): void;
  removeOldest(): void;
}

export class Announcer {
  private count = 0;

  constructor(
    private readonly lines: AnnouncerLines,
    private readonly keep = 6,
  ) {}

  say(text: string): void {
    this.lines.append(text);
    this.count++;
    while (this.count > this.keep) {
      this.lines.removeOldest();
      this.count--;
    }
  }
}

/** The lines of a live-region element: one `<p>` each, removals not read out. */
export function liveRegionLines(region: HTMLElement): AnnouncerLines {
  region.setAttribute("aria-relevant", "additions");
  return {
    append: (text) => {
      const line = document.createElement("p");
      line.textContent = text;
      region.append(line);
    },
    removeOldest: () => region.firstElementChild?.remove(),
  };
}
