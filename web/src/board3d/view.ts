import * as THREE from "three";
import type { Board3D, BoardQuality, BoardState, BoardViewName, ColorKey } from "./api";
import { captureScaleAt, easeInOut, passesOver, planRoute, poseAt, type Pose, type RoutePlan } from "./anim";
import { CameraRig, NARROW_SCREEN, narrowAspect } from "./camera";
import { MARBLE_RADIUS, PIECE_RADIUS, SELECTED_LIFT } from "./dims";
import { BoardGeometry, rotatePoint, type PlanePoint } from "./geometry";
import { MarkerLayer } from "./markers";
import { PIECE_COLORS } from "./materials";
import { reducedMotion } from "./motion";
import { Picker } from "./picking";
import { pixelRatioFor } from "./pixelRatio";
import { PieceLayer, pieceTop, type PieceInstance, type PieceStyle } from "./pieces";
import { Stage } from "./scene";
import { applyMove, initialState, mergeState, type StateKey } from "./state";
import { TapTracker } from "./tap";

interface ActiveMove {
  path: string[];
  captured: string[];
  plan: RoutePlan;
  start: number;
  resolve: () => void;
}

const MARKER_KEYS: StateKey[] = [
  "layout",
  "seatColors",
  "selected",
  "dests",
  "finalDests",
  "mustCapture",
  "partialPath",
  "previewPath",
  "lastMoves",
  "pieces",
  "arrows",
  "highlights",
];
const LIFT_MS = 140;
/** How long the board takes to turn to another seat. */
const TURN_MS = 700;
const PIECE_KEYS: StateKey[] = ["layout", "seatColors", "selected", "pieces"];
/** A seat without a colour (should not happen) is drawn grey rather than not at all. */
const NO_COLOR = new THREE.Color(0x9a9a9a);

/** The board: owns the scene, applies state changes on the next animation frame, reports clicks. */
export class BoardView implements Board3D {
  readonly canvas: HTMLCanvasElement;
  private state: BoardState;
  private readonly dirty: Set<StateKey>;
  private readonly stage: Stage;
  private readonly rig: CameraRig;
  private readonly pieces: PieceLayer;
  private readonly markers: MarkerLayer;
  private readonly picker: Picker;
  private readonly tap = new TapTracker();
  private readonly resizeObserver: ResizeObserver;
  private readonly listeners: [string, EventListener][] = [];
  private handler: ((cell: string | null) => void) | null = null;
  private hoverHandler: ((cell: string | null) => void) | null = null;
  private hovered: string | null = null;
  private geometry: BoardGeometry;
  /** Whether the screen is narrow (NARROW_SCREEN): the board then has a narrower frame. */
  private narrow = false;
  /** Reused every frame of an animation: the pieces as drawn, and the moving piece's pose. */
  private readonly instances: PieceInstance[] = [];
  private readonly pose: Pose = { x: 0, y: 0, z: 0 };
  private move: ActiveMove | null = null;
  /** The selection change being animated: the new piece rises while the previous one settles. */
  private lift = { lowered: null as string | null, since: -Infinity };
  /** The board's turn towards `state.rotation`, in degrees; `from` is where it started. */
  private turn = { from: 0, to: 0, start: -Infinity };
  private frame = 0;
  /** Frames drawn since the board was created (a test hook: nothing is drawn while idle). */
  framesDrawn = 0;
  private sized = false;
  private destroyed = false;
  private settleWaiters: (() => void)[] = [];
  /** Where the mouse last hovered over the canvas (null: elsewhere), for the pointer's shape. */
  private hovering: { x: number; y: number } | null = null;
  /** The cursor and the hovered cell wait for the next frame (the scene is brought up to date there anyway). */
  private hoverStale = false;

