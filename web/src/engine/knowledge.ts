/**
 * What the engine knows besides its search, loaded into the worker's memory as games need it:
 * the opening book of a draughts variant (a file of the built site, precached with it) and the
 * endgame tables a game can reach (`GET /egdb/<variant>/<signature>.egdb`, kept in the Cache API
 * for good, since a table of a name never changes). Both are optional: a missing book, a table
 * the server lacks or a network that is off leaves the engine to its search.
 */
import { EngineMemory, type RulesGame } from "../wasm/rules";

const bookUrls = import.meta.glob<string>("../../../data/book/*.bin", { query: "?url", import: "default", eager: true });

/** The tables the server carries hold at most this many pieces (data/egdb). */
export const TABLE_PIECES = 4;
const TABLE_CACHE = "kingme-egdb";

/** What a worker's memory holds, for the page to show (and the tests to check). */
export interface Knowledge {
  /** The variants whose book the memory plays from. */
  books: string[];
  /** The tables it probes, as `<variant>/<signature>`. */
  tables: string[];
}

export class KnowledgeLoader {
  private readonly loading = new Map<string, Promise<void>>();
  private readonly held: Knowledge = { books: [], tables: [] };

  constructor(private readonly memory: EngineMemory) {}

  /**
   * Loads what `game` can use: its variant's book and the tables its position reaches. Waits
   * at most `waitMs` for them (all of them when absent); what arrives later is added when it
   * arrives, for the next turn.
   */
  async prepare(game: RulesGame, waitMs?: number): Promise<void> {
    const variant = game.snapshot().variant;
    const loads = Promise.all([this.book(variant), ...game.egdbTables(TABLE_PIECES).map((sig) => this.table(variant, sig))]);
    if (waitMs === undefined) {
      await loads;
      return;
    }
    let timer: ReturnType<typeof setTimeout> | undefined;
    const deadline = new Promise<void>((resolve) => (timer = setTimeout(resolve, waitMs)));
    await Promise.race([loads, deadline]);
    clearTimeout(timer);
  }

  /** What the memory holds now. */
  knowledge(): Knowledge {
    return { books: [...this.held.books].sort(), tables: [...this.held.tables].sort() };
  }

  /** Runs `load` once for `key`; a failure is remembered as nothing loaded. */
  private once(key: string, load: () => Promise<void>): Promise<void> {
    let loading = this.loading.get(key);
    if (!loading) {
      loading = load().catch(() => undefined);
      this.loading.set(key, loading);
    }
    return loading;
  }

  private book(variant: string): Promise<void> {
    const url = bookUrls[`../../../data/book/${variant}.bin`];
    if (url === undefined) return Promise.resolve();
    return this.once(`book:${variant}`, async () => {
      const response = await fetch(url);
      if (!response.ok) return;
      this.memory.addBook(variant, new Uint8Array(await response.arrayBuffer()));
      this.held.books.push(variant);
    });
  }

  private table(variant: string, signature: string): Promise<void> {
    const key = `${variant}/${signature}`;
    return this.once(`egdb:${key}`, async () => {
      if (await this.fetchTable(variant, `/egdb/${key}.egdb`)) this.held.tables.push(key);
    });
  }

  private async fetchTable(variant: string, url: string): Promise<boolean> {
    const cache = await openCache();
    let response = await cache?.match(url);
    const cached = response !== undefined;
    if (!response) {
      response = await fetch(url);
      if (!response.ok) return false;
      await cache?.put(url, response.clone()).catch(() => undefined);
    }
    const file = new Uint8Array(await response.arrayBuffer());
    try {
      const compressed = EngineMemory.egdbCompressed(variant, file);
      const values = await inflate(compressed);
      this.memory.addEgdbTable(variant, file, values);
      return true;
    } catch (e) {
      // A damaged copy is not kept: the next worker fetches the table again.
      if (cached) await cache?.delete(url);
      throw e;
    }
  }
}

async function openCache(): Promise<Cache | undefined> {
  if (typeof caches === "undefined") return undefined;
  return caches.open(TABLE_CACHE).catch(() => undefined);
}

/** Raw DEFLATE, as the tables store their values: the browser's decompressor, so wasm carries none. */
async function inflate(compressed: Uint8Array): Promise<Uint8Array> {
  const stream = new Blob([compressed as BlobPart]).stream().pipeThrough(new DecompressionStream("deflate-raw"));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}
