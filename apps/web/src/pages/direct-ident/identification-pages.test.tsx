import { snakeKeys } from '@countersign/contract';
import type { IdentMethod } from '@countersign/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { leaveToExternal, leaveToWallet } from '../../features/signing/leave.js';
import type * as Leave from '../../features/signing/leave.js';
import { jsonResponse, makeUser } from '../../test/fixtures.js';
import { renderApp, sentBodies } from '../../test/render-app.js';
import type { ApiHandler } from '../../test/render-app.js';
import { makeDirectUser, makeLinkStatus, makeRequest } from '../sign/sign-fixtures.js';

vi.mock('../../features/signing/leave.js', async (original) => ({
  ...(await original<typeof Leave>()),
  leaveToExternal: vi.fn(() => true),
  leaveToWallet: vi.fn(() => true),
}));

const token = 'tok_abcdefghijklmnopqrstuvwxyz012345';
const identification = (status: string) => ({
  id: 'i1',
  provider: 'srs',
  method: 'video',
  legislation: 'eidas',
  status,
  progress: status === 'success' ? 'activatingQES' : status,
  url: status === 'initialized' || status === 'inprogress' ? 'https://provider.example/ident/i1' : null,
  createdAt: '2026-01-01T10:00:00.000Z',
  updatedAt: '2026-01-01T10:00:00.000Z',
});
const need = (overrides: Partial<IdentMethod> = {}) =>
  snakeKeys({
    signatureId: 'sig1',
    quality: 'qes',
    legislation: 'eidas',
    isSatisfied: false,
    methods: [
      { provider: 'srs', method: 'video' },
      { provider: 'srs', method: 'robo' },
    ],
    identification: null,
    ...overrides,
  });

function directApi(overrides: Record<string, ApiHandler> = {}): Record<string, ApiHandler> {
  const request = makeRequest({
    quality: 'qes',
    you: { roles: ['direct_signer'], signatureId: 'sig1', allowedActions: ['view', 'sign', 'decline'] },
  });
  const user = makeDirectUser();
  return {
    'GET /v3/direct/link': () => jsonResponse(200, snakeKeys(makeLinkStatus())),
    'GET /v3/direct/signature-requests/sr1': () => jsonResponse(200, snakeKeys(request)),
    'GET /v1/direct/user': () => jsonResponse(200, snakeKeys(user)),
    'PUT /v1/direct/user': ({ body }) => jsonResponse(200, snakeKeys({ ...user, ...(body as object) })),
    'GET /v1/direct/visual-signature': () =>
      jsonResponse(200, { id: 'direct', alias: 'Default', name: 'ada@example.com' }),
    'GET /v3/signature-requests/sr1/signatures/sig1/ident-method': () => jsonResponse(200, need()),
    'POST /v1/direct/user/identification/srs/video': () =>
      jsonResponse(201, snakeKeys(identification('initialized'))),
    ...overrides,
  };
}

/** The link session /view/{id}/{userid} leaves in the tab, which the provider's return relies on. */
const rememberLink = () =>
  sessionStorage.setItem(
    'countersign.direct-session',
    JSON.stringify({ requestId: 'sr1', signerId: 'sig1', token }),
  );

beforeEach(() => {
  sessionStorage.clear();
  vi.mocked(leaveToExternal).mockClear();
  vi.mocked(leaveToWallet).mockClear();
});