  constructor(
    private readonly container: HTMLElement,
    initial: BoardState,
    quality: BoardQuality,
  ) {
    this.canvas = document.createElement("canvas");
    // Out of the container's flow, so the canvas can never make its container grow.
    if (getComputedStyle(container).position === "static") container.style.position = "relative";
    Object.assign(this.canvas.style, {
      position: "absolute",
      inset: "0",
      display: "block",
      width: "100%",
      height: "100%",
      touchAction: "none",
    });
    container.appendChild(this.canvas);

    const start = initialState(initial);
    this.state = start.state;
    this.turn = { from: initial.rotation, to: initial.rotation, start: -Infinity };
    this.dirty = start.changed;
    this.narrow = window.matchMedia(NARROW_SCREEN).matches;
    this.geometry = this.newGeometry();

    this.stage = new Stage(this.canvas, quality);
    this.rig = new CameraRig(this.canvas, () => this.requestFrame());
    this.pieces = new PieceLayer(this.stage.materials, this.stage.highQuality);
    this.markers = new MarkerLayer(this.stage.materials.overlay, this.stage.anisotropy, this.stage.highQuality);
    this.stage.board.add(this.pieces.group, this.markers.mesh);
    this.picker = new Picker(this.canvas, this.rig.camera, this.pieces);

    this.listen("pointerdown", (e) => {
      if (e.pointerType === "mouse" && e.button !== 0) return;
      this.tap.down(e.pointerId, e.clientX, e.clientY, e.pointerType);
    });
    this.listen("pointermove", (e) => {
      this.tap.move(e.pointerId, e.clientX, e.clientY);
      if (e.pointerType === "mouse" && e.buttons === 0) {
        this.hovering = { x: e.clientX, y: e.clientY };
        this.updateHover();
      }
    });
    this.listen("pointerleave", () => {
      this.hovering = null;
      this.updateHover();
    });
    this.listen("pointerup", (e) => {
      if (this.tap.up(e.pointerId, e.clientX, e.clientY)) this.click(e.clientX, e.clientY);
    });
    this.listen("pointercancel", (e) => this.tap.cancel(e.pointerId));

    const restored = () => {
      // three.js re-creates its GPU state by itself; draw everything again.
      this.stage.renderer.shadowMap.needsUpdate = true;
      this.requestFrame();
    };
    this.canvas.addEventListener("webglcontextrestored", restored);
    this.listeners.push(["webglcontextrestored", restored]);

    this.resizeObserver = new ResizeObserver(() => this.resize());
    this.resizeObserver.observe(container);
    this.resize();
    this.requestFrame();
  }

  private listen(type: string, fn: (e: PointerEvent) => void): void {
    this.canvas.addEventListener(type, fn as EventListener);
    this.listeners.push([type, fn as EventListener]);
  }

  set(patch: Partial<BoardState>): void {
    if (this.destroyed) return;
    if (patch.pieces !== undefined && this.move) this.finishMove();
    const { state, changed } = mergeState(this.state, patch);
    if (changed.has("selected")) {
      this.lift = { lowered: this.state.selected, since: reducedMotion() ? -Infinity : performance.now() };
    }
    this.state = state;
    for (const key of changed) this.dirty.add(key);
    if (changed.has("layout")) this.geometry = this.newGeometry();
    if (changed.has("rotation")) this.turn = { from: this.state.rotation, to: this.state.rotation, start: -Infinity };
    if (this.hovering && (changed.has("clickable") || changed.has("layout") || changed.has("rotation"))) this.hoverStale = true;
    if (changed.size > 0) this.requestFrame();
  }

  animateMove(path: string[], captured: string[]): Promise<void> {
    if (this.destroyed) return Promise.resolve();
    if (this.move) this.finishMove();
    const points = path.map((cell) => this.geometry.position(cell));
    const from = path[0];
    const valid = path.length >= 2 && points.every((p) => p !== null) && this.state.pieces.some((p) => p.cell === from);
    // The piece hops over every piece in its way (captured in draughts, jumped in Halma) and slides otherwise.
    const others = this.state.pieces
      .filter((p) => p.cell !== from)
      .map((p) => this.geometry.position(p.cell))
      .filter((p): p is PlanePoint => p !== null);
    const route = valid ? (points as PlanePoint[]) : [];
    const hops = route.slice(1).map((to, i) => passesOver(route[i]!, to, others));
    return new Promise((resolve) => {
      this.dirty.add("pieces");
      this.move = {
        path: [...path],
        captured: [...captured],
        plan: planRoute(route, hops, captured.length > 0),
        start: performance.now(),
        resolve,
      };
      if (!valid || reducedMotion()) this.finishMove();
      this.requestFrame();
    });
  }

