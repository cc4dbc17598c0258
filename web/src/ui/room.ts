/**
 * The room screen: the room's panel (link, copy and share, the seats and who holds them, taking
 * a seat, computer seats, presence, rematch, going on without an absent player) above the game
 * screen, which shows the online game.
 */
import { t, type MessageKey } from "../i18n";
import type { GameRecord } from "../engine/protocol";
import { LEVELS, type GameController, type Level } from "../game/controller";
import { OnlineController, type Notice, type RoomChange, type RoomSeat } from "../game/online";
import { roomInfo, RoomProblem, socketUrl } from "../net/api";
import { CLOSE } from "../net/protocol";
import { loadSeat, saveName, savedName } from "../net/seats";
import { gameInfo, seatView, type Seat as SeatIndex, type VariantKey } from "../wasm/rules";
import { h } from "./dom";
import { GameScreen, type SharedBoard } from "./gameScreen";
import { gameName } from "./chooser";
import { colorName, seatName } from "./words";
import { isOnline, onNetworkChange } from "../offline";
import { errorText } from "./errors";

export interface RoomHost {
  /** Go on against the computer (Intermediate) from this game, playing `color`. */
  continueVsComputer(record: GameRecord, seat: SeatIndex): void;
  /** Back to the mode chooser of `variant` (or the rule chooser). */
  chooseMode(variant: VariantKey | null): void;
  /** The room's title changed (its game became known, or the language changed). */
  retitle?(): void;
}

/** A notice in the page's language, the games it names by their names. */
function noticeText(notice: Notice): string {
  const params = { ...notice.params };
  for (const name of ["game", "expected"]) {
    const key = params[name];
    if (typeof key === "string" && gameInfo(key) !== undefined) params[name] = gameName(key);
  }
  return t(notice.key, params);
}

const levelName = (level: string): string => (LEVELS.includes(level as Level) ? t(`mode.${level as Level}`) : level);

export class RoomScreen {
  readonly element = h("div", { class: "room-screen", "data-testid": "room" });
  private readonly panel = h("section", { class: "room-panel", "data-testid": "room-panel" });
  private readonly gameHost = h("div", { class: "room-game" });
  private controller: OnlineController | null = null;
  private screen: GameScreen | null = null;
  private gone: { code: number; message: string } | null = null;
  private copied = false;
  private destroyed = false;
  private ticker: number | null = null;
  /** The room could not be looked up because the browser is offline; it is tried again when online. */
  private offline = false;
  private readonly stopNetworkWatch = onNetworkChange(() => this.render());

