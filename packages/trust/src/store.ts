// A TrustStore on a local folder (CLI, development, tests). Writes go to a temporary file that
// is then renamed or linked into place, so a reader never sees half a file.

import { randomBytes } from 'node:crypto';
import { link, mkdir, readFile, rename, unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { TrustStore } from './types.js';

const isValidName = (name: string): boolean => /^[A-Za-z0-9][A-Za-z0-9._-]*$/.test(name);

export class DirectoryTrustStore implements TrustStore {
  readonly dir: string;

  constructor(dir: string) {
    this.dir = dir;
  }

  async get(name: string): Promise<Uint8Array | undefined> {
    try {
      return new Uint8Array(await readFile(this.pathOf(name)));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw error;
    }
  }

  async put(name: string, data: Uint8Array): Promise<void> {
    const temp = await this.writeTemp(name, data);
    await rename(temp, this.pathOf(name));
  }

  async putIfAbsent(name: string, data: Uint8Array): Promise<boolean> {
    const temp = await this.writeTemp(name, data);
    try {
      // link(2) fails with EEXIST when the target exists: an atomic create-if-absent.
      await link(temp, this.pathOf(name));
      return true;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
      throw error;
    } finally {
      await unlink(temp);
    }
  }

  private pathOf(name: string): string {
    if (!isValidName(name)) throw new RangeError(`invalid trust store entry name "${name}"`);
    return join(this.dir, name);
  }

  private async writeTemp(name: string, data: Uint8Array): Promise<string> {
    await mkdir(this.dir, { recursive: true, mode: 0o700 });
    const temp = `${this.pathOf(name)}.${randomBytes(6).toString('hex')}.tmp`;
    await writeFile(temp, data, { mode: 0o600 });
    return temp;
  }
}
