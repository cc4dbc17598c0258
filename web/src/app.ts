/** The site: header, then the rule chooser, mode chooser or game screen. */
import { LOCALES, isLocale, locale, onLocaleChange, setLocale, t } from "./i18n";
import type { Mode, SeatPlayers } from "./game/controller";
import { LocalController, type GameEnding } from "./game/local";
import type { SavedClock, TimeControl } from "./game/timeControl";
import { clearSavedGame, loadSavedGame, type SavedGame } from "./game/storage";
import { parseRoute, routeUrl, type Route } from "./game/route";
import { confirmLeaveGame } from "./ui/confirm";
import { RulesGame, games, type Seat, type VariantKey } from "./wasm/rules";
import { gameName, modeChooser, ruleChooser, type RoomChoice } from "./ui/chooser";
import { h } from "./ui/dom";
import { GameScreen, type SharedBoard } from "./ui/gameScreen";
import { isMuted, setMuted } from "./ui/sound";
import type { RoomScreen } from "./ui/room";
import { errorText } from "./ui/errors";
import { isLearnPath, learnLink, loadLearn } from "./learn/entry";
import { WORDS } from "./learn/words";
import type { LearnScreen } from "./learn/screen";
import { RoomProblem, createRoom, roomFromPath } from "./net/api";
import type { ErrorCode } from "./net/protocol";
import { isOnline } from "./offline";
import { saveSeat } from "./net/seats";

/** The room page and its client: loaded only when a room is opened or made (they are not needed for the first screen). */
const loadRoomClient = async () => {
  const [{ RoomScreen }, { refusalNotice }] = await Promise.all([import("./ui/room"), import("./game/online")]);
  return { RoomScreen, refusalNotice };
};
import type { GameRecord } from "./engine/protocol";

type Screen =
  | { kind: "rules" }
  | { kind: "mode"; variant: VariantKey }
  | { kind: "game"; screen: GameScreen; variant: VariantKey; mode: Mode; players: number; startFen: string | null }
  | { kind: "room"; room: RoomScreen }
  | { kind: "learn"; learn: LearnScreen };

type HistoryStep = "push" | "replace";

const variantKeys = (): string[] => games().map((g) => g.key);

function routeOf(screen: Exclude<Screen, { kind: "room" } | { kind: "learn" }>): Route {
  if (screen.kind === "game") return { kind: "game", variant: screen.variant, mode: screen.mode, players: screen.players };
  return screen;
}

function savedGameIs(saved: SavedGame, route: Extract<Route, { kind: "game" }>): boolean {
  return saved.game.variant === route.variant && saved.mode === route.mode && saved.game.players === route.players;
}

export class App {
  private screen: Screen = { kind: "rules" };
  private readonly header: HTMLElement;
  private readonly content = h("div", { class: "content" });
  private readonly board: SharedBoard = { host: h("div", { class: "board-host", "data-testid": "board" }), board: null };

  constructor(root: HTMLElement) {
    this.header = h("header");
    root.replaceChildren(this.header, this.content);
    onLocaleChange(() => this.relabel());
    window.addEventListener("popstate", () => void this.onHistory());
    this.renderHeader();
  }

  /** Continues a saved game, or shows the rule chooser. */
  boot(): void {
    const room = roomFromPath(location.pathname);
    if (room !== null) {
      this.openRoom(room);
      return;
    }
    if (isLearnPath(location.pathname)) {
      this.openLearn();
      return;
    }
    const route = parseRoute(location.pathname, location.search, variantKeys());
    const saved = loadSavedGame(variantKeys());
    // A game with moves continues wherever the page opens; one not yet begun only at its own address.
    if (saved && (saved.game.moves.length > 0 || (route?.kind === "game" && savedGameIs(saved, route)))) {
      if (this.continueSaved(saved, "replace")) {
        this.stackParents();
        return;
      }
    }
    this.showRoute(route ?? { kind: "rules" }, "replace");
    this.stackParents();
  }

  /** Under a mode chooser or game opened directly, the screens that lead to it, so Back stays on the site. */
  private stackParents(): void {
    const here = location.pathname + location.search;
    const route = parseRoute(location.pathname, location.search, variantKeys());
    if (route === null || route.kind === "rules") return;
    history.replaceState(null, "", routeUrl({ kind: "rules" }, location.search));
    if (route.kind === "game") history.pushState(null, "", routeUrl({ kind: "mode", variant: route.variant }, location.search));
    history.pushState(null, "", here);
  }

  private continueSaved(saved: SavedGame, how: HistoryStep): boolean {
    try {
      const { variant, players, startFen, moves, resigned, timedOut } = saved.game;
      this.startGame(variant, players, saved.mode, startFen, moves, { resigned, timedOut }, saved.seats ?? [], how, saved.clock ?? null);
      return true;
    } catch {
      clearSavedGame();
      return false;
    }
  }