  turnTo(rotation: number): Promise<void> {
    if (this.destroyed) return Promise.resolve();
    const now = performance.now();
    const from = this.rotationAt(now);
    this.set({ rotation });
    // The short way round: 300° after 0° is a turn of −60°.
    const delta = ((((rotation - from) % 360) + 540) % 360) - 180;
    const instant = reducedMotion() || !this.sized;
    this.turn = { from, to: from + delta, start: instant ? -Infinity : now };
    this.dirty.add("rotation");
    this.requestFrame();
    return this.whenSettled();
  }

  setView(view: BoardViewName): Promise<void> {
    if (this.destroyed) return Promise.resolve();
    const arrived = this.rig.setView(view, performance.now(), reducedMotion());
    this.requestFrame();
    return arrived;
  }

  onClick(handler: (cell: string | null) => void): void {
    this.handler = handler;
  }

  onHover(handler: (cell: string | null) => void): void {
    this.hoverHandler = handler;
  }

  squareToClient(cell: string): { x: number; y: number } | null {
    if (this.destroyed) return null;
    this.applyPending();
    const { pieces, selected } = this.state;
    const local = this.geometry.position(cell);
    if (!local) return null;
    const p = rotatePoint(local, this.rotationAt(performance.now()));
    const piece = pieces.find((q) => q.cell === cell);
    const lift = piece && cell === selected ? SELECTED_LIFT : 0;
    const y = piece ? lift + pieceTop(this.pieceStyle, piece.king) - 0.02 : 0;
    return this.picker.toClient(p.x, y, p.z);
  }

  /**
   * The camps are tinted in the colours of the seats that have pieces on the board: on the
   * star the camps of seats not in play stay plain wood.
   */
  private campColors(): (ColorKey | null)[] {
    const present = new Set(this.state.pieces.map((p) => p.seat));
    return this.state.seatColors.map((key, seat) => (present.has(seat) ? key : null));
  }

  /** Men on square boards, marbles in the star's holes. */
  private get pieceStyle(): PieceStyle {
    return this.geometry.shape === "star" ? "marble" : "disc";
  }

  timeFrames(count: number): number[] {
    if (this.destroyed) return [];
    this.applyPending();
    const renderer = this.stage.renderer;
    const gl = renderer.getContext();
    const pixel = new Uint8Array(4);
    const times: number[] = [];
    for (let i = 0; i < count; i++) {
      // Shadows are redrawn whenever a piece moves, so a timed frame includes them.
      renderer.shadowMap.needsUpdate = true;
      const start = performance.now();
      renderer.render(this.stage.scene, this.rig.camera);
      // Reading a pixel back waits until the frame has really been drawn.
      gl.readPixels(0, 0, 1, 1, gl.RGBA, gl.UNSIGNED_BYTE, pixel);
      times.push(performance.now() - start);
    }
    return times;
  }

  whenSettled(): Promise<void> {
    if (this.destroyed || this.idle()) return Promise.resolve();
    return new Promise((resolve) => this.settleWaiters.push(resolve));
  }

  destroy(): void {
    if (this.destroyed) return;
    if (this.move) this.finishMove();
    this.destroyed = true;
    cancelAnimationFrame(this.frame);
    this.frame = 0;
    this.resizeObserver.disconnect();
    for (const [type, fn] of this.listeners) this.canvas.removeEventListener(type, fn);
    this.rig.dispose();
    this.pieces.dispose();
    this.markers.dispose();
    this.stage.dispose();
    this.canvas.remove();
    this.flushSettled();
  }

