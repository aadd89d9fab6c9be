// Reading a command's input file. A command reads one file and does nothing else meanwhile, so it
// reads synchronously: fs/promises' readFile reads a large file in pieces on the thread pool and
// joins them, and the caller then copied the Buffer into a plain Uint8Array, a few milliseconds of
// a short command's start for a file of megabytes. The bytes come back as a view over the buffer
// read, a plain Uint8Array (slice copies, as the engine expects, where Buffer's shares).
import { readFileSync } from 'node:fs';

export function readInputFile(file: string): Uint8Array {
  const read = readFileSync(file);
  return new Uint8Array(read.buffer, read.byteOffset, read.byteLength);
}