  /** Shows the screen an address names: a game continues if it is the saved one, else starts anew. */
  private showRoute(route: Route, how: HistoryStep): void {
    if (route.kind === "rules") this.show({ kind: "rules" }, how);
    else if (route.kind === "mode") this.show({ kind: "mode", variant: route.variant }, how);
    else {
      const saved = loadSavedGame(variantKeys());
      if (saved && savedGameIs(saved, route) && this.continueSaved(saved, how)) return;
      // Who plays each seat of a mixed game is not in the address: its mode chooser asks again.
      const started = route.mode !== "mixed" && this.tryStart(() => this.startGame(route.variant, route.players, route.mode, null, [], {}, [], how)) === null;
      if (!started) this.show({ kind: "mode", variant: route.variant }, "replace");
    }
  }

  /** Back or Forward: the screen of the new address, after asking if a game in progress would be lost. */
  private async onHistory(): Promise<void> {
    const target = location.pathname + location.search;
    const route = parseRoute(location.pathname, location.search, variantKeys());
    if (this.screen.kind === "game") {
      const here = routeUrl(routeOf(this.screen), location.search);
      if (target === here) return;
      if (this.screen.screen.inProgress()) {
        if (!(await confirmLeaveGame())) {
          history.pushState(null, "", here);
          return;
        }
        clearSavedGame();
        if (location.pathname + location.search !== target) return;
      }
    }
    const room = roomFromPath(location.pathname);
    if (room !== null) this.openRoom(room);
    else if (isLearnPath(location.pathname)) this.openLearn();
    else this.showRoute(route ?? { kind: "rules" }, "replace");
  }

  /** Runs `leave` once the player agrees to lose the game in progress (at once if there is none). */
  private leaveGame(leave: () => void): void {
    if (this.screen.kind !== "game" || !this.screen.screen.inProgress()) {
      leave();
      return;
    }
    void confirmLeaveGame().then((ok) => {
      if (ok) leave();
    });
  }

  private renderHeader(): void {
    const select = h("select", { "aria-label": t("lang.label"), "data-testid": "language" });
    for (const l of LOCALES) {
      const option = h("option", { value: l.id }, l.name);
      option.selected = l.id === locale();
      select.append(option);
    }
    select.addEventListener("change", () => {
      // The page switches once the language has loaded; should it not load, the choice goes back.
      if (isLocale(select.value))
        void setLocale(select.value).then((switched) => {
          if (!switched) select.value = locale();
        });
    });
    // The button says what a click does.
    const sound = h("button", { type: "button", class: "sound", "data-testid": "sound" });
    sound.textContent = isMuted() ? t("sound.unmute") : t("sound.mute");
    sound.addEventListener("click", () => {
      setMuted(!isMuted());
      this.renderHeader();
    });
    const home = h("a", { href: "./", class: "brand" }, h("span", { class: "crown" }, "♛"), t("app.title"));
    home.addEventListener("click", (e) => {
      e.preventDefault();
      this.leaveGame(() => {
        clearSavedGame();
        this.show({ kind: "rules" });
      });
    });
    this.header.replaceChildren(home, h("span", { class: "tagline" }, t("app.tagline")), h("div", { class: "spacer" }), sound, select);
  }

  /** The page title names the screen: the game being chosen or played, a room, or the rule chooser. */
  private retitle(): void {
    const screen = this.screen;
    const name =
      screen.kind === "mode" || screen.kind === "game"
        ? gameName(screen.variant)
        : screen.kind === "room"
          ? screen.room.title()
          : screen.kind === "learn"
            ? WORDS.title[locale()]
            : t("title.chooseGame");
    document.title = t("title.with", { name });
  }

  private relabel(): void {
    this.renderHeader();
    this.retitle();
    if (this.screen.kind === "game") this.screen.screen.relabel();
    else if (this.screen.kind === "room") this.screen.room.relabel();
    else if (this.screen.kind === "learn") this.screen.learn.relabel();
    else this.show(this.screen);
  }

  private show(screen: Screen, how: HistoryStep = "push"): void {
    if (this.screen.kind === "game" && this.screen !== screen) this.screen.screen.destroy();
    if (this.screen.kind === "room" && this.screen !== screen) this.screen.room.destroy();
    if (this.screen.kind === "learn" && this.screen !== screen) this.screen.learn.destroy();
    if (screen.kind !== "room" && screen.kind !== "learn") {
      const url = routeUrl(routeOf(screen), location.search);
      if (url !== location.pathname + location.search) {
        if (how === "push") history.pushState(null, "", url);
        else history.replaceState(null, "", url);
      }
    }
    this.screen = screen;
    this.retitle();
    switch (screen.kind) {
      case "rules":
        this.content.replaceChildren(
          ruleChooser((variant) => this.show({ kind: "mode", variant })),
          learnLink(() => {
            history.pushState(null, "", `/learn${location.search}`);
            this.openLearn();
          }),
        );
        break;
      case "mode":
        this.content.replaceChildren(
          modeChooser(
            screen.variant,
            {
              start: (variant, mode, fen, players, seats, time) =>
                this.tryStart(() => this.startGame(variant, players, mode, fen, [], {}, seats ?? [], "push", time ?? null)),
              loadPdn: (text, players, time) => this.tryStart(() => this.startFromPdn(text, screen.variant, players, time)),
              online: (variant, fen, room) => this.createOnlineRoom(variant, fen, room),
            },
            () => this.show({ kind: "rules" }),
          ),
        );
        break;
      case "game":
        this.content.replaceChildren(screen.screen.element);
        screen.screen.start();
        break;
      case "room":
        this.content.replaceChildren(screen.room.element);
        screen.room.start();
        break;
      case "learn":
        this.content.replaceChildren(screen.learn.element);
        screen.learn.start();
        break;
    }
  }

