/**
 * The room screen: the room's panel (link, copy and share, Join, presence, rematch, continue
 * against the computer) above the game screen, which shows the online game.
 */
import { t, type MessageKey } from "../i18n";
import type { GameRecord } from "../engine/protocol";
import type { GameController } from "../game/controller";
import { OnlineController, type RoomChange } from "../game/online";
import { roomInfo, RoomProblem, socketUrl } from "../net/api";
import { CLOSE, otherSeat } from "../net/protocol";
import { loadSeat } from "../net/seats";
import { gameInfo, type Seat as SeatIndex, type VariantKey } from "../wasm/rules";
import { h } from "./dom";
import { GameScreen, type SharedBoard } from "./gameScreen";
import { colorName } from "./words";

export interface RoomHost {
  /** Go on against the computer (Intermediate) from this game, playing `color`. */
  continueVsComputer(record: GameRecord, seat: SeatIndex): void;
  /** Back to the mode chooser of `variant` (or the rule chooser). */
  chooseMode(variant: VariantKey | null): void;
}

/** Rooms play draughts only (the server's rules). */
const isVariant = (v: string): v is VariantKey => gameInfo(v)?.family === "draughts";

export class RoomScreen {
  readonly element = h("div", { class: "room-screen", "data-testid": "room" });
  private readonly panel = h("section", { class: "room-panel", "data-testid": "room-panel" });
  private readonly gameHost = h("div", { class: "room-game" });
  private controller: OnlineController | null = null;
  private screen: GameScreen | null = null;
  private gone: { code: number; message: string } | null = null;
  private copied = false;
  private destroyed = false;

  // The panel's parts, made once so that focus and screen-reader regions survive updates.
  private readonly heading = h("h2");
  private readonly linkLabel = h("label", { for: "room-link" });
  private readonly linkField = h("input", { type: "text", readonly: true, id: "room-link", class: "room-link", "data-testid": "room-link" });
  private readonly copyButton = h("button", { type: "button", "data-testid": "room-copy" });
  private readonly shareButton = h("button", { type: "button", "data-testid": "room-share" });
  private readonly copiedNote = h("span", { class: "copied", "aria-live": "polite" });
  private readonly linkRow = h("div", { class: "row room-link-row" }, this.linkField, this.copyButton);
  private readonly status = h("p", { class: "room-status", role: "status", "data-testid": "room-status" });
  private readonly joinButton = h("button", { type: "button", class: "primary", "data-testid": "room-join" });
  private readonly presence = h("p", { class: "room-presence", "data-testid": "room-presence" });
  private readonly leftNote = h("p", { class: "room-left", "data-testid": "room-left" });
  private readonly awayNote = h("p", { class: "room-away" });
  private readonly continueButton = h("button", { type: "button", "data-testid": "room-continue" });
  private readonly rematchButton = h("button", { type: "button", class: "primary", "data-testid": "room-rematch" });
  private readonly notice = h("p", { class: "room-notice", role: "alert", "data-testid": "room-notice" });
  private readonly goneNote = h("p", { class: "room-gone", role: "alert", "data-testid": "room-gone" });
  private readonly newGameButton = h("button", { type: "button", "data-testid": "room-new-game" });

  constructor(
    readonly room: string,
    private readonly board: SharedBoard,
    private readonly host: RoomHost,
  ) {
    this.linkField.value = this.link();
    this.linkField.addEventListener("focus", () => this.linkField.select());
    this.copyButton.addEventListener("click", () => void this.copyLink());
    this.shareButton.addEventListener("click", () => void this.share());
    if (typeof navigator.share === "function") this.linkRow.append(this.shareButton);
    this.linkRow.append(this.copiedNote);
    this.joinButton.addEventListener("click", () => this.controller?.join());
    this.continueButton.addEventListener("click", () => this.controller?.continueVsComputer());
    this.rematchButton.addEventListener("click", () => this.controller?.rematch());
    this.newGameButton.addEventListener("click", () => this.host.chooseMode(this.controller?.variant ?? null));
    this.panel.append(
      this.heading,
      this.linkLabel,
      this.linkRow,
      this.status,
      this.joinButton,
      this.presence,
      this.leftNote,
      this.awayNote,
      this.continueButton,
      this.rematchButton,
      this.notice,
      this.goneNote,
      this.newGameButton,
    );
    this.element.append(this.panel, this.gameHost);
    this.render();
  }

