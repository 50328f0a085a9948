/**
 * Cards by id, immutable and cheap to change. A plain object copied on every
 * change cost a copy of all 10,000 cards per page merged and per move (~80
 * MB of garbage while paging a 10k board in). Here the cards live in 256
 * chunks picked by a hash of the id (ids are opaque text, never arithmetic):
 * a change copies the chunk index and the one chunk it touches, and
 * everything else is shared with the table before.
 */
import type { CardId } from '../api/read-model.js';
import type { Card } from './card.js';

const CHUNKS = 256;
/** FNV-1a over the id's UTF-16 units, folded to a chunk number. */
function chunkOf(id: CardId): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < id.length; i++) h = Math.imul(h ^ id.charCodeAt(i), 0x01000193);
  return (h >>> 0) % CHUNKS;
}

type Chunk = ReadonlyMap<CardId, Card>;

export class CardTable {
  static readonly EMPTY = new CardTable(new Map(), 0);

  private constructor(
    private readonly chunks: ReadonlyMap<number, Chunk>,
    /** How many cards. */
    readonly size: number,
  ) {}

  get(id: CardId): Card | undefined {
    return this.chunks.get(chunkOf(id))?.get(id);
  }

  *values(): IterableIterator<Card> {
    for (const chunk of this.chunks.values()) yield* chunk.values();
  }

  /** An editor whose `result()` is a new table, or this one when nothing changed. */
  edit(): CardTableEditor {
    return new CardTableEditor(this, this.chunks, this.size);
  }

  /** A table of these cards (tests and benches). */
  static of(cards: Iterable<Card>): CardTable {
    const e = CardTable.EMPTY.edit();
    for (const c of cards) e.set(c);
    return e.result();
  }

  /** @internal for CardTableEditor */
  static make(chunks: ReadonlyMap<number, Chunk>, size: number): CardTable {
    return new CardTable(chunks, size);
  }
}

/** Copy-on-write edits: the index and each chunk are copied the first time they are written. */
export class CardTableEditor {
  private chunks: Map<number, Chunk> | null = null;
  private readonly copied = new Set<number>();

  constructor(
    private base: CardTable,
    private baseChunks: ReadonlyMap<number, Chunk>,
    private size: number,
  ) {}

  get(id: CardId): Card | undefined {
    return (this.chunks ?? this.baseChunks).get(chunkOf(id))?.get(id);
  }

  set(card: Card): void {
    const chunk = this.writable(chunkOf(card.id));
    if (!chunk.has(card.id)) this.size++;
    chunk.set(card.id, card);
  }

  delete(id: CardId): void {
    if (this.get(id) === undefined) return;
    this.writable(chunkOf(id)).delete(id);
    this.size--;
  }

  /** The table as edited; later edits start from it and leave it as it is. */
  result(): CardTable {
    if (this.chunks !== null) {
      this.base = CardTable.make(this.chunks, this.size);
      this.baseChunks = this.chunks;
      this.chunks = null;
      this.copied.clear();
    }
    return this.base;
  }

  private writable(n: number): Map<CardId, Card> {
    if (this.chunks === null) this.chunks = new Map(this.baseChunks);
    if (!this.copied.has(n)) {
      this.chunks.set(n, new Map(this.chunks.get(n)));
      this.copied.add(n);
    }
    return this.chunks.get(n) as Map<CardId, Card>;
  }
}
