// A bounded cache of parsed DER values (certificates, OCSP responses, CRLs, TSTInfo) keyed by all
// of their bytes. Validation and LTV steps read the same few structures again and again, and
// decoding them (X509Certificate, pkijs) is what costs; an encoding is an immutable value, so a
// cached parse is the parse. Entries must be treated as read-only by whoever gets them.

export class ParseCache<T> {
  readonly #entries = new Map<string, T>();

  /**
   * `maxBytes`: larger encodings (a big CA's CRL in a foreign document) are parsed every time,
   * so that the cache's memory stays bounded by capacity x maxBytes.
   */
  constructor(
    readonly capacity: number,
    readonly maxBytes = 64 * 1024,
  ) {}

  /**
   * `parse` runs on a private copy of `der`, so that nothing cached keeps a caller's buffer (a
   * whole PDF) alive; what it throws is passed on and not cached.
   */
  get(der: Uint8Array, parse: (own: Uint8Array) => T): T {
    if (der.byteLength > this.maxBytes) return parse(Uint8Array.from(der));
    const key = Buffer.from(der.buffer, der.byteOffset, der.byteLength).toString('latin1');
    if (this.#entries.has(key)) {
      const cached = this.#entries.get(key) as T;
      // least recently used first: a hit moves to the end
      this.#entries.delete(key);
      this.#entries.set(key, cached);
      return cached;
    }
    const parsed = parse(Uint8Array.from(der));
    if (this.#entries.size >= this.capacity) this.#entries.delete(this.#entries.keys().next().value!);
    this.#entries.set(key, parsed);
    return parsed;
  }
}
