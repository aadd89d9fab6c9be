import { afterEach, describe, expect, it, vi } from 'vitest';
import { downloadFile } from './binary.js';

// The name the browser saves under is the anchor's `download` at the moment it is clicked.
function captureSavedNames(): string[] {
  const names: string[] = [];
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    names.push(this.download);
  });
  // jsdom has no object URLs; each test file runs in its own environment
  URL.createObjectURL = () => 'blob:x';
  URL.revokeObjectURL = () => {};
  return names;
}

const answering = (disposition: string) => async () =>
  new Response('%PDF-1.7', { headers: { 'content-disposition': disposition } });

describe('downloadFile', () => {
  afterEach(() => vi.restoreAllMocks());

  it('saves a signed copy under the name the server gives it, not the original name', async () => {
    const names = captureSavedNames();
    // the server's header for a plain ASCII name carries no quotes (RFC 6266 token form)
    await downloadFile(answering('attachment; filename=nda-signed.pdf'), { url: '/d', init: {} }, 'nda.pdf');
    await downloadFile(
      answering(
        `attachment; filename="Vertrag M?ller-signed.pdf"; filename*=UTF-8''Vertrag%20M%C3%BCller-signed.pdf`,
      ),
      { url: '/d', init: {} },
      'Vertrag Müller.pdf',
    );
    expect(names).toEqual(['nda-signed.pdf', 'Vertrag Müller-signed.pdf']);
  });
});