describe('link holder identification (/direct-sign/identification/...)', () => {
  it('leads a link holder without the quality from the request to the provider', async () => {
    const app = renderApp(`/view/sr1/sig1?token=${token}`, { api: directApi() });
    const notice = await screen.findByRole('region', { name: 'Identify yourself to sign' });
    expect(notice.textContent).toContain('asks for a qualified signature');
    const bar = screen.getByRole('region', { name: 'Sign or decline' });
    expect(within(bar).queryByRole('button', { name: 'Sign' })).toBeNull();
    fireEvent.click(within(bar).getByRole('link', { name: 'Identify yourself' }));
    await waitFor(() => expect(app.location()).toBe('/direct-sign/identification/sr1/sig1/preview'));
    fireEvent.click(await screen.findByRole('link', { name: 'Choose how to identify' }));
    await waitFor(() => expect(app.location()).toBe('/direct-sign/identification/eidas'));

    await screen.findByRole('heading', { name: 'Choose how to identify yourself' });
    expect(screen.getByRole('link', { name: 'Automated identification' })).toBeTruthy();
    fireEvent.click(screen.getByRole('link', { name: 'Video identification' }));
    await waitFor(() => expect(app.location()).toBe('/direct-sign/identification/eidas/video'));
    fireEvent.click(await screen.findByRole('button', { name: 'Go to the identity provider' }));
    await waitFor(() => expect(leaveToExternal).toHaveBeenCalledWith('https://provider.example/ident/i1'));
    const call = app.fetch.mock.calls.find(([input]) =>
      String(input).startsWith('/v1/direct/user/identification/srs/video'),
    );
    expect(new Headers(call?.[1]?.headers).get('x-link-token')).toBe(token);
    expect(sentBodies(app.fetch, 'POST', '/v1/direct/user/identification/srs/video')).toEqual([
      { signature_request_id: 'sr1' },
    ]);
  });

  it('shows the identification while the provider works and returns to the request once done', async () => {
    let answer = need({ identification: identification('inprogress') as IdentMethod['identification'] });
    rememberLink();
    const app = renderApp('/direct-sign/identification/sr1/sig1', {
      api: directApi({
        'GET /v3/signature-requests/sr1/signatures/sig1/ident-method': () => jsonResponse(200, answer),
      }),
    });
    expect(
      await screen.findByText('Your identification is in progress. This page updates by itself.'),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Continue at the identity provider' }));
    expect(leaveToExternal).toHaveBeenCalledWith('https://provider.example/ident/i1');
    answer = need({
      isSatisfied: true,
      methods: [],
      identification: identification('success') as IdentMethod['identification'],
    });
    await waitFor(() => expect(app.location()).toBe('/view/sr1/sig1'), { timeout: 5000 });
  });

  it('speaks the link holder’s language, Italian included, as the request view does', async () => {
    rememberLink();
    renderApp('/direct-sign/identification/eidas', {
      api: directApi({
        'GET /v1/direct/user': () => jsonResponse(200, snakeKeys(makeDirectUser({ lang: 'it' }))),
      }),
    });
    expect(await screen.findByRole('heading', { name: 'Scegliete come identificarvi' })).toBeTruthy();
    expect(document.documentElement.lang).toBe('it');
  });

  it('offers another try after the provider could not confirm the identity', async () => {
    rememberLink();
    const app = renderApp('/direct-sign/identification/sr1/sig1', {
      api: directApi({
        'GET /v3/signature-requests/sr1/signatures/sig1/ident-method': () =>
          jsonResponse(
            200,
            need({ identification: identification('failure') as IdentMethod['identification'] }),
          ),
      }),
    });
    expect(await screen.findByText('The identity provider could not confirm your identity.')).toBeTruthy();
    fireEvent.click(screen.getByRole('link', { name: 'Try again' }));
    await waitFor(() => expect(app.location()).toBe('/direct-sign/identification/eidas'));
  });

  it('lets a ZertES signer check their name before choosing a method', async () => {
    rememberLink();
    const app = renderApp('/direct-sign/identification/zertes/personal-details', {
      api: directApi({
        'GET /v3/signature-requests/sr1/signatures/sig1/ident-method': () =>
          jsonResponse(
            200,
            need({
              legislation: 'zertes',
              methods: [
                { provider: 'intrum', method: 'video' },
                { provider: 'intrum', method: 'autoident' },
              ],
            }),
          ),
      }),
    });
    fireEvent.change(await screen.findByLabelText('First name'), { target: { value: 'Zoe' } });
    fireEvent.change(screen.getByLabelText('Last name'), { target: { value: 'Zurich' } });
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(app.location()).toBe('/direct-sign/identification/zertes'));
    expect(sentBodies(app.fetch, 'PUT', '/v1/direct/user')).toEqual([
      { first_name: 'Zoe', last_name: 'Zurich' },
    ]);
    expect(await screen.findByRole('link', { name: 'Video identification' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Automated identification' }).getAttribute('href')).toBe(
      '/direct-sign/identification/zertes/auto',
    );
  });

  it('sends an account holder without the quality to their profile', async () => {
    renderApp('/view/sr1', {
      token: 't',
      api: {
        'GET /v1/user': () => jsonResponse(200, snakeKeys(makeUser())),
        'GET /v3/signature-requests/sr1': () => jsonResponse(200, snakeKeys(makeRequest({ quality: 'aes' }))),
        'GET /v3/signature-requests/sr1/events': () => jsonResponse(200, { events: [], chain_valid: true }),
        'GET /v1/user/visual-signatures': () => jsonResponse(200, { items: [] }),
        'GET /v3/signature-requests/sr1/signatures/sig1/ident-method': () =>
          jsonResponse(200, need({ quality: 'aes' })),
      },
    });
    const notice = await screen.findByRole('region', { name: 'Identify yourself to sign' });
    expect(notice.textContent).toContain('asks for an advanced signature');
    expect(within(notice).getByRole('link', { name: 'Identify yourself' }).getAttribute('href')).toBe(
      '/profile/signature-standards',
    );
  });

  it('treats a visitor without a link in this tab as any other unauthenticated visitor', async () => {
    const app = renderApp('/direct-sign/identification/eidas', { api: directApi() });
    await waitFor(() => expect(app.location()).toBe('/login'));
  });

  it('says the link is not valid when the tab holds another request’s link', async () => {
    rememberLink();
    renderApp('/direct-sign/identification/sr2/sig9', { api: directApi() });
    expect(await screen.findByRole('heading', { name: 'This link is not valid' })).toBeTruthy();
  });

  it('offers the wallet for an advanced signature and hands its request to the wallet', async () => {
    rememberLink();
    const methods: IdentMethod['methods'] = [
      { provider: 'srs', method: 'video' },
      { provider: 'srs', method: 'robo' },
      { provider: 'wallet', method: 'pid' },
    ];
    const api = directApi({
      'GET /v3/signature-requests/sr1/signatures/sig1/ident-method': () =>
        jsonResponse(200, need({ quality: 'aes', methods })),
      'POST /v1/direct/user/identification/wallet/pid': () =>
        jsonResponse(
          201,
          snakeKeys({
            ...identification('initialized'),
            provider: 'wallet',
            method: 'pid',
            url: 'openid4vp://?state=s',
          }),
        ),
    });
    const app = renderApp('/direct-sign/identification/eidas', { api });
    const wallet = await screen.findByRole('region', { name: 'Identify with your digital identity wallet' });
    fireEvent.click(within(wallet).getByRole('button', { name: 'Open my wallet' }));
    await waitFor(() => expect(leaveToWallet).toHaveBeenCalledWith('openid4vp://?state=s'));
    // the wallet's identification is for the link's request
    expect(sentBodies(app.fetch, 'POST', '/v1/direct/user/identification/wallet/pid')).toEqual([
      { signature_request_id: 'sr1' },
    ]);
  });

  it('does not offer the wallet for a qualified signature, which it cannot give', async () => {
    rememberLink();
    renderApp('/direct-sign/identification/eidas', { api: directApi() });
    await waitFor(() =>
      expect(screen.queryByRole('region', { name: 'Identify with your digital identity wallet' })).toBeNull(),
    );
    expect(await screen.findByRole('link', { name: 'Video identification' })).toBeTruthy();
  });
});

describe('/direct-sign/identification/{id}/{userid}/preview', () => {
  it('says what the identification is for and whom it will name, then leads to the methods', async () => {
    rememberLink();
    const app = renderApp('/direct-sign/identification/sr1/sig1/preview', {
      api: directApi({
        'GET /v1/direct/user': () =>
          jsonResponse(200, snakeKeys(makeDirectUser({ firstName: 'Ada', lastName: 'Lovelace' }))),
        'GET /v3/signature-requests/sr1/signatures/sig1/ident-method': () =>
          jsonResponse(
            200,
            need({ legislation: 'zertes', methods: [{ provider: 'intrum', method: 'autoident' }] }),
          ),
      }),
    });
    expect((await screen.findByTestId('preview-level')).textContent).toBe(
      'qualified electronic signature · Identification for signatures under ZertES (Switzerland)',
    );
    expect(screen.getByTestId('preview-name').textContent).toBe('Ada Lovelace');
    // only the method the server says would help
    expect(screen.getByRole('listitem').textContent).toBe('Automated identification');
    fireEvent.click(screen.getByRole('link', { name: 'Check your name first' }));
    await waitFor(() => expect(app.location()).toBe('/direct-sign/identification/zertes/personal-details'));
  });

  it('sends a signer who may already sign back to the request', async () => {
    rememberLink();
    const app = renderApp('/direct-sign/identification/sr1/sig1/preview', {
      api: directApi({
        'GET /v3/signature-requests/sr1/signatures/sig1/ident-method': () =>
          jsonResponse(200, need({ isSatisfied: true, methods: [] })),
      }),
    });
    await waitFor(() => expect(app.location()).toBe('/view/sr1/sig1'));
  });
});