  // The panel's parts, made once so that focus and screen-reader regions survive updates.
  private readonly heading = h("h2");
  private readonly linkLabel = h("label", { for: "room-link" });
  private readonly linkField = h("input", { type: "text", readonly: true, id: "room-link", class: "room-link", "data-testid": "room-link" });
  private readonly copyButton = h("button", { type: "button", "data-testid": "room-copy" });
  private readonly shareButton = h("button", { type: "button", "data-testid": "room-share" });
  private readonly copiedNote = h("span", { class: "copied", "aria-live": "polite" });
  private readonly linkRow = h("div", { class: "row room-link-row" }, this.linkField, this.copyButton);
  private readonly status = h("p", { class: "room-status", role: "status", "data-testid": "room-status" });
  private readonly seatsHeading = h("h3", { id: "room-seats-heading" });
  private readonly seatList = h("ol", { class: "room-seats", "data-testid": "room-seats", "aria-labelledby": "room-seats-heading" });
  private readonly nameLabel = h("label", { for: "room-name" });
  private readonly nameField = h("input", { type: "text", id: "room-name", maxlength: 24, autocomplete: "nickname", "data-testid": "room-name" });
  private readonly nameRow = h("div", { class: "row room-name-row" }, this.nameLabel, this.nameField);
  private readonly joinButton = h("button", { type: "button", class: "primary", "data-testid": "room-join" });
  private readonly fillLevel = h("select", { id: "room-fill-level", "data-testid": "room-fill-level" });
  private readonly fillButton = h("button", { type: "button", "data-testid": "room-fill" });
  private readonly fillRow = h(
    "div",
    { class: "row room-fill-row" },
    h("label", { for: "room-fill-level" }),
    this.fillLevel,
    this.fillButton,
  );
  private readonly presence = h("p", { class: "room-presence", "data-testid": "room-presence" });
  private readonly leftNote = h("p", { class: "room-left", "data-testid": "room-left" });
  private readonly awayNote = h("p", { class: "room-away" });
  private readonly continueButton = h("button", { type: "button", "data-testid": "room-continue" });
  private readonly reclaimNote = h("p", { class: "room-away", "data-testid": "room-computer-plays-you" });
  private readonly reclaimButton = h("button", { type: "button", class: "primary", "data-testid": "room-reclaim" });
  private readonly rematchButton = h("button", { type: "button", class: "primary", "data-testid": "room-rematch" });
  private readonly notice = h("p", { class: "room-notice", role: "alert", "data-testid": "room-notice" });
  private readonly goneNote = h("p", { class: "room-gone", role: "alert", "data-testid": "room-gone" });
  private readonly offlineNote = h("p", { class: "room-offline", role: "alert", "data-testid": "room-offline" });
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
    this.nameField.value = savedName();
    this.nameField.addEventListener("change", () => saveName(this.nameField.value));
    this.joinButton.addEventListener("click", () => this.take(undefined));
    for (const level of LEVELS) this.fillLevel.append(h("option", { value: level }));
    this.fillLevel.value = "intermediate";
    this.fillButton.addEventListener("click", () => {
      const level = LEVELS.find((l) => l === this.fillLevel.value) ?? "intermediate";
      this.controller?.seatComputers(level);
    });
    this.continueButton.addEventListener("click", () => this.controller?.continueVsComputer());
    this.reclaimButton.addEventListener("click", () => this.controller?.reclaim());
    this.rematchButton.addEventListener("click", () => this.controller?.rematch());
    this.newGameButton.addEventListener("click", () => this.host.chooseMode(this.controller?.variant ?? null));
    this.panel.append(
      this.heading,
      this.linkLabel,
      this.linkRow,
      this.status,
      this.seatsHeading,
      this.seatList,
      this.nameRow,
      this.joinButton,
      this.fillRow,
      this.presence,
      this.leftNote,
      this.awayNote,
      this.continueButton,
      this.reclaimNote,
      this.reclaimButton,
      this.rematchButton,
      this.notice,
      this.offlineNote,
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
    let players: number;
    try {
      if (!isOnline()) throw new OfflineError();
      const info = await roomInfo(this.room);
      if (gameInfo(info.variant) === undefined) throw new RoomProblem("bad_variant", `unknown rules ${info.variant}`);
      variant = info.variant;
      players = info.players;
    } catch (e) {
      if (this.destroyed) return;
      // Offline (or the request failed while the browser went offline): say the room needs the
      // network, and look again once it is back.
      if (e instanceof OfflineError || (!(e instanceof RoomProblem) && !isOnline())) {
        this.offline = true;
        window.addEventListener("online", this.reopen);
        this.render();
        return;
      }
      const expired = e instanceof RoomProblem && e.code === "room_expired";
      const missing = e instanceof RoomProblem && e.code === "room_not_found";
      this.gone = {
        code: expired ? CLOSE.ROOM_EXPIRED : missing ? CLOSE.ROOM_NOT_FOUND : 0,
        // The server's own words for a refusal; a failed request in the page's language.
        message: e instanceof RoomProblem ? errorText(e) : t("room.noAnswer"),
      };
      this.render();
      return;
    }
    if (this.destroyed) return;
    this.offline = false;
    const controller = new OnlineController({
      room: this.room,
      variant,
      players,
      token: loadSeat(this.room)?.token ?? null,
      url: socketUrl(this.room),
    });
    this.controller = controller;
    controller.onRoom((change) => this.onRoom(change));
    controller.connect();
    // An absence grows by the minute: the seat list says how long, and after two minutes the
    // others may let the computer play.
    this.ticker = window.setInterval(() => {
      if (!controller.view.seats.some((seat) => seat.taken && !seat.connected)) return;
      controller.recheckAbsence();
      this.render();
    }, 15_000);
    window.addEventListener("online", this.retry);
    document.addEventListener("visibilitychange", this.retry);
    this.render();
  }

