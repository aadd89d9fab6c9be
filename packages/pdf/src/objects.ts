// The in-memory model of PDF objects (ISO 32000-1 section 7.3) shared by the parser, the
// serializer and the incremental writer, with small helpers to read typed values from it.

export class PdfName {
  constructor(readonly name: string) {}
}

/** A string object; `isHex` only records how it was (or should be) written. */
export class PdfString {
  constructor(
    readonly bytes: Uint8Array,
    readonly isHex = false,
  ) {}
}

export class PdfRef {
  constructor(
    readonly num: number,
    readonly gen: number,
  ) {}
}

export class PdfDict {
  readonly entries = new Map<string, PdfObject>();

  constructor(init?: Record<string, PdfObject>) {
    if (init) for (const [key, value] of Object.entries(init)) this.entries.set(key, value);
  }

  get(key: string): PdfObject | undefined {
    return this.entries.get(key);
  }

  set(key: string, value: PdfObject): this {
    this.entries.set(key, value);
    return this;
  }

  has(key: string): boolean {
    return this.entries.has(key);
  }

  delete(key: string): void {
    this.entries.delete(key);
  }
}

/** A stream object; `data` holds the bytes as stored in the file (still encoded). */
export class PdfStream {
  constructor(
    readonly dict: PdfDict,
    readonly data: Uint8Array,
  ) {}
}

/** Text copied verbatim into the output; used for placeholders whose width must not change. */
export class PdfRaw {
  constructor(readonly text: string) {}
}

export type PdfObject =
  null | boolean | number | PdfName | PdfString | PdfRef | PdfObject[] | PdfDict | PdfStream | PdfRaw;

export function makeName(name: string): PdfName {
  return new PdfName(name);
}

export function isName(value: PdfObject | undefined, name?: string): value is PdfName {
  return value instanceof PdfName && (name === undefined || value.name === name);
}

export function makeTextString(text: string): PdfString {
  // PDF text strings (7.9.2.2): PDFDocEncoding for plain ASCII, UTF-16BE with a BOM otherwise.
  if (/^[\x20-\x7e]*$/.test(text)) return new PdfString(Buffer.from(text, 'latin1'));
  const utf16 = Buffer.from(text, 'utf16le').swap16();
  return new PdfString(Buffer.concat([Buffer.from([0xfe, 0xff]), utf16]), true);
}

export function decodeTextString(value: PdfObject | undefined): string | undefined {
  if (!(value instanceof PdfString)) return undefined;
  const bytes = value.bytes;
  if (bytes.length >= 2 && bytes[0] === 0xfe && bytes[1] === 0xff) {
    return Buffer.from(bytes.subarray(2)).swap16().toString('utf16le');
  }
  if (bytes.length >= 3 && bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) {
    return Buffer.from(bytes.subarray(3)).toString('utf8');
  }
  return Buffer.from(bytes).toString('latin1');
}

/** Deep copy, so an object read from a file can be edited without touching the reader's cache. */
export function cloneObject<T extends PdfObject>(value: T): T {
  if (Array.isArray(value)) return value.map((item) => cloneObject(item)) as T;
  if (value instanceof PdfDict) {
    const copy = new PdfDict();
    for (const [key, item] of value.entries) copy.set(key, cloneObject(item));
    return copy as T;
  }
  if (value instanceof PdfStream) return new PdfStream(cloneObject(value.dict), value.data) as T;
  return value;
}

export function isSameObject(a: PdfObject | undefined, b: PdfObject | undefined): boolean {
  if (a === b) return true;
  if (a === undefined || b === undefined || a === null || b === null) return false;
  if (typeof a !== 'object' || typeof b !== 'object') return a === b;
  if (Array.isArray(a) || Array.isArray(b)) {
    return (
      Array.isArray(a) &&
      Array.isArray(b) &&
      a.length === b.length &&
      a.every((x, i) => isSameObject(x, b[i]))
    );
  }
  if (a instanceof PdfName) return b instanceof PdfName && a.name === b.name;
  if (a instanceof PdfRef) return b instanceof PdfRef && a.num === b.num && a.gen === b.gen;
  if (a instanceof PdfString) return b instanceof PdfString && Buffer.from(a.bytes).equals(b.bytes);
  if (a instanceof PdfRaw) return b instanceof PdfRaw && a.text === b.text;
  if (a instanceof PdfStream) {
    return b instanceof PdfStream && isSameObject(a.dict, b.dict) && Buffer.from(a.data).equals(b.data);
  }
  if (a instanceof PdfDict) {
    if (!(b instanceof PdfDict) || a.entries.size !== b.entries.size) return false;
    for (const [key, value] of a.entries) if (!isSameObject(value, b.get(key))) return false;
    return true;
  }
  return false;
}

export function refKey(ref: PdfRef): string {
  return `${ref.num} ${ref.gen}`;
}
