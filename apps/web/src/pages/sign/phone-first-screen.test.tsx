// A link holder on a phone sees the document first: the request's essentials in one compact bar
// (the rest, and the choices before signing, behind Details), then page 1, which comes as the
// blurred 10x10 placeholder and then as the image at the column's size, WebP where the browser
// shows it and PNG otherwise.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { forgetPageBlobs } from '../../features/signing/page-blobs.js';
import { renderApp } from '../../test/render-app.js';
import { directApi, linkToken } from './sign-fixtures.js';

const webp = vi.hoisted(() => ({ isSupported: true }));
vi.mock('../../features/signing/webp-support.js', () => ({
  supportsWebp: () => Promise.resolve(webp.isSupported),
}));

function phoneScreen() {
  vi.stubGlobal(
    'matchMedia',
    (query: string) =>
      ({
        matches: query === '(max-width: 767px)',
        media: query,
        addEventListener: () => undefined,
        removeEventListener: () => undefined,
      }) as unknown as MediaQueryList,
  );
}

/** Page images answered by hand: placeholders at once, the full image when `release` is called. */
function pageImages() {
  const asked: URL[] = [];
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  const answer = async ({ url }: { url: URL }) => {
    asked.push(url);
    if (url.searchParams.get('placeholder') !== 'true') await held;
    return new Response(new Blob(['img'], { type: `image/${url.searchParams.get('format')}` }));
  };
  return {
    asked,
    release: () => release(),
    handlers: {
      'GET /v3/direct/documents/doc1/pages/1': answer,
      'GET /v3/direct/documents/doc1/pages/2': answer,
    },
  };
}

let objectUrls = 0;
beforeEach(() => {
  phoneScreen();
  URL.createObjectURL = vi.fn(() => `blob:page-${++objectUrls}`);
  URL.revokeObjectURL = vi.fn();
});
afterEach(() => {
  vi.unstubAllGlobals();
  forgetPageBlobs();
  webp.isSupported = true;
});

describe('the link holder’s first screen on a phone', () => {
  it('folds the essentials into one bar above the document, the rest behind Details', async () => {
    const images = pageImages();
    renderApp(`/view/sr1/sig1?token=${linkToken}`, { api: { ...directApi(), ...images.handlers } });
    const bar = await screen.findByTestId('compact-header', {}, { timeout: 15_000 });
    expect(within(bar).getByRole('heading', { name: 'Lease agreement' })).toBeTruthy();
    expect(within(bar).getByText('Sent by Olga Owner')).toBeTruthy();
    const details = within(bar).getByRole('button', { name: 'Details' });
    expect(details.getAttribute('aria-expanded')).toBe('false');
    // the name and the signature wait behind Details; the document comes right after the bar
    expect(screen.queryByRole('textbox', { name: 'First name' })).toBeNull();
    const firstPage = screen.getAllByTestId('document-page')[0]!;
    expect(bar.compareDocumentPosition(firstPage) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    fireEvent.click(details);
    expect(within(bar).getByRole('button', { name: 'Hide details' }).getAttribute('aria-expanded')).toBe(
      'true',
    );
    expect(await screen.findByRole('textbox', { name: 'First name' })).toBeTruthy();
    expect(within(bar).getByLabelText('Language')).toBeTruthy();
    images.release();
  });

  it('shows page 1 blurred from its placeholder first, then the WebP image at the column’s size', async () => {
    const images = pageImages();
    renderApp(`/view/sr1/sig1?token=${linkToken}`, { api: { ...directApi(), ...images.handlers } });
    const page = (await screen.findAllByTestId('document-page', {}, { timeout: 15_000 }))[0]!;
    const placeholder = await waitFor(() => {
      const image = page.querySelector<HTMLImageElement>('img[data-placeholder]');
      expect(image).not.toBeNull();
      return image!;
    });
    expect(placeholder.style.filter).toBe('blur(3px)');
    expect(placeholder.alt).toBe('');
    const placeholderAsk = images.asked.find((url) => url.searchParams.get('placeholder') === 'true')!;
    expect(placeholderAsk.searchParams.get('format')).toBe('webp');
    expect(page.getAttribute('data-state')).toBe('waiting');

    images.release();
    const image = await within(page).findByRole('img', { name: 'Page 1 of 2, Lease' });
    expect(page.getAttribute('data-state')).toBe('loaded');
    expect(page.querySelector('img[data-placeholder]')).toBeNull();
    expect(image.getAttribute('src')).not.toBe(placeholder.getAttribute('src'));
    const full = images.asked.find(
      (url) => url.pathname.endsWith('/pages/1') && !url.searchParams.has('placeholder'),
    );
    expect(full?.searchParams.get('format')).toBe('webp');
    expect(Number(full?.searchParams.get('scale'))).toBeGreaterThan(0);
  });

  it('asks for PNG where WebP is not shown, and shows it once decoded in its turn', async () => {
    webp.isSupported = false;
    const images = pageImages();
    images.release();
    renderApp(`/view/sr1/sig1?token=${linkToken}`, { api: { ...directApi(), ...images.handlers } });
    const page = (await screen.findAllByTestId('document-page', {}, { timeout: 15_000 }))[0]!;
    await within(page).findByRole('img', { name: 'Page 1 of 2, Lease' });
    const formats = new Set(images.asked.map((url) => url.searchParams.get('format')));
    expect([...formats]).toEqual(['png']);
  });
});