  private idle(): boolean {
    const now = performance.now();
    const lifting = now - this.lift.since < LIFT_MS;
    return this.frame === 0 && this.move === null && !lifting && !this.turning(now) && !this.rig.animating && this.dirty.size === 0;
  }

  private turning(now: number): boolean {
    return now - this.turn.start < TURN_MS;
  }

  /** The board's rotation as shown at `now` (degrees). */
  private rotationAt(now: number): number {
    const { from, to, start } = this.turn;
    const t = Math.min(1, Math.max(0, (now - start) / TURN_MS));
    return from + (to - from) * easeInOut(t);
  }

  private flushSettled(): void {
    const waiters = this.settleWaiters;
    this.settleWaiters = [];
    for (const resolve of waiters) resolve();
  }

  /**
   * A hand over cells where a click does something, the arrow elsewhere; reports the hovered
   * cell. `sceneCurrent`: the pieces are already where the frame draws them.
   */
  private updateHover(sceneCurrent = false): void {
    let cell: string | null = null;
    if (this.hovering && !this.destroyed) {
      if (!sceneCurrent) this.applyPending();
      const { x, y } = this.hovering;
      const hit = this.picker.pick(x, y, this.geometry, this.rotationAt(performance.now()));
      if (hit.kind === "cell") cell = hit.cell;
    }
    const cursor = cell !== null && this.state.clickable.includes(cell) ? "pointer" : "";
    if (this.canvas.style.cursor !== cursor) this.canvas.style.cursor = cursor;
    if (cell !== this.hovered) {
      this.hovered = cell;
      this.hoverHandler?.(cell);
    }
  }

  private click(clientX: number, clientY: number): void {
    if (!this.handler) return;
    this.applyPending();
    const hit = this.picker.pick(clientX, clientY, this.geometry, this.rotationAt(performance.now()));
    if (hit.kind === "cell") this.handler(hit.cell);
    else if (hit.kind === "outside") this.handler(null);
  }

  /**
   * The board's geometry for the screen it is on (a narrow one has a narrower frame), and the
   * container's `--board-aspect`: the width/height at which a narrow screen's canvas holds this
   * board without empty bands (style.css gives a phone's board area that shape).
   */
  private newGeometry(): BoardGeometry {
    const geometry = new BoardGeometry(this.state.layout, this.narrow);
    this.container.style.setProperty("--board-aspect", narrowAspect(new BoardGeometry(this.state.layout, true).worldOutline(0)).toFixed(4));
    return geometry;
  }

  private fitCamera(reset: boolean, aspect = this.rig.camera.aspect, narrow?: boolean): void {
    this.rig.configure(this.geometry.worldOutline(this.state.rotation), aspect, reset, narrow);
  }

  private resize(): void {
    if (this.destroyed) return;
    const width = this.container.clientWidth;
    const height = this.container.clientHeight;
    if (width === 0 || height === 0) return;
    this.stage.renderer.setPixelRatio(pixelRatioFor(window.devicePixelRatio, width, height, this.stage.highQuality));
    this.stage.renderer.setSize(width, height, false);
    const narrow = window.matchMedia(NARROW_SCREEN).matches;
    if (narrow !== this.narrow) {
      // Narrow or wide again (a phone turned, a window resized): the board's frame changes.
      this.narrow = narrow;
      this.geometry = this.newGeometry();
      this.dirty.add("layout");
    }
    this.applyPending();
    this.fitCamera(!this.sized, width / height, narrow);
    this.sized = true;
    this.requestFrame();
  }

  private requestFrame(): void {
    if (this.frame !== 0 || this.destroyed) return;
    this.frame = requestAnimationFrame(() => {
      this.frame = 0;
      this.render();
    });
  }

  private finishMove(): void {
    const move = this.move;
    if (!move) return;
    this.move = null;
    this.state = { ...this.state, pieces: applyMove(this.state.pieces, move.path, move.captured) };
    this.dirty.add("pieces");
    this.requestFrame();
    move.resolve();
  }

