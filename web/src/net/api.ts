/** The rooms' HTTP API: creating a room and asking whether a link still works. */
import type { VariantKey } from "../wasm/rules";
import type { Presence, SeatView } from "./protocol";
import type { CreateRoom, RoomCreated } from "./wire";

export type { RoomCreated };

export interface RoomInfo {
  room: string;
  variant: string;
  joined: boolean;
  players: number;
  seats: SeatView[];
  game: number;
  created_at: number;
  expires_at: number;
  presence: Presence;
}

/** Why a room cannot be opened: `room_not_found`, `room_expired`, or another problem code. */
export class RoomProblem extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

async function problem(response: Response): Promise<RoomProblem> {
  try {
    const body = (await response.json()) as { code?: string; message?: string };
    return new RoomProblem(body.code ?? `http_${response.status}`, body.message ?? response.statusText);
  } catch {
    return new RoomProblem(`http_${response.status}`, `the server answered ${response.status} ${response.statusText}`);
  }
}

/** A seat the computer plays from the room's start. */
export interface NewComputerSeat {
  seatNo: number;
  level: string;
}

/**
 * What a room is made with besides its game: the start position, the seats, the creator's name,
 * the computer's seats and the time control.
 */
export type NewRoom = Omit<CreateRoom, "variant" | "fen" | "name" | "computers"> & {
  fen?: string | null;
  name?: string | null;
  computers?: readonly NewComputerSeat[];
};

/** `POST /api/rooms`: a new room for `variant`; the server checks every field and names a bad one. */
export async function createRoom(variant: VariantKey, room: NewRoom = {}): Promise<RoomCreated> {
  const body: CreateRoom = { variant };
  if (room.fen) body.fen = room.fen;
  if (room.players !== undefined) body.players = room.players;
  if (room.name) body.name = room.name;
  if (room.computers?.length) body.computers = room.computers.map((c) => ({ seat_no: c.seatNo, level: c.level }));
  if (room.clock) body.clock = room.clock;
  const response = await fetch("/api/rooms", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw await problem(response);
  return (await response.json()) as RoomCreated;
}

/** `GET /api/rooms/<id>`: the room's rules, or a {@link RoomProblem} when the link is dead. */
export async function roomInfo(room: string): Promise<RoomInfo> {
  const response = await fetch(`/api/rooms/${encodeURIComponent(room)}`);
  if (!response.ok) throw await problem(response);
  return (await response.json()) as RoomInfo;
}

/** The room's socket address on this site. */
export function socketUrl(room: string, loc: Pick<Location, "protocol" | "host"> = location): string {
  return `${loc.protocol === "https:" ? "wss" : "ws"}://${loc.host}/ws/${encodeURIComponent(room)}`;
}

/** The room's page in a path `/r/<id>`, or null. */
export function roomFromPath(pathname: string): string | null {
  const match = /^\/r\/([A-Za-z0-9_-]+)\/?$/.exec(pathname);
  return match ? match[1]! : null;
}
