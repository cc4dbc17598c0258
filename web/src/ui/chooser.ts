/** The rule chooser and the mode chooser. */
import { isMessageKey, t, type MessageKey } from "../i18n";
import { LEVELS, MODES, type Level, type Mode, type SeatPlayers } from "../game/controller";
import { RulesGame, gameInfo, games, type VariantKey } from "../wasm/rules";
import { seatName } from "./words";
import { h } from "./dom";
import { saveName, savedName } from "../net/seats";
import type { ComputerSeat } from "../game/online";
import { isOnline, onNetworkChange } from "../offline";
import type { TimeControl } from "../game/timeControl";
import { timeControlPicker } from "./timeControlPicker";

/** A room as the chooser asks for it: the seats, the creator's name, the computer's seats. */
export interface RoomChoice {
  players: number;
  name: string;
  /** Room seats (0 is the creator's) given to the computer, with their levels. */
  computers: ComputerSeat[];
  /** The room's time control, kept by the server (null: untimed). */
  time: TimeControl | null;
}

export interface ChooserActions {
  /** Starts a game on this device; `time`: its clocks' time control (null: none). */
  start(variant: VariantKey, mode: Mode, fen: string | null, players: number, seats?: SeatPlayers, time?: TimeControl | null): string | null;
  loadPdn(text: string, players: number, time: TimeControl | null): string | null;
  /** Creates a room to play with friends; resolves to an error message, or null. */
  online(variant: VariantKey, fen: string | null, room: RoomChoice): Promise<string | null>;
}

const MODE_KEYS: Record<Mode, MessageKey> = {
  beginner: "mode.beginner",
  intermediate: "mode.intermediate",
  advanced: "mode.advanced",
  expert: "mode.expert",
  second: "mode.second",
  local: "mode.local",
  online: "mode.online",
  mixed: "chooser.startSeats",
};

/** The game's name in the current language (the rules' English name if untranslated). */
export function variantName(key: VariantKey, fallback: string): string {
  const k = `variant.${key}`;
  return isMessageKey(k) ? t(k) : fallback;
}

/** A game's name by key alone (its rules' English name where untranslated). */
export function gameName(key: VariantKey): string {
  return variantName(key, gameInfo(key)?.name ?? key);
}

function variantAbout(key: VariantKey): string {
  const k = `variant.${key}.about`;
  return isMessageKey(k) ? t(k) : "";
}

export function ruleChooser(pick: (variant: VariantKey) => void): HTMLElement {
  return h(
    "main",
    { class: "chooser" },
    h("h1", {}, t("chooser.rules")),
    h(
      "div",
      { class: "choices variants" },
      ...games().map((g) =>
        h(
          "button",
          { type: "button", class: `choice ${g.family}`, "data-variant": g.key, onclick: () => pick(g.key) },
          h("strong", {}, variantName(g.key, g.name)),
          h("span", {}, variantAbout(g.key)),
        ),
      ),
    ),
  );
}

