// The entries of xref sections, kept in typed arrays rather than one JavaScript object per entry.
// A file may list a million objects and be opened several times while it is signed and completed
// to B-LTA; a Map of a million small objects cost seconds to build and hundreds of megabytes to
// hold each time, although signing reads a handful of them. Here an entry costs 13 bytes and
// reading a classic table is a pass over its digits.

/** type 1: `offset` in the file; type 2: object number `stream` of the object stream, `index` in it. */
export type XrefEntry =
  | { type: 0; gen: number }
  | { type: 1; offset: number; gen: number }
  | { type: 2; stream: number; index: number; gen: 0 };

/** What a reader asks of entries, one section's or a whole chain's. */
export interface XrefLookup {
  get(num: number): XrefEntry | undefined;
  has(num: number): boolean;
  /** how many object numbers are listed */
  readonly size: number;
  /** the highest object number listed, -1 when none is */
  readonly maxNumber: number;
  keys(): IterableIterator<number>;
  values(): IterableIterator<XrefEntry>;
}

const entryOf = (type: number, field: number, gen: number): XrefEntry =>
  type === 1
    ? { type: 1, offset: field, gen }
    : type === 2
      ? { type: 2, stream: field, index: gen, gen: 0 }
      : { type: 0, gen };

/** One section's entries, sorted by object number, each number once. */
export class XrefEntries implements XrefLookup {
  /** nums[i] === first + i for every i: a lookup is an index, not a search */
  private readonly isDense: boolean;

  constructor(
    private readonly nums: Uint32Array,
    private readonly types: Uint8Array,
    private readonly fields: Float64Array,
    private readonly gens: Uint32Array,
  ) {
    const n = nums.length;
    this.isDense = n === 0 || nums[n - 1]! - nums[0]! === n - 1;
  }

  static readonly empty = new XrefEntries(
    new Uint32Array(0),
    new Uint8Array(0),
    new Float64Array(0),
    new Uint32Array(0),
  );

  get size(): number {
    return this.nums.length;
  }

  get maxNumber(): number {
    return this.nums.length === 0 ? -1 : this.nums[this.nums.length - 1]!;
  }

  private indexOf(num: number): number {
    const { nums } = this;
    if (nums.length === 0) return -1;
    if (this.isDense) {
      const i = num - nums[0]!;
      return i >= 0 && i < nums.length ? i : -1;
    }
    let low = 0;
    let high = nums.length - 1;
    while (low <= high) {
      const mid = (low + high) >>> 1;
      const at = nums[mid]!;
      if (at === num) return mid;
      if (at < num) low = mid + 1;
      else high = mid - 1;
    }
    return -1;
  }

  has(num: number): boolean {
    return this.indexOf(num) >= 0;
  }

  get(num: number): XrefEntry | undefined {
    const i = this.indexOf(num);
    return i < 0 ? undefined : entryOf(this.types[i]!, this.fields[i]!, this.gens[i]!);
  }

  keys(): IterableIterator<number> {
    return this.nums.values();
  }

  *values(): IterableIterator<XrefEntry> {
    for (let i = 0; i < this.nums.length; i++) yield entryOf(this.types[i]!, this.fields[i]!, this.gens[i]!);
  }
}

/**
 * Collects a section's entries in the order the file lists them. Where a number is listed twice,
 * `keep` says which one counts: a classic table keeps the first (as the reader always did), an
 * xref stream the last.
 */
export class XrefEntriesBuilder {
  private nums = new Uint32Array(1024);
  private types = new Uint8Array(1024);
  private fields = new Float64Array(1024);
  private gens = new Uint32Array(1024);
  private count = 0;
  private isSorted = true;

  constructor(private readonly keep: 'first' | 'last') {}

  /** Makes room for `more` entries at once, rather than by doubling (a table declares its count). */
  reserve(more: number): void {
    while (this.count + more > this.nums.length) this.grow(this.count + more);
  }

  private grow(atLeast = 0): void {
    const capacity = Math.max(this.nums.length * 2, atLeast);
    const grown = <T extends Uint32Array | Uint8Array | Float64Array>(from: T, make: (n: number) => T): T => {
      const to = make(capacity);
      to.set(from);
      return to;
    };
    this.nums = grown(this.nums, (n) => new Uint32Array(n));
    this.types = grown(this.types, (n) => new Uint8Array(n));
    this.fields = grown(this.fields, (n) => new Float64Array(n));
    this.gens = grown(this.gens, (n) => new Uint32Array(n));
  }