  /** Brings the scene up to date with the state (without drawing); `keepMarkers` leaves the markers for the next frame. */
  private applyPending(keepMarkers = false): void {
    const dirty = this.dirty;
    if (dirty.size === 0) return;
    if (dirty.has("layout") || dirty.has("seatColors") || dirty.has("pieces")) this.stage.setBoard(this.geometry, this.campColors());
    if (dirty.has("rotation")) this.stage.setRotation(this.rotationAt(performance.now()));
    if ((dirty.has("layout") || dirty.has("rotation")) && this.sized) this.fitCamera(false);
    if (PIECE_KEYS.some((k) => dirty.has(k))) this.layoutPieces(performance.now());
    if (MARKER_KEYS.some((k) => dirty.has(k))) {
      if (keepMarkers) {
        for (const key of dirty) if (!MARKER_KEYS.includes(key)) dirty.delete(key);
        return;
      }
      const cells = this.state.pieces.map((p) => p.cell);
      const moving = this.move?.path[0];
      const shadows = this.stage.highQuality ? [] : cells.filter((cell) => cell !== moving);
      const radius = this.pieceStyle === "marble" ? MARBLE_RADIUS : PIECE_RADIUS;
      this.markers.paint(this.geometry, this.state, new Set(cells), radius, shadows);
    }
    dirty.clear();
  }

  private layoutPieces(now: number): void {
    const { selected, pieces, seatColors } = this.state;
    const move = this.move;
    const elapsed = move ? Math.max(0, now - move.start) : 0;
    const captureScale = move ? captureScaleAt(move.plan, elapsed) : 1;
    const liftProgress = easeInOut(Math.min(1, Math.max(0, now - this.lift.since) / LIFT_MS));
    const style = this.pieceStyle;
    const instances = this.instances;
    let count = 0;
    for (const piece of pieces) {
      const p = this.geometry.position(piece.cell);
      if (!p) continue;
      const key = seatColors[piece.seat];
      let instance = instances[count];
      if (!instance) {
        instance = { cell: "", color: NO_COLOR, style, king: false, x: 0, y: 0, z: 0, scale: 1 };
        instances.push(instance);
      }
      count++;
      instance.cell = piece.cell;
      instance.color = (key && PIECE_COLORS[key]) || NO_COLOR;
      instance.style = style;
      instance.king = piece.king;
      instance.x = p.x;
      instance.z = p.z;
      instance.y = 0;
      instance.scale = 1;
      if (move && piece.cell === move.path[0]) {
        const pose = poseAt(move.plan, elapsed, this.pose);
        instance.x = pose.x;
        instance.y = pose.y;
        instance.z = pose.z;
      } else if (move && move.captured.includes(piece.cell)) {
        instance.scale = captureScale;
        instance.y = -(1 - captureScale) * 0.05;
      } else if (piece.cell === selected) {
        instance.y = SELECTED_LIFT * liftProgress;
      } else if (piece.cell === this.lift.lowered) {
        instance.y = SELECTED_LIFT * (1 - liftProgress);
      }
    }
    this.pieces.layout(instances, count);
    this.stage.renderer.shadowMap.needsUpdate = true;
  }

  private render(): void {
    if (this.destroyed) return;
    const now = performance.now();
    const move = this.move;
    const finished = move !== null && now - move.start >= move.plan.total;
    if (finished) this.finishMove();
    // The caller sets the position and the last move as soon as the move ends: the markers
    // wait for them and are painted (and uploaded) once, in the next frame.
    this.applyPending(finished);
    if (finished && this.dirty.size > 0) this.requestFrame();
    if (this.hoverStale) {
      this.hoverStale = false;
      this.updateHover(true);
    }
    const lifting = now - this.lift.since < LIFT_MS;
    if (this.move || lifting) this.layoutPieces(now);
    const turning = this.turning(now);
    this.stage.setRotation(this.rotationAt(now));
    const cameraMoving = this.rig.update(now);
    this.stage.renderer.render(this.stage.scene, this.rig.camera);
    this.framesDrawn++;
    if (cameraMoving || this.move || lifting || turning || this.rig.animating) this.requestFrame();
    else if (this.idle()) this.flushSettled();
  }
}