  /** Takes seat `seatNo` (or the first free one) under the name typed. */
  private take(seatNo: number | undefined): void {
    saveName(this.nameField.value);
    this.controller?.join(seatNo, this.nameField.value);
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
          if (controller.snapshot().result !== null && controller.view.seatNo !== null) controller.rematch();
        },
        chooseMode: () => this.host.chooseMode(controller.variant),
      },
      this.board,
    );
    screen.element.classList.add("online");
    screen.element.classList.toggle("spectating", controller.view.seatNo === null);
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

  private readonly reopen = () => {
    window.removeEventListener("online", this.reopen);
    if (this.destroyed || this.controller !== null) return;
    this.offline = false;
    this.render();
    void this.open();
  };

  private readonly retry = () => {
    if (document.visibilityState === "visible") this.controller?.retryNow();
  };

  destroy(): void {
    this.destroyed = true;
    this.stopNetworkWatch();
    if (this.ticker !== null) window.clearInterval(this.ticker);
    window.removeEventListener("online", this.retry);
    window.removeEventListener("online", this.reopen);
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

  /** How a room seat is called: its place and colour on the board. */
  private seatTitle(seat: RoomSeat): string {
    const c = this.controller;
    return c ? seatName(c.snapshot(), seat.board) : String(seat.seatNo + 1);
  }

  /** One line of the seat list: the seat's colour and place, who holds it, and what one may do. */
  private seatItem(seat: RoomSeat): HTMLElement {
    const c = this.controller!;
    const v = c.view;
    const s = c.snapshot();
    const mine = seat.seatNo === v.seatNo;
    const color = seatView(s, seat.board)?.color ?? "white";
    const parts: (HTMLElement | string)[] = [
      h("span", { class: `swatch ${color}`, "aria-hidden": "true" }),
      h("strong", {}, this.seatTitle(seat)),
      " — ",
    ];
    let state: string;
    if (seat.computer !== null && !seat.taken) {
      state = "computer";
      parts.push(t("room.computer", { level: levelName(seat.computer) }));
    } else if (seat.taken) {
      state = mine ? "you" : "player";
      const name = seat.name ?? t("room.player", { number: seat.seatNo + 1 });
      parts.push(h("span", { class: "holder" }, mine ? `${name} (${t("room.you")})` : name));
      if (seat.computer !== null) parts.push(` · ${t("room.computer", { level: levelName(seat.computer) })}`);
      const awayMin = seat.awaySince === null ? 0 : Math.floor((Date.now() - seat.awaySince) / 60_000);
      const presence = seat.connected ? t("room.connected") : awayMin >= 1 ? t("room.awayFor", { minutes: awayMin }) : t("room.away");
      parts.push(" · ", h("span", { class: `presence ${seat.connected ? "here" : "away"}` }, presence));
    } else {
      state = "free";
      parts.push(h("em", {}, t("room.seatFree")));
      if (v.seatNo === null && !v.joined) {
        const take = h("button", { type: "button", class: "take", "data-testid": `room-take-${seat.seatNo}` }, t("room.takeSeat"));
        take.setAttribute("aria-label", `${t("room.takeSeat")}: ${this.seatTitle(seat)}`);
        take.addEventListener("click", () => this.take(seat.seatNo));
        parts.push(" ", take);
      }
    }
    if (v.joined && s.result === null && s.turn === seat.board) parts.push(" · ", h("span", { class: "to-move" }, `◀ ${t("room.toMove")}`));
    if (v.replaceable.includes(seat.seatNo)) {
      const label = t("room.replace", { seat: seat.name ?? this.seatTitle(seat) });
      const replace = h("button", { type: "button", class: "replace", "data-testid": `room-replace-${seat.seatNo}` }, label);
      replace.addEventListener("click", () => c.replaceWithComputer(seat.seatNo));
      parts.push(" ", replace);
    }
    const item = h("li", { class: `room-seat ${state}`, "data-seat-no": String(seat.seatNo), "data-state": state }, ...parts);
    if (mine) item.setAttribute("aria-current", "true");
    return item;
  }

  /** The room's name for the page title: the room, its game and player count. */
  title(): string {
    return this.heading.textContent || t("room.title");
  }

  private render(): void {
    const c = this.controller;
    const variantName = c ? gameName(c.variant) : null;
    const many = c !== null && (c.view.players > 2 || !c.isDraughts());
    this.panel.setAttribute("aria-label", t("room.title"));
    const count = c && c.view.players > 2 ? ` · ${t("chooser.playersCount", { count: c.view.players })}` : "";
    const title = t(c !== null && c.view.players > 2 ? "room.titleMany" : "room.title");
    this.heading.textContent = variantName ? `${title} · ${variantName}${count}` : title;
    this.host.retitle?.();
    this.linkLabel.textContent = t(c !== null && c.view.seatNo === null && c.view.joined ? "room.linkWatching" : c !== null && c.view.players > 2 ? "room.linkSeats" : "room.link");
    this.copyButton.textContent = t("room.copy");
    this.shareButton.textContent = t("room.share");
    this.copiedNote.textContent = this.copied ? t("room.copied") : "";
    this.seatsHeading.textContent = t("room.seats");
    this.nameLabel.textContent = t("room.name");
    this.joinButton.textContent = t("room.join");
    (this.fillRow.firstElementChild as HTMLElement).textContent = t("room.fillLevel");
    for (const option of this.fillLevel.options) option.textContent = levelName(option.value);
    this.fillButton.textContent = t("room.fill");
    this.continueButton.textContent = t("room.continueVsComputer");
    this.reclaimNote.textContent = t("room.computerPlaysYou");
    this.reclaimButton.textContent = t("room.reclaim");
    this.rematchButton.textContent = t(many ? "room.playAgain" : "room.rematch");
    this.newGameButton.textContent = t("room.newGame");

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

    const free = ready ? v.seats.filter((x) => !x.taken && x.computer === null).length : 0;
    const status: string[] = [];
    // Offline: one clear message instead of "connecting…" (the room page is tried again when online).
    // (Also while the socket still looks open: the browser knows first that the network is gone.)
    const offline = !gone && (this.offline || (c !== null && !isOnline()));
    this.offlineNote.hidden = !offline;
    this.offlineNote.textContent = offline ? t("room.offline") : "";
    if (!gone && !offline) {
      if (v?.status === "retrying") status.push(t("room.reconnecting"));
      else if (!ready || v.status === "connecting") status.push(t("room.connecting"));
    }
    if (ready && c) {
      const mine = v.seatNo === null ? undefined : v.seats[v.seatNo];
      if (mine === undefined) status.push(v.joined ? t("room.watching") : t(many ? "room.joinPromptSeats" : "room.joinPrompt", { variant: variantName ?? "" }));
      else {
        status.push(t("room.youPlay", { color: c.isDraughts() ? colorName(seatView(c.snapshot(), mine.board)?.color ?? "white") : this.seatTitle(mine) }));
        if (!v.joined) status.push(many ? t("room.waitingSeats", { count: free }) : t("room.waiting"));
      }
    }
    this.status.textContent = status.join(" ");
    this.status.hidden = status.length === 0;

    this.seatsHeading.hidden = this.seatList.hidden = !ready;
    if (ready) this.seatList.replaceChildren(...v.seats.map((seat) => this.seatItem(seat)));

    const mayTake = ready && v.seatNo === null && !v.joined && free > 0;
    this.joinButton.hidden = !mayTake;
    this.nameRow.hidden = !mayTake;
    // (A two-seat draughts room is for a friend; other rooms may fill their seats with the computer.)
    this.fillRow.hidden = !(ready && c !== null && many && c.isCreator && !v.joined && free > 0);

    // Two-seat draughts rooms say it in words, as they always have; other rooms show the seat list.
    const presence: string[] = [];
    let opponentHere = false;
    if (ready && v.joined && c && !many) {
      if (v.seatNo !== null) {
        opponentHere = v.seats.some((x) => x.seatNo !== v.seatNo && x.connected);
        presence.push(t(opponentHere ? "room.opponentHere" : "room.opponentAway"));
      } else {
        for (const seat of [...v.seats].sort((a, b) => a.board - b.board)) {
          const color = colorName(seatView(c.snapshot(), seat.board)?.color ?? "white");
          presence.push(t(seat.connected ? "room.playerHere" : "room.playerAway", { color }));
        }
      }
    }
    if (ready && v.joined && v.spectators > 0) presence.push(t("room.spectators", { count: v.spectators }));
    this.presence.textContent = presence.join(" · ");
    this.presence.hidden = presence.length === 0;
    this.presence.dataset["opponent"] = opponentHere ? "here" : "away";

    const left = ready ? v.leftForComputer : null;
    this.leftNote.hidden = left === null;
    this.leftNote.textContent = left === null ? "" : t(left === v?.seatNo ? "room.youLeft" : "room.opponentLeft");

    const mayContinue = ready && v.mayContinueVsComputer;
    this.continueButton.hidden = !mayContinue;
    this.awayNote.hidden = !(mayContinue || (ready && v.replaceable.length > 0));
    this.awayNote.textContent = t(mayContinue ? "room.awayLong" : "room.awayOthers");

    const mayReclaim = ready && c !== null && c.mayReclaim;
    this.reclaimNote.hidden = this.reclaimButton.hidden = !mayReclaim;

    const over = c !== null && (c.snapshot().result !== null || left !== null);
    this.rematchButton.hidden = !(ready && v.seatNo !== null && v.joined && over);

    const notice = v?.notice ?? null;
    this.notice.hidden = notice === null;
    this.notice.textContent = notice === null ? "" : t("msg.error", { message: noticeText(notice) });
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
  canResign() {
    return this.c.canResign();
  }
  /** The holder's name, or the computer's when it plays a seat nobody holds. */
  playerName(seat: number) {
    const held = this.c.roomSeatOf(seat);
    if (held === undefined) return null;
    if (held.name !== null) return held.name;
    return held.computer !== null && !held.taken ? t("room.computerName", { level: levelName(held.computer) }) : null;
  }
  acceptDraw() {
    this.c.acceptDraw();
  }
  clocks() {
    return this.c.clocks();
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

/** The room was not looked up: the browser is offline. */
class OfflineError extends Error {}
