// The registered redirect origins on /business/settings (ADR 064): one a line, checked as the
// server checks them before anything is sent, saved as the whole list, and the server's refusal
// said in words.
import { snakeKeys } from '@countersign/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { businessApi, makeFakeBusiness, problem } from '../../test/business-fixtures.js';
import { jsonResponse } from '../../test/fixtures.js';
import { renderApp, sentBodies } from '../../test/render-app.js';
import type { ApiHandler } from '../../test/render-app.js';

const SETTINGS = '/v1/businesses/biz_1/settings';

function open(answer?: ApiHandler) {
  const business = makeFakeBusiness();
  business.settings.redirects.allowedOrigins = ['https://shop.acme.example'];
  const app = renderApp('/business/settings', {
    token: 'tok',
    api: {
      ...businessApi(business),
      [`PUT ${SETTINGS}`]:
        answer ??
        (({ body }) => {
          const patch = body as { redirects: { allowed_origins: string[] } };
          business.settings.redirects.allowedOrigins = patch.redirects.allowed_origins;
          return jsonResponse(200, snakeKeys({ settings: business.settings }));
        }),
    },
  });
  return { app, business };
}

// the settings screen loads on demand, slowly on a busy machine
const field = () =>
  screen.findByLabelText(
    'Registered origins, one a line',
    {},
    { timeout: 15_000 },
  ) as Promise<HTMLTextAreaElement>;

describe('redirect origins on the settings page', () => {
  it('shows the origins kept, and saves the list in its one form', async () => {
    const { app, business } = open();
    const origins = await field();
    expect(origins.value).toBe('https://shop.acme.example');
    fireEvent.change(origins, {
      target: {
        value: 'https://shop.acme.example\n\n  HTTPS://Pay.Acme.example:8443 \nhttps://shop.acme.example:443',
      },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Save origins' }));
    expect(await screen.findByText('The settings have been saved.')).toBeTruthy();
    expect(sentBodies(app.fetch, 'PUT', SETTINGS)).toEqual([
      { redirects: { allowed_origins: ['https://shop.acme.example', 'https://pay.acme.example:8443'] } },
    ]);
    expect(business.settings.redirects.allowedOrigins).toHaveLength(2);
    expect(origins.value).toBe('https://shop.acme.example\nhttps://pay.acme.example:8443');
  });

  it('names a line that is not an origin and sends nothing', async () => {
    const { app } = open();
    const origins = await field();
    for (const wrong of [
      'https://shop.acme.example/return',
      'http://shop.acme.example',
      'https://*.acme.example',
    ]) {
      fireEvent.change(origins, { target: { value: `https://ok.acme.example\n${wrong}` } });
      fireEvent.click(screen.getByRole('button', { name: 'Save origins' }));
      expect(
        await screen.findByText(`${wrong} is not of the form https://host or https://host:port.`),
      ).toBeTruthy();
      expect(origins.getAttribute('aria-invalid')).toBe('true');
    }
    expect(sentBodies(app.fetch, 'PUT', SETTINGS)).toEqual([]);
  });

  it('says why the server refused the list', async () => {
    open(() => problem(422, 'business.redirect_origin_invalid'));
    const origins = await field();
    fireEvent.change(origins, { target: { value: 'https://new.acme.example' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save origins' }));
    await waitFor(() =>
      expect(screen.getByText('Each origin must be exactly https://host or https://host:port.')).toBeTruthy(),
    );
  });
});

describe('origins allowed to frame embedded signing on the settings page', () => {
  it('saves https origins and http ones on localhost, and names any other line', async () => {
    const business = makeFakeBusiness();
    const app = renderApp('/business/settings', {
      token: 'tok',
      api: {
        ...businessApi(business),
        [`PUT ${SETTINGS}`]: ({ body }) => {
          const patch = body as { embedded_signing: { allowed_origins: string[] } };
          business.settings.embeddedSigning.allowedOrigins = patch.embedded_signing.allowed_origins;
          return jsonResponse(200, snakeKeys({ settings: business.settings }));
        },
      },
    });
    const origins = (await screen.findByLabelText(
      'Origins allowed to frame signing, one a line',
    )) as HTMLTextAreaElement;
    fireEvent.change(origins, { target: { value: 'https://shop.acme.example\nhttp://shop.acme.example' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save framing origins' }));
    expect(
      await screen.findByText(
        'http://shop.acme.example is not of the form https://host or https://host:port.',
      ),
    ).toBeTruthy();
    fireEvent.change(origins, { target: { value: 'https://Shop.Acme.example\nhttp://localhost:5173' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save framing origins' }));
    expect(await screen.findByText('The settings have been saved.')).toBeTruthy();
    expect(sentBodies(app.fetch, 'PUT', SETTINGS)).toEqual([
      { embedded_signing: { allowed_origins: ['https://shop.acme.example', 'http://localhost:5173'] } },
    ]);
  });
});
