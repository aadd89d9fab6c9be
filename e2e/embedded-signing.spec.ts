// Embedded signing (ADR 088) in Chromium: a business registers the origin of its own page, its API
// user asks for a signing address for one signer, and a real page on that origin (a small HTTP
// server of this test) frames it; the signer signs inside the frame and the page hears `signed`
// from the app's origin, and nothing more. A page on an origin the business did not register is
// refused the frame and hears nothing.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';
import type { APIRequestContext } from '@playwright/test';
import { contextFor, createAccount, sendRequest, signInView, uniqueEmail } from './support.js';

/** An integrator's page: frames the address in its `frame` parameter and lists what it is told. */
const PARENT_PAGE = `<!doctype html><title>Shop</title><h1>Shop checkout</h1>
<ol id="heard"></ol>
<iframe title="Signing" width="1200" height="860"></iframe>
<script>
  const heard = [];
  window.addEventListener('message', (event) => {
    heard.push({ origin: event.origin, data: event.data });
    document.getElementById('heard').textContent = JSON.stringify(heard);
  });
  document.querySelector('iframe').src = new URLSearchParams(location.search).get('frame');
</script>`;

async function serveParentPage(): Promise<{ origin: string; close(): Promise<void> }> {
  const server = http.createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(PARENT_PAGE);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

async function postJson(request: APIRequestContext, url: string, headers: object, data: object) {
  const answer = await request.post(url, { headers: { ...headers }, data });
  expect(answer.ok(), await answer.text()).toBe(true);
  return answer.json();
}

test('an allowed origin frames embedded signing and hears "signed"; another is refused', async ({
  browser,
  request,
  baseURL,
}) => {
  test.setTimeout(150_000);
  const shop = await serveParentPage();
  const elsewhere = await serveParentPage();
  try {
    const admin = await createAccount(request, 'embed-admin', 'Erin');
    const bearer = { authorization: `Bearer ${admin.token}` };
    const business = await postJson(request, '/v2/businesses', bearer, {
      name: 'Framing Shop AG',
      country: 'CH',
      accept_gtc: true,
      accept_dpa: true,
    });
    const settings = await request.put(`/v1/businesses/${business.id}/settings`, {
      headers: bearer,
      data: { embedded_signing: { allowed_origins: [shop.origin] } },
    });
    expect(settings.ok(), await settings.text()).toBe(true);
    const { api_user: apiUser, secret } = await postJson(
      request,
      `/v1/businesses/${business.id}/apis`,
      bearer,
      { description: 'checkout' },
    );
    const basic = {
      authorization: `Basic ${Buffer.from(`${apiUser.username}:${secret}`).toString('base64')}`,
    };
    const { id, signerIds } = await sendRequest(request, basic, {
      title: 'Framed order',
      file: '002-trivial-libre-office-writer.pdf',
      signers: [{ email: uniqueEmail('embed-signer'), name: 'Finn Framed' }],
    });
    const embedded = (sigId: string) =>
      postJson(request, `/v3/signature-requests/${id}/signatures/${sigId}/embedded-signing`, basic, {});

    const context = await contextFor(browser, baseURL, null, { width: 1280, height: 1000 });
    const page = await context.newPage();

    await test.step('a page on another origin is refused the frame and hears nothing', async () => {
      const { url } = await embedded(signerIds[0] ?? '');
      const blocked: string[] = [];
      page.on('console', (message) => blocked.push(message.text()));
      await page.goto(`${elsewhere.origin}/?frame=${encodeURIComponent(url)}`);
      await expect.poll(() => blocked.some((text) => /frame-ancestors/.test(text))).toBe(true);
      await expect(page.frameLocator('iframe').getByRole('heading', { name: 'Framed order' })).toHaveCount(0);
      await expect(page.locator('#heard')).toHaveText('');
    });

    await test.step('the registered origin frames it; the signer signs and the page hears it', async () => {
      const { url } = await embedded(signerIds[0] ?? '');
      await page.goto(`${shop.origin}/?frame=${encodeURIComponent(url)}`);
      const frame = page.frameLocator('iframe');
      await expect(frame.getByRole('heading', { name: 'Framed order' })).toBeVisible({ timeout: 30_000 });
      await expect(frame.getByTestId('document-page').first()).toHaveAttribute('data-state', 'loaded', {
        timeout: 30_000,
      });
      await signInView(frame);
      await expect(frame.getByRole('dialog', { name: 'Signed' })).toBeVisible({ timeout: 30_000 });
      await expect
        .poll(async () => JSON.parse((await page.locator('#heard').textContent()) || '[]'))
        .toEqual([
          {
            origin: new URL(baseURL ?? '').origin,
            data: { type: 'countersign.embedded-signing', event: 'signed' },
          },
        ]);
      // the page stays in the frame: it never navigates by itself
      expect(page.url()).toContain(shop.origin);
    });

    const status = await request.get(`/v3/signature-requests/${id}`, { headers: basic });
    expect(((await status.json()) as { status: string }).status).toBe('completed');
    await context.close();
  } finally {
    await Promise.all([shop.close(), elsewhere.close()]);
  }
});