export function modeChooser(variant: VariantKey, actions: ChooserActions, back: () => void): HTMLElement {
  const note = h("p", { class: "note", role: "status", "data-testid": "chooser-note" });
  const fen = h("input", {
    type: "text",
    id: "start-fen",
    "data-testid": "start-fen",
    placeholder: t("chooser.fenPlaceholder"),
    spellcheck: "false",
  });
  const pdn = h("textarea", { id: "start-pdn", rows: 3, "data-testid": "start-pdn", spellcheck: "false" });
  const info = gameInfo(variant);
  const halma = info?.family === "halma";
  const counts = info?.players ?? [2];
  let players = counts[0] ?? 2;
  const countButtons = counts.map((n) => {
    const b = h("button", { type: "button", class: "choice count", "data-players": String(n), "aria-pressed": String(n === players) }, t("chooser.playersCount", { count: n }));
    b.addEventListener("click", () => {
      players = n;
      for (const other of countButtons) other.setAttribute("aria-pressed", String(other === b));
      buildSeatChoices();
      buildRoomSeats();
    });
    return b;
  });
  const modes = halma ? MODES.filter((m) => m !== "second" && m !== "online") : MODES;
  // Halma: each seat a human or a computer level of its own.
  const seatChoices = h("div", { class: "seat-choices", "data-testid": "seat-choices" });
  let seatSelects: { seat: number; select: HTMLSelectElement }[] = [];
  const buildSeatChoices = () => {
    if (!halma) return;
    const game = RulesGame.create(variant, null, players);
    const view = game.snapshot();
    game.free();
    seatSelects = view.seats.map((s, i) => {
      const select = h("select", { id: `seat-${s.index}`, "data-seat": String(s.index) });
      select.append(h("option", { value: "human" }, t("chooser.human")));
      for (const level of LEVELS) select.append(h("option", { value: level }, t(MODE_KEYS[level])));
      select.value = i === 0 ? "human" : "beginner";
      return { seat: s.index, select };
    });
    seatChoices.replaceChildren(
      ...view.seats.flatMap((s, i) => [h("label", { for: `seat-${s.index}` }, seatName(view, s.index)), seatSelects[i]!.select]),
    );
  };
  buildSeatChoices();
  // Rooms: every seat but the creator's is a friend who opens the link, or the computer.
  const roomSeats = h("div", { class: "seat-choices", "data-testid": "room-seat-choices" });
  let roomSelects: { seatNo: number; select: HTMLSelectElement }[] = [];
  const buildRoomSeats = () => {
    if (!halma) return;
    const game = RulesGame.create(variant, null, players);
    const view = game.snapshot();
    game.free();
    roomSelects = view.seats.slice(1).map((_, i) => {
      const select = h("select", { id: `room-seat-${i + 1}`, "data-room-seat": String(i + 1) });
      select.append(h("option", { value: "friend" }, t("chooser.friend")));
      for (const level of LEVELS) select.append(h("option", { value: level }, `${t("chooser.computer")} · ${t(MODE_KEYS[level])}`));
      return { seatNo: i + 1, select };
    });
    // The room's seats are in turn order: the creator's first.
    roomSeats.replaceChildren(
      h("p", { class: "seat-you" }, `${seatName(view, view.seats[0]!.index)}: ${t("chooser.yourSeat")}`),
      ...view.seats.slice(1).flatMap((s, i) => [h("label", { for: `room-seat-${i + 1}` }, seatName(view, s.index)), roomSelects[i]!.select]),
    );
  };
  buildRoomSeats();
  const nameField = h("input", { type: "text", id: "room-name-new", maxlength: 24, autocomplete: "nickname", "data-testid": "room-name-new" });
  nameField.value = savedName();
  const levelOf = (value: string): Level | null => LEVELS.find((l) => l === value) ?? null;
  // Games on this device and rooms may be played with clocks.
  const time = timeControlPicker();
  const choose = (mode: Mode) => {
    const control = time.value();
    if (control === "bad") {
      note.textContent = t("time.bad");
      return;
    }
    if (mode === "online") {
      note.textContent = t("room.creating");
      saveName(nameField.value);
      const computers: ComputerSeat[] = [];
      for (const { seatNo, select } of roomSelects) {
        const level = levelOf(select.value);
        if (level !== null) computers.push({ seatNo, level });
      }
      void actions.online(variant, fen.value.trim() || null, { players, name: nameField.value.trim(), computers, time: control }).then((error) => {
        note.textContent = error ? t("msg.error", { message: error }) : "";
      });
      return;
    }
    const seats: SeatPlayers = [];
    for (const { seat, select } of seatSelects) seats[seat] = levelOf(select.value);
    const error = actions.start(variant, mode, fen.value.trim() || null, players, mode === "mixed" ? seats : undefined, control);
    note.textContent = error ? t("msg.error", { message: error }) : "";
  };
  // Rooms need the network: while the browser is offline their buttons are off and a note says why.
  const offlineNote = h("p", { class: "note offline-note", "data-testid": "offline-note" }, t("offline.roomsNeedNetwork"));
  const main = h(
    "main",
    { class: "chooser" },
    h("h1", {}, variantName(variant, info?.name ?? variant)),
    ...(counts.length > 1
      ? [h("h2", { id: "players-heading" }, t("chooser.players")), h("div", { class: "choices counts", role: "group", "aria-labelledby": "players-heading" }, ...countButtons)]
      : []),
    h("h2", {}, t("chooser.mode")),
    time.element,
    h(
      "div",
      { class: "choices modes" },
      ...modes.map((m) =>
        h("button", { type: "button", class: "choice", "data-mode": m, onclick: () => choose(m) }, t(halma && m === "local" ? "mode.localPlayers" : MODE_KEYS[m])),
      ),
    ),
    ...(halma
      ? [
          h("h2", {}, t("chooser.seats")),
          seatChoices,
          h("button", { type: "button", class: "choice", "data-mode": "mixed", onclick: () => choose("mixed") }, t("chooser.startSeats")),
          h("h2", {}, t("chooser.online")),
          h("p", { class: "hint" }, t("chooser.onlineSeats")),
          roomSeats,
        ]
      : []),
    h("div", { class: "row room-name-row" }, h("label", { for: "room-name-new" }, t("chooser.yourName")), nameField),
    ...(halma ? [h("button", { type: "button", class: "choice", "data-mode": "online", onclick: () => choose("online") }, t("chooser.createRoom"))] : []),
    offlineNote,
    note,
    h("label", { for: "start-fen" }, t(halma ? "chooser.position" : "chooser.fen")),
    fen,
    h("label", { for: "start-pdn" }, t(halma ? "chooser.record" : "chooser.pdn")),
    pdn,
    h(
      "div",
      { class: "row" },
      h(
        "button",
        {
          type: "button",
          "data-testid": "load-pdn",
          onclick: () => {
            // A pasted game goes on with the chosen time control, both clocks full.
            const control = time.value();
            if (control === "bad") {
              note.textContent = t("time.bad");
              return;
            }
            const error = actions.loadPdn(pdn.value, players, control);
            note.textContent = error ? t("msg.error", { message: error }) : "";
          },
        },
        t("chooser.loadPdn"),
      ),
      h("button", { type: "button", class: "back", onclick: back }, t("chooser.back")),
    ),
  );
  const showNetwork = (online: boolean) => {
    offlineNote.hidden = online;
    for (const b of main.querySelectorAll<HTMLButtonElement>('[data-mode="online"]')) {
      b.disabled = !online;
      if (online) b.removeAttribute("aria-describedby");
      else b.setAttribute("aria-describedby", "offline-note");
    }
  };
  offlineNote.id = "offline-note";
  showNetwork(isOnline());
  onNetworkChange(showNetwork, main);
  return main;
}
