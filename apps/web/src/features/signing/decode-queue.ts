// Spec 4: without WebP, images are decoded one at a time from a queue, after a delay of 1 s
// (WEBP_FALLBACK_DELAY_MS). A PNG page image of a phone's width is several megabytes once
// decoded; decoding the first screen's pages all at once on a slow phone holds the main thread
// while the person wants to read and scroll. The queue waits the delay from its first task,
// then runs its tasks in the order they came, each only once the one before has ended.

export interface DecodeQueue {
  /** Runs `task` in its turn; resolves or rejects as the task does. */
  add<T>(task: () => Promise<T>): Promise<T>;
}

export function createDecodeQueue(
  delayMs: number,
  sleep: (ms: number) => Promise<void> = (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
): DecodeQueue {
  let tail: Promise<unknown> | undefined;
  return {
    add<T>(task: () => Promise<T>): Promise<T> {
      // the first task waits the delay; each later one waits for the one before it
      const before = tail ?? sleep(delayMs);
      const result = before.then(task, task);
      tail = result.catch(() => undefined);
      return result;
    },
  };
}

/** Decodes an image from `src` off the screen, so showing it costs no decoding on the way. */
export async function decodeImage(src: string): Promise<void> {
  const image = new Image();
  image.src = src;
  await image.decode();
}
