// One suite for every blob store (ADR 071): the directory store and the S3 store on a local
// S3-protocol server behave alike to their callers. What only the directory's files show (hard
// links, temporary files, the files a reader on another thread is handed) is in
// blob-store-files.test.ts; what only the bucket shows, in s3-blob-store.test.ts.
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { BlobStore } from './blob-store.js';
import { BLOB_STORE_KINDS, blobStoresOf, type StoreUnderTest } from '../test-support/blob-stores.js';

describe.each(BLOB_STORE_KINDS)('%s blob store', (kind) => {
  const stores = blobStoresOf(kind);
  let under: StoreUnderTest;
  let store: BlobStore;
  beforeEach(async () => {
    under = await stores.setUp();
    store = under.store;
  });
  afterEach(() => under.close());
  afterAll(() => stores.stop());
  /** removes a blob that nothing needs */
  const drop = (name: string) => store.remove(name, async () => false);
  const objects = () => under.objects();

  it('names a blob by the SHA-256 of its bytes and gives the same bytes back', async () => {
    const bytes = randomBytes(3 * 1024 * 1024 + 17); // larger than one read or write chunk of node's own helpers
    const name = await store.put(bytes);
    expect(name).toBe(createHash('sha256').update(bytes).digest('hex'));
    expect(Buffer.compare(await store.get(name), bytes)).toBe(0);
    expect(await store.has(name)).toBe(true);
    expect(await objects()).toEqual([name]); // no temporary object left beside it
  });

  it('stores the same bytes once', async () => {
    const bytes = randomBytes(1000);
    const [first, second] = await Promise.all([store.put(bytes), store.put(bytes)]);
    expect(second).toBe(first);
    expect(await store.put(Buffer.from(bytes))).toBe(first);
    expect(await objects()).toEqual([first]);
  });

  it('stores an empty blob', async () => {
    const name = await store.put(new Uint8Array(0));
    expect((await store.get(name)).length).toBe(0);
  });

  it('refuses to read a blob it does not have, and removes what it has', async () => {
    const absent = createHash('sha256').update('absent').digest('hex');
    await expect(store.get(absent)).rejects.toMatchObject({ code: 'ENOENT' });
    await expect(store.get('../../etc/passwd')).rejects.toThrow('not a blob name');
    const name = await store.put(randomBytes(10));
    await drop(name);
    expect(await store.has(name)).toBe(false);
    await expect(store.get(name)).rejects.toMatchObject({ code: 'ENOENT' });
  });

  it('lists what it stores with the time each was written', async () => {
    const names = [await store.put(randomBytes(5)), await store.put(randomBytes(6))];
    const listed = [];
    for await (const entry of store.list()) listed.push(entry);
    expect(listed.map((entry) => entry.sha256).sort()).toEqual([...names].sort());
    for (const entry of listed) expect(Date.now() - entry.writtenAt.getTime()).toBeLessThan(60_000);
  });

  describe('uploads received as they arrive', () => {
    /** `bytes` as a stream of chunks of `size`, as a request body arrives */
    async function* chunks(bytes: Uint8Array, size = 1000) {
      for (let at = 0; at < bytes.length; at += size) yield bytes.subarray(at, at + size);
    }
    const incoming = () =>
      fs.existsSync(path.join(under.scratch, 'incoming'))
        ? fs.readdirSync(path.join(under.scratch, 'incoming'))
        : [];

    it('names an upload while it arrives and stores it once under that name', async () => {
      const bytes = randomBytes(250_001);
      const received = await store.receive(chunks(bytes));
      expect(received.sha256).toBe(createHash('sha256').update(bytes).digest('hex'));
      expect(received.size).toBe(bytes.length);
      expect(await store.has(received.sha256)).toBe(false); // received is not stored yet
      expect(await store.putReceived(received)).toBe(received.sha256);
      await store.release(received);
      expect(incoming()).toEqual([]);
      expect(Buffer.compare(await store.get(received.sha256), bytes)).toBe(0);
      // bytes already stored are found under their name: nothing is linked twice
      const again = await store.receive(chunks(bytes, 4096));
      expect(await store.putReceived(again)).toBe(received.sha256);
      await store.release(again);
      expect(await objects()).toEqual([received.sha256]);
    });

    it('stores a received upload again after its commit when a removal took it meanwhile', async () => {
      const bytes = randomBytes(5000);
      const received = await store.receive(chunks(bytes));
      const name = await store.putReceived(received);
      await drop(name);
      await store.ensure(name, received);
      await store.release(received);
      expect(Buffer.compare(await store.get(name), bytes)).toBe(0);
    });

    it('leaves no file when the body breaks off, and tidies the uploads of a writer that died', async () => {
      async function* broken() {
        yield randomBytes(100);
        throw new Error('Part terminated early');
      }
      await expect(store.receive(broken())).rejects.toThrow('terminated early');
      expect(incoming()).toEqual([]);
      const dead = '11111111-2222-3333-4444-555555555555';
      const alive = '66666666-7777-8888-9999-000000000000';
      const storeOf = under.storeOf;
      const left = await storeOf(dead).receive(chunks(randomBytes(10)));
      const underWay = await storeOf(alive).receive(chunks(randomBytes(10)));
      expect([...(await store.writers())].sort()).toEqual([dead, alive].sort());
      expect(await store.tidy(new Date(0), new Set([dead]))).toBe(1);
      expect([fs.existsSync(left.path), fs.existsSync(underWay.path)]).toEqual([false, true]);
    });
  });

  it('journals the blobs each writer creates, for recovery after its death (ADR 046)', async () => {
    const writer = '11111111-2222-3333-4444-555555555555';
    const bytes = randomBytes(300);
    const name = await under.storeOf(writer).put(bytes);
    const tail = await under
      .storeOf(writer)
      .put(Buffer.concat([bytes, randomBytes(5)]), { sha256: name, bytes });
    await store.put(randomBytes(10)); // a store of no named writer journals nothing
    expect(await store.writers()).toEqual(new Set([writer]));
    expect(await store.writtenBy(new Set([writer]))).toEqual(new Set([name, tail]));
    await store.forgetWriters(new Set([writer]));
    expect(await store.writtenBy(new Set([writer]))).toEqual(new Set());
  });

  describe('removal while a writer reuses the same bytes (ADR 034)', () => {
    const asideFiles = async () => (await objects()).filter((name) => name.endsWith('.removing'));

    it('puts the files back when a row has come to need them meanwhile', async () => {
      const bytes = randomBytes(2000);
      const name = await store.put(bytes);
      let heldDuringQuestion: boolean | undefined;
      const removed = await store.remove(name, async () => {
        heldDuringQuestion = await store.has(name);
        return true;
      });
      expect(removed).toBe(false);
      expect(heldDuringQuestion).toBe(false); // out of reach while the question is asked
      expect(Buffer.compare(await store.get(name), bytes)).toBe(0);
      expect(await asideFiles()).toEqual([]);
    });

    it('lets a writer that found the bytes stored write them again after its commit', async () => {
      const bytes = randomBytes(2000);
      const name = await store.put(bytes);
      expect(await store.put(bytes)).toBe(name); // the writer reuses them: nothing written
      expect(await drop(name)).toBe(true); // a removal that saw no row yet
      expect(await store.has(name)).toBe(false);
      await store.ensure(name, bytes); // the writer, after its row's commit
      expect(Buffer.compare(await store.get(name), bytes)).toBe(0);
    });

    it('keeps what a writer stores while the question is asked, whatever the answer', async () => {
      const bytes = randomBytes(2000);
      const name = await store.put(bytes);
      const removed = await store.remove(name, async () => {
        await store.put(bytes); // the name is free: written anew
        await store.ensure(name, bytes);
        return false;
      });
      expect(removed).toBe(true); // the copy it set aside is gone, not the new one
      expect(Buffer.compare(await store.get(name), bytes)).toBe(0);
      expect(await objects()).toEqual([name]);
    });

    it('puts the files back when the question fails', async () => {
      const name = await store.put(randomBytes(100));
      await expect(
        store.remove(name, async () => {
          throw new Error('database gone');
        }),
      ).rejects.toThrow('database gone');
      expect(await store.has(name)).toBe(true);
    });

    it('tidies what a process that died left: set-aside blobs go back under their free names', async () => {
      const kept = await store.put(randomBytes(100));
      const taken = await store.put(randomBytes(100));
      const rewritten = await store.put(randomBytes(100));
      // removals that died after setting their blob aside, and one still running
      const longAgo = Date.now() - 3_600_000;
      await under.setAside(kept, longAgo);
      await under.setAside(rewritten, longAgo);
      const now = Date.now();
      await under.setAside(taken, now);
      // a writer stored one of them again meanwhile: its set-aside copy is not needed
      await store.ensure(rewritten, await under.readObject(`${rewritten}.${longAgo}-0123456789ab.removing`));

      expect(await store.tidy(new Date(Date.now() - 60_000))).toBe(2);
      expect(await store.has(kept)).toBe(true);
      expect(await store.has(taken)).toBe(false); // its removal is still deciding
      expect((await objects()).sort()).toEqual(
        [kept, rewritten, `${taken}.${now}-0123456789ab.removing`].sort(),
      );
    });
  });

  describe('revisions stored as tails of the revision they extend', () => {
    const sha = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
    /** revisions of a document: each the one before plus an appended update */
    const revisions = (count: number, size = 256 * 1024) => {
      const list = [randomBytes(size)];
      for (let i = 1; i < count; i++) list.push(Buffer.concat([list[i - 1]!, randomBytes(3000 + i)]));
      return list;
    };
    async function putChain(list: Buffer[]): Promise<string[]> {
      const names = [await store.put(list[0]!)];
      for (let i = 1; i < list.length; i++)
        names.push(await store.put(list[i]!, { sha256: names[i - 1]!, bytes: list[i - 1]! }));
      return names;
    }

    it('stores only the appended bytes and gives back the full revision under its full name', async () => {
      const [base, signed] = revisions(2);
      const [baseName, name] = await putChain([base!, signed!]);
      expect(name).toBe(sha(signed!));
      expect(Buffer.compare(await store.get(name!), signed!)).toBe(0);
      expect(await objects()).not.toContain(name);
      const onDisk = await under.readObject(`${name}.tail`);
      const appended = signed!.length - base!.length;
      expect(onDisk.length).toBeGreaterThan(appended);
      expect(onDisk.length).toBeLessThan(appended + 128);
      expect(onDisk.subarray(onDisk.length - appended).equals(signed!.subarray(base!.length))).toBe(true);
      expect(onDisk.toString('latin1').startsWith(`countersign-tail 1\n${baseName}\n${base!.length}\n`)).toBe(
        true,
      );
      expect((await objects()).sort()).toEqual([baseName, `${name}.tail`].sort()); // nothing temporary
    });

    it('reads a chain of tails back to each revision', async () => {
      const list = revisions(8);
      const names = await putChain(list);
      for (const [i, name] of names.entries())
        expect(Buffer.compare(await store.get(name), list[i]!)).toBe(0);
      expect(await under.storedBytes()).toBeLessThan(list[0]!.length + 8 * 4000);
      expect(await store.baseOf(names[7]!)).toBe(names[6]);
      expect(await store.baseOf(names[0]!)).toBeUndefined();
    });

    it('stores the bytes whole when they do not extend the base they were given', async () => {
      const [base, signed] = revisions(2);
      const baseName = await store.put(base!);
      const other = randomBytes(base!.length);
      const otherName = await store.put(other);
      const unstored = randomBytes(1000);
      const cases: { bytes: Buffer; base: { sha256: string; bytes: Uint8Array } }[] = [
        // bytes that do not start with the base's bytes
        { bytes: Buffer.concat([other, randomBytes(10)]), base: { sha256: baseName, bytes: base! } },
        // the base's bytes, but another blob's name
        { bytes: signed!, base: { sha256: otherName, bytes: base! } },
        // a base that is not stored
        {
          bytes: Buffer.concat([unstored, randomBytes(10)]),
          base: { sha256: sha(unstored), bytes: unstored },
        },
      ];
      for (const c of cases) {
        const name = await store.put(c.bytes, c.base);
        expect(await objects()).toContain(name);
        expect(await store.baseOf(name)).toBeUndefined();
        expect(Buffer.compare(await store.get(name), c.bytes)).toBe(0);
      }
      // no longer than the base: nothing to append
      expect(await store.put(base!, { sha256: baseName, bytes: base! })).toBe(baseName);
    });

    it('says which blob is missing when a tail’s base is gone', async () => {
      const [baseName, name] = await putChain(revisions(2));
      await drop(baseName!);
      await expect(store.get(name!)).rejects.toThrow(
        `blob ${name} extends blob ${baseName}, which is not stored`,
      );
    });

    it('refuses a tail whose base has another length than it recorded', async () => {
      const [base, signed] = revisions(2);
      const [baseName, name] = await putChain([base!, signed!]);
      const recorded = (await under.readObject(`${name}.tail`)).toString('latin1');
      const changed = recorded.replace(`\n${base!.length}\n`, `\n${base!.length - 1}\n`);
      await under.writeObject(`${name}.tail`, Buffer.from(changed, 'latin1'));
      await expect(store.get(name!)).rejects.toThrow(`extends ${base!.length - 1} bytes of blob ${baseName}`);
    });

    it('has, lists with their bases, and removes tails without their bases', async () => {
      const names = await putChain(revisions(3));
      const listed = [];
      for await (const entry of store.list()) listed.push(entry);
      expect(listed.sort((a, b) => a.sha256.localeCompare(b.sha256))).toEqual(
        [
          { sha256: names[0], writtenAt: expect.any(Date) },
          { sha256: names[1], writtenAt: expect.any(Date), base: names[0] },
          { sha256: names[2], writtenAt: expect.any(Date), base: names[1] },
        ].sort((a, b) => a.sha256!.localeCompare(b.sha256!)),
      );
      expect(await store.has(names[2]!)).toBe(true);
      await drop(names[2]!);
      expect(await store.has(names[2]!)).toBe(false);
      expect(await store.baseOf(names[2]!)).toBeUndefined();
      expect(await store.has(names[1]!)).toBe(true);
      expect(await objects()).toHaveLength(2);
    });

    it('keeps bytes put whole as a whole file even when a tail of them is stored', async () => {
      const list = revisions(2);
      const [baseName, name] = await putChain(list);
      expect(await store.put(list[1]!)).toBe(name); // say, the signed revision uploaded again
      expect(await objects()).toContain(name);
      await drop(baseName!);
      expect(Buffer.compare(await store.get(name!), list[1]!)).toBe(0);
      const listed = [];
      for await (const entry of store.list()) listed.push(entry);
      expect(listed).toEqual([{ sha256: name, writtenAt: expect.any(Date), base: baseName }]);
      await drop(name!);
      expect(await objects()).toEqual([]);
    });

    describe('streamed (backup and restore)', () => {
      /** everything a stream yields, and the largest chunk it yielded */
      async function drain(source: AsyncIterable<Uint8Array>) {
        const chunks: Uint8Array[] = [];
        for await (const chunk of source) chunks.push(chunk);
        return { bytes: Buffer.concat(chunks), largest: Math.max(0, ...chunks.map((c) => c.length)) };
      }
      async function* from(bytes: Uint8Array, size = 64 * 1024) {
        for (let at = 0; at < bytes.length; at += size) yield bytes.subarray(at, at + size);
      }

      it('streams a whole blob and each revision of a chain in chunks, in order', async () => {
        const list = revisions(4, 3 * 1024 * 1024 + 5);
        const names = await putChain(list);
        for (const [i, name] of names.entries()) {
          const { bytes, largest } = await drain(store.stream(name));
          expect(bytes.equals(list[i]!)).toBe(true);
          expect(largest).toBeLessThanOrEqual(1024 * 1024);
        }
        const empty = await store.put(new Uint8Array(0));
        expect((await drain(store.stream(empty))).bytes.length).toBe(0);
        await expect(drain(store.stream(sha(Buffer.from('absent'))))).rejects.toMatchObject({
          code: 'ENOENT',
        });
      });

      it('writes a stream under its name, and a revision as the same tail put stores', async () => {
        const list = revisions(3);
        const [first, second, third] = list.map(sha);
        await store.write(first!, from(list[0]!));
        await store.write(second!, from(list[1]!.subarray(list[0]!.length)), {
          sha256: first!,
          length: list[0]!.length,
        });
        await store.write(third!, from(list[2]!.subarray(list[1]!.length)), {
          sha256: second!,
          length: list[1]!.length,
        });
        const written = await Promise.all(
          [`${second}.tail`, `${third}.tail`].map((n) => under.readObject(n)),
        );
        for (const [i, name] of [first, second, third].entries())
          expect((await store.get(name!)).equals(list[i]!)).toBe(true);
        // the same objects, byte for byte, as the revisions put with their bases
        const objectsWritten = (await objects()).sort();
        for (const name of [first, second, third]) await drop(name!);
        await putChain(list);
        expect((await objects()).sort()).toEqual(objectsWritten);
        expect(await under.readObject(`${second}.tail`)).toEqual(written[0]);
        expect(await under.readObject(`${third}.tail`)).toEqual(written[1]);
      });

      it('stores nothing from a stream that does not hash to its name or to its base', async () => {
        const list = revisions(2, 3 * 1024 * 1024);
        const [first, second] = list.map(sha);
        await expect(store.write(first!, from(list[1]!))).rejects.toThrow('do not hash to that name');
        expect(await objects()).toEqual([]);
        await store.write(first!, from(list[0]!));
        const appended = list[1]!.subarray(list[0]!.length);
        await expect(
          store.write(second!, from(appended), { sha256: first!, length: list[0]!.length - 1 }),
        ).rejects.toThrow(`extends ${list[0]!.length - 1} bytes of blob ${first}`);
        await expect(
          store.write(second!, from(appended.subarray(1)), { sha256: first!, length: list[0]!.length }),
        ).rejects.toThrow('do not hash to that name');
        expect(await objects()).toEqual([first]);
      });
    });
  });
});