  /** Looks the room up and connects (once the screen is in the document). */
  start(): void {
    void this.open();
  }

  private async open(): Promise<void> {
    let variant: VariantKey;
    try {
      const info = await roomInfo(this.room);
      if (!isVariant(info.variant)) throw new RoomProblem("bad_variant", `unknown rules ${info.variant}`);
      variant = info.variant;
    } catch (e) {
      if (this.destroyed) return;
      const expired = e instanceof RoomProblem && e.code === "room_expired";
      const missing = e instanceof RoomProblem && e.code === "room_not_found";
      this.gone = {
        code: expired ? CLOSE.ROOM_EXPIRED : missing ? CLOSE.ROOM_NOT_FOUND : 0,
        message: e instanceof Error ? e.message : String(e),
      };
      this.render();
      return;
    }
    if (this.destroyed) return;
    const controller = new OnlineController({
      room: this.room,
      variant,
      token: loadSeat(this.room)?.token ?? null,
      url: socketUrl(this.room),
    });
    this.controller = controller;
    controller.onRoom((change) => this.onRoom(change));
    controller.connect();
    window.addEventListener("online", this.retry);
    document.addEventListener("visibilitychange", this.retry);
    this.render();
  }

  private onRoom(change: RoomChange): void {
    switch (change.kind) {
      case "reset":
        this.buildGame();
        break;
      case "gone":
        this.gone = { code: change.code, message: change.message };
        this.dropGame();
        break;
      case "handOver":
        this.host.continueVsComputer(change.record, change.seat);
        return;
      case "room":
        break;
    }
    this.render();
  }

  /** A fresh game screen over the same controller (the board turns with the seat's colour). */
  private buildGame(): void {
    const controller = this.controller;
    if (!controller) return;
    this.screen?.destroy();
    const screen = new GameScreen(
      new ScreenBinding(controller),
      {
        playAgain: () => {
          if (controller.snapshot().result !== null && controller.view.seat !== null) controller.rematch();
        },
        chooseMode: () => this.host.chooseMode(controller.variant),
      },
      this.board,
    );
    screen.element.classList.add("online");
    screen.element.classList.toggle("spectating", controller.view.seat === null);
    this.screen = screen;
    this.gameHost.replaceChildren(screen.element);
    screen.start();
  }

  private dropGame(): void {
    this.screen?.destroy();
    this.screen = null;
    this.gameHost.replaceChildren();
  }

  relabel(): void {
    this.screen?.relabel();
    this.render();
  }

  private readonly retry = () => {
    if (document.visibilityState === "visible") this.controller?.retryNow();
  };

  destroy(): void {
    this.destroyed = true;
    window.removeEventListener("online", this.retry);
    document.removeEventListener("visibilitychange", this.retry);
    this.screen?.destroy();
    this.controller?.destroy();
  }

  private link(): string {
    return `${location.origin}/r/${this.room}`;
  }

  private async copyLink(): Promise<void> {
    try {
      await navigator.clipboard.writeText(this.link());
    } catch {
      const area = h("textarea", {}, this.link());
      document.body.append(area);
      area.select();
      document.execCommand("copy");
      area.remove();
    }
    this.copied = true;
    this.render();
  }

  private async share(): Promise<void> {
    try {
      await navigator.share({ title: t("room.title"), url: this.link() });
    } catch {
      /* the player closed the share sheet */
    }
  }

