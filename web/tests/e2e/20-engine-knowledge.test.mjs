// The engine worker's opening book and endgame tables: fetched as a game needs them, cached by
// the browser, and searched with exactly as the native engine searches with the repository's
// tables (same best move, depth and node count).
import { test } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { openSite, startGame } from "./helpers.mjs";

const here = path.dirname(fileURLToPath(import.meta.url));
const TABLES = path.resolve(here, "../../../data/egdb");
const bin = process.env.KINGME_BIN;

/** Every URL the page and its workers ask the network for whose path matches `pattern`. */
function watchRequests(page, pattern) {
  const seen = [];
  page.on("request", (r) => {
    const { pathname } = new URL(r.url());
    if (pattern.test(pathname)) seen.push(pathname);
  });
  return seen;
}

test("an ending's tables are fetched once, cached, and searched with as natively", { skip: !bin && "needs the release server (KINGME_BIN)" }, async () => {
  const { browser, page, errors } = await openSite();
  try {
    const fen = "B:BK1,K3:WK32";
    const fetched = watchRequests(page, /^\/egdb\//);
    await startGame(page, "english", "local", fen);
    const nodes = 20000;
    const first = await page.evaluate((n) => window.__kingme.searchInWorker(n), nodes);
    assert.ok(first.knowledge.tables.length > 0, "the worker holds the tables the ending reaches");
    assert.ok(first.knowledge.tables.every((t) => /^english\/\d{4}$/.test(t)), first.knowledge.tables.join(" "));
    assert.deepEqual([...fetched].sort(), first.knowledge.tables.map((t) => `/egdb/${t}.egdb`), "each table fetched once");

    const native = execFileSync(bin, ["analyse", "--variant", "english", "--fen", fen, "--nodes", String(nodes), "--egdb", TABLES], { encoding: "utf8" });
    const best = native.trim().split("\n").at(-1);
    const [, move, depth, count] = best.match(/^best (\S+) \(depth (\d+), (\d+) nodes/) ?? [];
    assert.ok(move, `native: ${best}`);
    assert.deepEqual(
      { move: first.best?.notation, depth: first.depth, nodes: first.nodes },
      { move, depth: Number(depth), nodes: Number(count) },
      "the worker's search is the native one",
    );

    // A new worker (as after a cancelled search) takes the tables from the cache.
    const again = await page.evaluate((n) => window.__kingme.searchInWorker(n), nodes);
    assert.deepEqual(again.knowledge.tables, first.knowledge.tables);
    assert.equal(fetched.length, first.knowledge.tables.length, "no table fetched twice");
    assert.deepEqual({ move: again.best?.notation, nodes: again.nodes }, { move, nodes: Number(count) });
    const cached = await page.evaluate(async () => (await (await caches.open("kingme-egdb")).keys()).map((r) => new URL(r.url).pathname).sort());
    assert.deepEqual(cached, first.knowledge.tables.map((t) => `/egdb/${t}.egdb`));
    assert.deepEqual(errors, []);
  } finally {
    await browser.close();
  }
});

test("the computer's turn at the start loads its variant's opening book, and none for Halma", async () => {
  const { browser, page, errors } = await openSite();
  try {
    const books = watchRequests(page, /\.bin$/);
    await startGame(page, "russian", "local");
    const { turn, knowledge } = await page.evaluate(() => window.__kingme.turnInWorker("advanced"));
    assert.ok(turn.move, `a move: ${JSON.stringify({ turn, knowledge })}`);
    assert.deepEqual(knowledge, { books: ["russian"], tables: [] });
    assert.equal(books.length, 1, books.join(" "));
    assert.match(books[0], /\/russian-[\w-]+\.bin$/);
    assert.deepEqual(errors, []);
  } finally {
    await browser.close();
  }
  const halma = await openSite();
  try {
    await startGame(halma.page, "halma-8", "local");
    const { turn, knowledge } = await halma.page.evaluate(() => window.__kingme.turnInWorker("advanced"));
    assert.ok(turn.move, "a move");
    assert.deepEqual(knowledge, { books: [], tables: [] });
    assert.deepEqual(halma.errors, []);
  } finally {
    await halma.browser.close();
  }
});