  /** Runs `start`; a refusal (a bad position or record) comes back in the chosen language. */
  private tryStart(start: () => void): string | null {
    try {
      start();
      return null;
    } catch (e) {
      return errorText(e);
    }
  }

  private startGame(
    variant: VariantKey,
    players: number,
    mode: Mode,
    startFen: string | null,
    moves: { path: string[]; offer: boolean }[],
    ending: GameEnding = {},
    seats: SeatPlayers = [],
    how: HistoryStep = "push",
    clock: TimeControl | SavedClock | null = null,
  ): void {
    clearSavedGame();
    const controller = new LocalController(variant, players, mode, { startFen: startFen ?? "", moves, ...ending }, null, seats, clock);
    // Another game keeps the time control, with full clocks.
    const control: TimeControl | null = clock === null ? null : { initialMs: clock.initialMs, incrementMs: clock.incrementMs };
    const screen = new GameScreen(
      controller,
      {
      playAgain: () => this.leaveGame(() => this.startGame(variant, players, mode, startFen, [], {}, seats, "push", control)),
      chooseMode: () =>
        this.leaveGame(() => {
          clearSavedGame();
          this.show({ kind: "mode", variant });
        }),
      },
      this.board,
    );
    this.show({ kind: "game", screen, variant, mode, players, startFen }, how);
  }

  /** "Play with a friend": makes a room, keeps the creator's seat, and opens its link. */
  private async createOnlineRoom(variant: VariantKey, fen: string | null, room: RoomChoice): Promise<string | null> {
    // A bad position is said by the rules here, in the page's language, before asking the server.
    if (fen !== null) {
      try {
        RulesGame.create(variant, fen, room.players).free();
      } catch (e) {
        return errorText(e);
      }
    }
    try {
      // The computer's seats are the room's from its start, so a reload finds them.
      const clock = room.time === null ? undefined : { initial_ms: room.time.initialMs, increment_ms: room.time.incrementMs };
      const created = await createRoom(variant, { fen, players: room.players, name: room.name, computers: room.computers, ...(clock ? { clock } : {}) });
      saveSeat(created.room, { seat: created.seat, token: created.token });
      history.pushState(null, "", created.path + location.search);
      this.openRoom(created.room);
      return null;
    } catch (e) {
      if (e instanceof RoomProblem) {
        const { refusalNotice } = await loadRoomClient();
        return t(refusalNotice(e.code as ErrorCode, e.message).key, { message: e.message });
      }
      return t(isOnline() ? "room.noAnswer" : "room.offline");
    }
  }

  private openLearn(): void {
    if (this.screen.kind === "learn") {
      this.screen.learn.showPath(location.pathname);
      return;
    }
    void loadLearn().then(({ LearnScreen }) => {
      if (isLearnPath(location.pathname)) this.show({ kind: "learn", learn: new LearnScreen(location.pathname) });
    });
  }

  private openRoom(id: string): void {
    void loadRoomClient().then(({ RoomScreen }) => {
      // The page may have moved on while the room's code loaded.
      if (roomFromPath(location.pathname) === id) this.show({ kind: "room", room: new RoomScreen(id, this.board, this.roomActions()) });
    });
  }

  private roomActions(): ConstructorParameters<typeof RoomScreen>[2] {
    return {
      continueVsComputer: (record, seat) => this.continueVsComputer(record, seat),
      chooseMode: (variant) => this.show(variant ? { kind: "mode", variant } : { kind: "rules" }),
      // The title names the room's game once it is known, in the chosen language.
      retitle: () => {
        if (this.screen.kind === "room") this.retitle();
      },
    };
  }

  /** An online game goes on here against the computer (Intermediate), the player keeping `seat`. */
  private continueVsComputer(record: GameRecord, seat: Seat): void {
    const start = RulesGame.create(record.variant, record.startFen, record.players);
    const startTurn = start.snapshot().turn;
    start.free();
    this.startGame(record.variant, record.players, seat === startTurn ? "intermediate" : "second", record.startFen, record.moves);
  }

  /**
   * A game from its record (PDN, or a Halma record), read as `variant`'s unless it names its own,
   * at one screen; with `time`, it goes on with that time control, every clock full.
   */
  private startFromPdn(text: string, variant: VariantKey, players: number, time: TimeControl | null): void {
    const game = RulesGame.fromRecord(text, variant, players);
    try {
      const r = game.record();
      this.startGame(r.variant, r.players, "local", r.startFen, r.moves, { resigned: r.resigned, drawAgreed: r.drawAgreed, timedOut: r.timedOut }, [], "push", time);
    } finally {
      game.free();
    }
  }
}