  private render(): void {
    const c = this.controller;
    const variantName = c ? t(`variant.${c.variant}` as MessageKey) : null;
    this.panel.setAttribute("aria-label", t("room.title"));
    this.heading.textContent = variantName ? `${t("room.title")} · ${variantName}` : t("room.title");
    this.linkLabel.textContent = t(c !== null && c.view.seat === null && c.view.joined ? "room.linkWatching" : "room.link");
    this.copyButton.textContent = t("room.copy");
    this.shareButton.textContent = t("room.share");
    this.copiedNote.textContent = this.copied ? t("room.copied") : "";
    this.joinButton.textContent = t("room.join");
    this.continueButton.textContent = t("room.continueVsComputer");
    this.rematchButton.textContent = t("room.rematch");
    this.newGameButton.textContent = t("room.newGame");
    this.awayNote.textContent = t("room.awayLong");

    const gone = this.gone;
    this.goneNote.hidden = this.newGameButton.hidden = gone === null;
    if (gone) {
      const key: MessageKey =
        gone.code === CLOSE.ROOM_EXPIRED ? "room.expired" : gone.code === CLOSE.ROOM_NOT_FOUND ? "room.notFound" : "room.unreachable";
      this.goneNote.textContent = t(key, { message: gone.message });
    }
    const v = c && !gone ? c.view : null;
    const ready = v !== null && v.ready;
    this.linkLabel.hidden = this.linkRow.hidden = gone !== null;

    const status: string[] = [];
    if (!gone) {
      if (v?.status === "retrying") status.push(t("room.reconnecting"));
      else if (!ready || v.status === "connecting") status.push(t("room.connecting"));
    }
    if (ready && c) {
      if (v.seat === null) status.push(v.joined ? t("room.watching") : t("room.joinPrompt", { variant: variantName ?? "" }));
      else {
        status.push(t("room.youPlay", { color: colorName(c.colorOf(v.seat)) }));
        if (!v.joined) status.push(t("room.waiting"));
      }
    }
    this.status.textContent = status.join(" ");
    this.status.hidden = status.length === 0;

    this.joinButton.hidden = !(ready && v.seat === null && !v.joined);

    const presence: string[] = [];
    let opponentHere = false;
    if (ready && v.joined) {
      if (v.seat !== null) {
        opponentHere = v.presence[otherSeat(v.seat)];
        presence.push(t(opponentHere ? "room.opponentHere" : "room.opponentAway"));
      } else if (c) {
        for (const seat of ["creator", "joiner"] as const) {
          presence.push(t(v.presence[seat] ? "room.playerHere" : "room.playerAway", { color: colorName(c.colorOf(seat)) }));
        }
      }
      if (v.presence.spectators > 0) presence.push(t("room.spectators", { count: v.presence.spectators }));
    }
    this.presence.textContent = presence.join(" · ");
    this.presence.hidden = presence.length === 0;
    this.presence.dataset["opponent"] = opponentHere ? "here" : "away";

    const left = ready ? v.leftForComputer : null;
    this.leftNote.hidden = left === null;
    this.leftNote.textContent = left === null ? "" : t(left === v?.seat ? "room.youLeft" : "room.opponentLeft");

    const mayContinue = ready && v.mayContinueVsComputer;
    this.awayNote.hidden = this.continueButton.hidden = !mayContinue;

    const over = c !== null && (c.snapshot().result !== null || left !== null);
    this.rematchButton.hidden = !(ready && v.seat !== null && v.joined && over);

    const notice = v?.notice ?? null;
    this.notice.hidden = notice === null;
    this.notice.textContent = notice === null ? "" : t("msg.error", { message: notice });
  }
}

/**
 * The game screen's view of the online controller: destroying a screen (to rebuild it) leaves the
 * room's connection open.
 */
class ScreenBinding implements GameController {
  private readonly unsubscribers: (() => void)[] = [];
  /** Fixed for the screen's life: a new screen is built when the seat's colour changes. */
  readonly nearSeat: number;
  constructor(private readonly c: OnlineController) {
    this.nearSeat = c.nearSeat;
  }
  get variant() {
    return this.c.variant;
  }
  get mode() {
    return this.c.mode;
  }
  get humans() {
    return this.c.humans;
  }
  get thinking() {
    return this.c.thinking;
  }
  snapshot() {
    return this.c.snapshot();
  }
  legalMoves() {
    return this.c.legalMoves();
  }
  play(path: readonly string[], offerDraw: boolean) {
    this.c.play(path, offerDraw);
  }
  canUndo() {
    return false;
  }
  undo() {}
  resign() {
    this.c.resign();
  }
  acceptDraw() {
    this.c.acceptDraw();
  }
  pdn() {
    return this.c.pdn();
  }
  record() {
    return this.c.record();
  }
  start() {}
  subscribe(listener: Parameters<OnlineController["subscribe"]>[0]) {
    const off = this.c.subscribe(listener);
    this.unsubscribers.push(off);
    return off;
  }
  destroy() {
    for (const off of this.unsubscribers) off();
  }
}
