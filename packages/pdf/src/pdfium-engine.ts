// PDFium engines whose memory has a ceiling. PDFium runs in WebAssembly, in a heap that grows as a
// page asks for memory and never shrinks; left alone it grows to 2 GiB, the most its build allows
// (measured 2026-11-29: two pages whose content inflates to 100 MB of small squares, drawn at
// once, took the server to 1,029 MB before the deadline stopped them). Here the heap may not grow past a ceiling: PDFium's request for more is
// refused with the limit's error, which unwinds the call, and the engine is left behind. The
// module is compiled once per thread; each engine is a new instance of it with a heap of its own.
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { PDFiumLibrary } from '@hyzyla/pdfium';
import { PdfError } from './errors.js';

/** The hook the library's options take; its WebAssembly types exist only where the DOM's do. */
type InstantiateWasm = NonNullable<NonNullable<Parameters<typeof PDFiumLibrary.init>[0]>['instantiateWasm']>;

export interface PdfiumEngine {
  readonly library: PDFiumLibrary;
  /** Bytes its heap holds now. */
  heapBytes(): number;
  /** Whether PDFium asked for memory past the ceiling since this engine started (it is spent). */
  readonly isOverCeiling: boolean;
}

/** The little of the WebAssembly API used here, which this project's Node types leave out. */
interface WasmModule {
  readonly compiled: unique symbol;
}
interface WasmInstance {
  exports: Record<string, unknown>;
}
const wasm = (
  globalThis as unknown as {
    WebAssembly: {
      compile(bytes: Uint8Array): Promise<WasmModule>;
      Instance: new (module: WasmModule, imports: Record<string, unknown>) => WasmInstance;
    };
  }
).WebAssembly;

let compiled: Promise<WasmModule> | undefined;

function compileModule(): Promise<WasmModule> {
  compiled ??= readFile(createRequire(import.meta.url).resolve('@hyzyla/pdfium/pdfium.wasm'))
    .then((bytes) => wasm.compile(bytes))
    .catch((error: unknown) => {
      compiled = undefined;
      throw error;
    });
  return compiled;
}

/** What Emscripten's runtime grows the heap to when asked for `requested` bytes (its first try). */
function grownSize(current: number, requested: number): number {
  const overgrown = Math.min(current * 1.2, requested + 96 * 1024 * 1024);
  return Math.ceil(Math.max(requested, overgrown) / 65536) * 65536;
}

/** A new engine whose heap stays within `maxHeapBytes`. */
export async function startPdfiumEngine(maxHeapBytes: number): Promise<PdfiumEngine> {
  const [{ PDFiumLibrary }, module] = await Promise.all([import('@hyzyla/pdfium'), compileModule()]);
  let memory: { buffer: ArrayBuffer } | undefined;
  let isOverCeiling = false;
  const library = await PDFiumLibrary.init({
    // The runtime hands over its imports and takes the instance back (instance first, whatever the
    // library's types say); its heap grows through the import wrapped here.
    instantiateWasm: ((imports: Record<string, unknown>, receive: unknown) => {
      const env = imports['env'] as Record<string, unknown>;
      const resize = env['emscripten_resize_heap'] as (requested: number) => boolean;
      env['emscripten_resize_heap'] = (requested: number): boolean => {
        if (grownSize(memory?.buffer.byteLength ?? 0, requested >>> 0) > maxHeapBytes) {
          isOverCeiling = true;
          // Thrown, not answered with a null pointer: the call unwinds out of PDFium at once, so
          // nothing draws half a page, and the library never copies a document to address 0
          throw new PdfError(
            'pdf.limit.render_memory',
            `the renderer's heap would pass ${maxHeapBytes} bytes`,
          );
        }
        return resize(requested);
      };
      const instance = new wasm.Instance(module, imports);
      memory = instance.exports['memory'] as { buffer: ArrayBuffer };
      (receive as (instance: WasmInstance, module: WasmModule) => void)(instance, module);
      return instance.exports;
    }) as InstantiateWasm,
  });
  return {
    library,
    heapBytes: () => memory?.buffer.byteLength ?? 0,
    get isOverCeiling() {
      return isOverCeiling;
    },
  };
}