  /** type 0 (free), 1 (`field` an offset) or 2 (`field` the object stream, `gen` the index in it) */
  add(num: number, type: 0 | 1 | 2, field: number, gen: number): void {
    if (this.count === this.nums.length) this.grow();
    const i = this.count++;
    if (i > 0 && num <= this.nums[i - 1]!) this.isSorted = false;
    this.nums[i] = num;
    this.types[i] = type;
    this.fields[i] = field;
    this.gens[i] = gen;
  }

  addEntry(num: number, entry: XrefEntry): void {
    if (entry.type === 2) this.add(num, 2, entry.stream, entry.index);
    else this.add(num, entry.type, entry.type === 1 ? entry.offset : 0, entry.gen);
  }

  build(): XrefEntries {
    const n = this.count;
    if (this.isSorted) {
      // arrays filled to the brim are kept as they are; others are cut to what they hold
      const cut = <T extends Uint32Array | Uint8Array | Float64Array>(a: T): T =>
        a.length === n ? a : (a.slice(0, n) as T);
      return new XrefEntries(cut(this.nums), cut(this.types), cut(this.fields), cut(this.gens));
    }
    // by number, and for one number in the order listed, then the one `keep` names
    const order = Uint32Array.from({ length: n }, (_, i) => i).sort(
      (a, b) => this.nums[a]! - this.nums[b]! || a - b,
    );
    const picked: number[] = [];
    for (let k = 0; k < n; k++) {
      const i = order[k]!;
      const isRepeat = picked.length > 0 && this.nums[picked[picked.length - 1]!] === this.nums[i];
      if (!isRepeat) picked.push(i);
      else if (this.keep === 'last') picked[picked.length - 1] = i;
    }
    const take = <T extends Uint32Array | Uint8Array | Float64Array>(from: T, make: (n: number) => T): T => {
      const to = make(picked.length);
      picked.forEach((i, k) => (to[k] = from[i]!));
      return to;
    };
    return new XrefEntries(
      take(this.nums, (m) => new Uint32Array(m)),
      take(this.types, (m) => new Uint8Array(m)),
      take(this.fields, (m) => new Float64Array(m)),
      take(this.gens, (m) => new Uint32Array(m)),
    );
  }
}

/**
 * The entries a chain of sections lists, as the newest revision sees them (a newer section
 * overrides an older one), without copying the largest section: it is looked up where it is, and
 * only the entries of the other sections are laid over or under it. A signed file is one large
 * original section and a few small ones that its signatures appended.
 */
export class LayeredXrefEntries implements XrefLookup {
  /** entries of sections newer than the largest, the newest winning */
  private readonly over = new Map<number, XrefEntry>();
  /** entries of sections older than the largest that it does not list, the newest winning */
  private readonly under = new Map<number, XrefEntry>();
  private readonly base: XrefEntries;
  readonly size: number;
  readonly maxNumber: number;

  /** `sections` newest first */
  constructor(sections: readonly XrefEntries[]) {
    let largest = 0;
    sections.forEach((s, i) => {
      if (s.size > sections[largest]!.size) largest = i;
    });
    this.base = sections[largest] ?? XrefEntries.empty;
    let maxNumber = this.base.maxNumber;
    let beside = 0;
    sections.forEach((section, i) => {
      if (i === largest) return;
      const layer = i < largest ? this.over : this.under;
      maxNumber = Math.max(maxNumber, section.maxNumber);
      for (const num of section.keys()) {
        if (layer.has(num) || (i > largest && this.base.has(num))) continue;
        layer.set(num, section.get(num)!);
        if (!this.base.has(num) && !(i > largest && this.over.has(num))) beside++;
      }
    });
    this.size = this.base.size + beside;
    this.maxNumber = maxNumber;
  }

  get(num: number): XrefEntry | undefined {
    return this.over.get(num) ?? this.base.get(num) ?? this.under.get(num);
  }

  has(num: number): boolean {
    return this.over.has(num) || this.base.has(num) || this.under.has(num);
  }

  *keys(): IterableIterator<number> {
    yield* this.base.keys();
    for (const num of this.over.keys()) if (!this.base.has(num)) yield num;
    for (const num of this.under.keys()) if (!this.over.has(num)) yield num;
  }

  *values(): IterableIterator<XrefEntry> {
    for (const num of this.keys()) yield this.get(num)!;
  }
}
