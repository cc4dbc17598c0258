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
import type { Color, VariantKey } from "../wasm/types";
import { h } from "./dom";
import { GameScreen, type SharedBoard } from "./gameScreen";
import { colorName } from "./words";

export interface RoomHost {
  /** Go on against the computer (Intermediate) from this game, playing `color`. */
  continueVsComputer(record: GameRecord, color: Color): void;
  /** Back to the mode chooser of `variant` (or the rule chooser). */
  chooseMode(variant: VariantKey | null): void;
}

const VARIANTS: readonly VariantKey[] = ["english", "international", "russian", "brazilian"];
const isVariant = (v: string): v is VariantKey => (VARIANTS as readonly string[]).includes(v);

export class RoomScreen {
  readonly element = h("div", { class: "room-screen", "data-testid": "room" });
  private readonly panel = h("section", { class: "room-panel", "aria-label": t("room.title"), "data-testid": "room-panel" });
  private readonly gameHost = h("div", { class: "room-game" });
  private controller: OnlineController | null = null;
  private screen: GameScreen | null = null;
  private gone: { code: number; message: string } | null = null;
  private copied = false;
  private destroyed = false;

  constructor(
    readonly room: string,
    private readonly board: SharedBoard,
    private readonly host: RoomHost,
  ) {
    this.element.append(this.panel, this.gameHost);
    this.panel.append(h("p", { class: "room-status", "data-testid": "room-status" }, t("room.connecting")));
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
        this.host.continueVsComputer(change.record, change.color);
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

  destroy(): void {
    this.destroyed = true;
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

  private render(): void {
    if (this.gone) {
      const key: MessageKey =
        this.gone.code === CLOSE.ROOM_EXPIRED ? "room.expired" : this.gone.code === CLOSE.ROOM_NOT_FOUND ? "room.notFound" : "room.unreachable";
      this.panel.replaceChildren(
        h("h2", {}, t("room.title")),
        h("p", { class: "room-gone", role: "alert", "data-testid": "room-gone" }, t(key, { message: this.gone.message })),
        h(
          "button",
          { type: "button", "data-testid": "room-new-game", onclick: () => this.host.chooseMode(this.controller?.variant ?? null) },
          t("room.newGame"),
        ),
      );
      return;
    }
    const c = this.controller;
    if (!c) return;
    const v = c.view;
    const s = c.snapshot();
    const parts: HTMLElement[] = [h("h2", {}, `${t("room.title")} · ${t(`variant.${c.variant}` as MessageKey)}`)];

    const linkField = h("input", { type: "text", readonly: true, class: "room-link", "data-testid": "room-link", "aria-label": t("room.link") });
    linkField.value = this.link();
    linkField.addEventListener("focus", () => linkField.select());
    const linkRow = h(
      "div",
      { class: "row room-link-row" },
      linkField,
      h("button", { type: "button", "data-testid": "room-copy", onclick: () => void this.copyLink() }, t("room.copy")),
    );
    if (typeof navigator.share === "function") {
      linkRow.append(
        h(
          "button",
          {
            type: "button",
            "data-testid": "room-share",
            onclick: () => void navigator.share({ title: t("room.title"), url: this.link() }).catch(() => undefined),
          },
          t("room.share"),
        ),
      );
    }
    if (this.copied) linkRow.append(h("span", { class: "copied", "aria-live": "polite" }, t("room.copied")));
    parts.push(h("label", {}, t("room.link")), linkRow);

    const status: string[] = [];
    if (v.status === "retrying") status.push(t("room.reconnecting"));
    else if (v.status === "connecting" || !v.ready) status.push(t("room.connecting"));
    if (v.ready) {
      if (v.seat === null) status.push(v.joined ? t("room.watching") : t("room.joinPrompt", { variant: t(`variant.${c.variant}` as MessageKey) }));
      else {
        status.push(t("room.youPlay", { color: colorName(c.colorOf(v.seat)) }));
        if (!v.joined) status.push(t("room.waiting"));
      }
    }
    parts.push(h("p", { class: "room-status", role: "status", "data-testid": "room-status" }, status.join(" ")));

    if (v.ready && v.seat === null && !v.joined) {
      parts.push(h("button", { type: "button", class: "primary", "data-testid": "room-join", onclick: () => c.join() }, t("room.join")));
    }

    if (v.ready && v.joined) {
      const presence: string[] = [];
      if (v.seat !== null) {
        const here = v.presence[otherSeat(v.seat)];
        presence.push(t(here ? "room.opponentHere" : "room.opponentAway"));
      }
      if (v.presence.spectators > 0) presence.push(t("room.spectators", { count: v.presence.spectators }));
      parts.push(h("p", { class: "room-presence", "data-testid": "room-presence", "data-opponent": v.seat !== null && v.presence[otherSeat(v.seat)] ? "here" : "away" }, presence.join(" · ")));
    }

    if (v.leftForComputer !== null) {
      parts.push(h("p", { class: "room-left", "data-testid": "room-left" }, t(v.leftForComputer === v.seat ? "room.youLeft" : "room.opponentLeft")));
    }

    if (v.mayContinueVsComputer) {
      parts.push(
        h("p", {}, t("room.awayLong")),
        h("button", { type: "button", "data-testid": "room-continue", onclick: () => c.continueVsComputer() }, t("room.continueVsComputer")),
      );
    }

    if (v.seat !== null && v.joined && (s.result !== null || v.leftForComputer !== null)) {
      parts.push(h("button", { type: "button", class: "primary", "data-testid": "room-rematch", onclick: () => c.rematch() }, t("room.rematch")));
    }

    if (v.notice) parts.push(h("p", { class: "room-notice", role: "alert", "data-testid": "room-notice" }, t("msg.error", { message: v.notice })));
    this.panel.replaceChildren(...parts);
  }
}

/**
 * The game screen's view of the online controller: destroying a screen (to rebuild it) leaves the
 * room's connection open.
 */
class ScreenBinding implements GameController {
  private readonly unsubscribers: (() => void)[] = [];
  /** Fixed for the screen's life: a new screen is built when the seat's colour changes. */
  readonly flipped: boolean;
  constructor(private readonly c: OnlineController) {
    this.flipped = c.flipped;
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
