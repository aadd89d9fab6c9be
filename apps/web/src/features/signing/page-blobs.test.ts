import { afterEach, describe, expect, it, vi } from 'vitest';
import { forgetPageBlobs, loadPageBlob } from './page-blobs.js';

const ask = (page: number) => ({ url: `/v3/documents/d1/pages/${page}?scale=200&format=webp`, init: {} });

describe('loadPageBlob', () => {
  afterEach(() => forgetPageBlobs());

  it('fetches a page once for whoever asks: the page fetched ahead is not fetched again', async () => {
    const doFetch = vi.fn(() => Promise.resolve(new Response('webp')));
    const [ahead, shown] = await Promise.all([loadPageBlob(doFetch, ask(2)), loadPageBlob(doFetch, ask(2))]);
    expect(doFetch).toHaveBeenCalledTimes(1);
    expect(shown).toBe(ahead);
    expect(await shown.text()).toBe('webp');
  });

  it('forgets a page that could not be fetched, so the next look tries again', async () => {
    const doFetch = vi
      .fn<typeof fetch>()
      .mockResolvedValueOnce(new Response('gone', { status: 404 }))
      .mockResolvedValueOnce(new Response('webp'));
    await expect(loadPageBlob(doFetch, ask(3))).rejects.toMatchObject({ status: 404 });
    await expect(loadPageBlob(doFetch, ask(3))).resolves.toHaveProperty('size', 4);
    expect(doFetch).toHaveBeenCalledTimes(2);
  });

  it('keeps a bounded number of pages, dropping the longest unused first', async () => {
    const doFetch = vi.fn(() => Promise.resolve(new Response('webp')));
    await loadPageBlob(doFetch, ask(1));
    for (let page = 2; page <= 48; page++) await loadPageBlob(doFetch, ask(page));
    // page 1 used again: now page 2 is the oldest
    await loadPageBlob(doFetch, ask(1));
    await loadPageBlob(doFetch, ask(49));
    expect(doFetch).toHaveBeenCalledTimes(49);
    await loadPageBlob(doFetch, ask(1));
    expect(doFetch).toHaveBeenCalledTimes(49);
    await loadPageBlob(doFetch, ask(2));
    expect(doFetch).toHaveBeenCalledTimes(50);
  });
});
