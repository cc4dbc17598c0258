/**
 * The lessons, as `lessons/*.json` holds them (the same files `kingme-learn` checks against the
 * rules in every test run). Nothing here judges a move: the data says which moves the lesson
 * wants, the rules (wasm) say what is legal.
 */
import draughtsJson from "../../../lessons/draughts.json?raw";
import halmaJson from "../../../lessons/halma.json?raw";
import { locale, type Locale } from "../i18n";

export type Text = Record<Locale, string>;

export interface Choice {
  id: string;
  text: Text;
  correct: boolean;
  explain: Text;
  move?: string;
  legal?: boolean;
}

export type Goal =
  | { kind: "reach"; squares: string[] }
  | { kind: "capture_all" }
  | { kind: "find_all_captures"; captures: string[] }
  | { kind: "promote_in"; moves: number }
  | { kind: "win_in"; moves: number }
  | { kind: "hold_draw_for"; moves: number }
  | { kind: "reach_draw"; rule: string }
  | { kind: "find_all_destinations"; from: string; points: string[] }
  | { kind: "quiz"; question: Text; choices: Choice[] };

export interface WrongTry {
  move: string;
  legal?: boolean;
  reason: Text;
}

export interface Marks {
  step: number;
  arrows?: [string, string][];
  highlights?: string[];
}

export interface Exercise {
  id: string;
  variant?: string;
  players?: number;
  position: string;
  prelude?: string[];
  orientation?: string;
  prompt: Text;
  goal: Goal;
  par: number;
  unique?: boolean;
  solution?: string[];
  opponent?: { kind: "scripted" } | { kind: "engine"; level: string };
  hints?: { piece: string; square: string };
  wrong?: WrongTry[];
  marks?: Marks[];
  success?: Text;
}

export interface Stage {
  id: string;
  title: Text;
  intro: Text;
  exercises: Exercise[];
}

export interface Course {
  id: string;
  variant: string;
  title: Text;
  stages: Stage[];
}

export interface Diagram {
  position: string;
  players?: number;
  arrows?: [string, string][];
  highlights?: string[];
}

export interface RulesPage {
  variant: string;
  title: Text;
  sections: { id: string; title: Text; body: Text; diagram?: Diagram }[];
}

export interface Confusion {
  id: string;
  variants: string[];
  claim: Text;
  answer: Text;
  exercise?: string;
}

export interface Faq {
  id: string;
  question: Text;
  answer: Text;
}

export interface LessonFile {
  family: "draughts" | "halma";
  courses: Course[];
  rules?: RulesPage[];
  confusions?: Confusion[];
  faq?: Faq[];
}

export const LESSON_FILES: readonly LessonFile[] = [JSON.parse(draughtsJson), JSON.parse(halmaJson)];

/** A text in the page's language, with `{name}` placeholders filled in. */
export function tr(text: Text, params: Record<string, string | number> = {}): string {
  const raw = text[locale()] ?? text.en;
  return raw.replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
}

/** Where an exercise stands: its file, course and stage, and the exercise after it. */
export interface Located {
  file: LessonFile;
  course: Course;
  stage: Stage;
  exercise: Exercise;
  next: Exercise | null;
}

export function allExercises(): { file: LessonFile; course: Course; stage: Stage; exercise: Exercise }[] {
  return LESSON_FILES.flatMap((file) =>
    file.courses.flatMap((course) =>
      course.stages.flatMap((stage) => stage.exercises.map((exercise) => ({ file, course, stage, exercise }))),
    ),
  );
}

export function locate(id: string): Located | null {
  const all = allExercises();
  const i = all.findIndex((e) => e.exercise.id === id);
  if (i < 0) return null;
  const here = all[i];
  const after = all[i + 1];
  return { ...here, next: after && after.course === here.course ? after.exercise : null };
}

export function courseById(id: string): { file: LessonFile; course: Course } | null {
  for (const file of LESSON_FILES) {
    const course = file.courses.find((c) => c.id === id);
    if (course) return { file, course };
  }
  return null;
}

/** The squares of a move as the lessons write it: `c3xe5xg7`, `c3-d4`, `a1-c3-e5`. */
export function moveSquares(text: string): string[] {
  return text.split(/[-x×:]/).map((s) => s.trim());
}

export function sameRoute(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((s, i) => s === b[i]);
}

/**
 * The pieces an exercise is about while the learner looks for move `step` (0 = the first): the
 * goal's piece, the hint's, the next move of the solution line (`next`, while the play follows
 * it), the foreseen tries' and the pieces the step's arrows start from. Empty when it names none.
 */
export function piecesAbout(ex: Exercise, step: number, next: string | undefined): Set<string> {
  const pieces = new Set<string>();
  if (ex.goal.kind === "find_all_destinations") pieces.add(ex.goal.from);
  if (step === 0) {
    if (ex.hints) pieces.add(ex.hints.piece);
    for (const w of ex.wrong ?? []) pieces.add(moveSquares(w.move)[0]!);
  }
  if (next) pieces.add(moveSquares(next)[0]!);
  for (const m of ex.marks ?? []) if (m.step === step) for (const [from] of m.arrows ?? []) pieces.add(from);
  return pieces;
}
