import { snakeKeys } from '@countersign/contract';
import type { User } from '@countersign/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { leaveToExternal } from '../../../features/signing/leave.js';
import type * as Leave from '../../../features/signing/leave.js';
import { jsonResponse, makeUser } from '../../../test/fixtures.js';
import { renderApp, sentBodies } from '../../../test/render-app.js';
import type { ApiHandler } from '../../../test/render-app.js';

vi.mock('../../../features/signing/leave.js', async (original) => ({
  ...(await original<typeof Leave>()),
  leaveToExternal: vi.fn(() => true),
}));

const user = makeUser({ attributes: { defaultLegislation: 'zertes' } });
const identification = (over: Record<string, unknown>) => ({
  id: 'i1',
  provider: 'srs',
  method: 'video',
  legislation: 'eidas',
  status: 'success',
  progress: 'activatingQES',
  url: null,
  created_at: '2026-01-01T10:00:00.000Z',
  updated_at: '2026-01-01T10:00:00.000Z',
  ...over,
});
const detail = {
  signature_qualities: snakeKeys({
    ...user.signatureQualities,
    aes: { any: { status: 'active' } },
    qes: { eidas: { status: 'active' }, zertes: {} },
  }),
  highest_quality: 'qes',
  identification_ongoing: false,
  identifications: [
    identification({}),
    identification({
      id: 'i2',
      provider: 'intrum',
      method: 'autoident',
      legislation: 'zertes',
      status: 'failure',
    }),
  ],
};

function open(path: string, api: Record<string, ApiHandler> = {}, who: User = user) {
  return renderApp(path, {
    token: 't',
    api: {
      'GET /v1/user': () => jsonResponse(200, snakeKeys(who)),
      'GET /v3/user/signature-qualities-detail': () => jsonResponse(200, detail),
      ...api,
    },
  });
}

describe('/profile/signature-standards/update', () => {
  it('shows the level each legislation allows and leads to the one to raise', async () => {
    open('/profile/signature-standards/update');
    expect((await screen.findByTestId('level-eidas')).textContent).toContain(
      'qualified electronic signature',
    );
    // advanced counts under ZertES too, qualified does not
    expect(screen.getByTestId('level-zertes').textContent).toContain('advanced electronic signature');
    const zertes = screen.getByRole('region', {
      name: 'Identification for signatures under ZertES (Switzerland)',
    });
    fireEvent.click(within(zertes).getByRole('link', { name: 'Identify for this legislation' }));
    expect(await screen.findByRole('link', { name: 'Check your name first' })).toBeTruthy();
  });
});

describe('/profile/signature-standards/legislation', () => {
  it('starts at the default legislation, saves the one chosen and continues with its methods', async () => {
    const app = open('/profile/signature-standards/legislation', {
      'PUT /v1/user': () =>
        jsonResponse(200, snakeKeys(makeUser({ attributes: { defaultLegislation: 'eidas' } }))),
    });
    const zertes = await screen.findByRole('radio', { name: /ZertES/ });
    expect((zertes as HTMLInputElement).checked).toBe(true);
    fireEvent.click(screen.getByRole('radio', { name: /eIDAS/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(
      await screen.findByRole('heading', {
        name: 'Identification for signatures under eIDAS (European Union)',
      }),
    ).toBeTruthy();
    expect(sentBodies(app.fetch, 'PUT', '/v1/user')).toEqual([
      { attributes: { default_legislation: 'eidas' } },
    ]);
  });
});

describe('/profile/signature-standards/eidas and /zertes', () => {
  it("lists the legislation's methods and only its identifications", async () => {
    open('/profile/signature-standards/zertes');
    const list = await screen.findByRole('region', { name: 'Your identifications' });
    expect(list.textContent).toContain('The identity provider could not confirm your identity.');
    expect(list.textContent).not.toContain('Video identification (Identification for signatures under eIDAS');
    expect(screen.getByRole('link', { name: 'Automated identification' }).getAttribute('href')).toBe(
      '/profile/signature-standards/zertes/auto',
    );
    expect(screen.getByRole('link', { name: 'Video identification' }).getAttribute('href')).toBe(
      '/profile/signature-standards/zertes/video',
    );
  });
});

describe('/profile/signature-standards/{legislation}/{method}', () => {
  it('starts a method not tried yet and leaves for the provider', async () => {
    const app = open('/profile/signature-standards/eidas/self', {
      'POST /v1/user/identification/srs/robo': () =>
        jsonResponse(
          201,
          identification({ method: 'robo', status: 'initialized', url: 'https://provider.example/i3' }),
        ),
    });
    expect((await screen.findByTestId('identification-status')).textContent).toBe(
      'You have not started this identification yet.',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Go to the identity provider' }));
    await waitFor(() => expect(leaveToExternal).toHaveBeenCalledWith('https://provider.example/i3'));
    expect(sentBodies(app.fetch, 'POST', '/v1/user/identification/srs/robo')).toEqual([{}]);
  });

  it('offers an open identification to continue or cancel', async () => {
    let status = 'inprogress';
    const app = open('/profile/signature-standards/zertes/video', {
      'GET /v1/user/identification/intrum/video': () =>
        jsonResponse(
          200,
          identification({
            provider: 'intrum',
            legislation: 'zertes',
            status,
            url: 'https://provider.example/i4',
          }),
        ),
      'DELETE /v1/user/identification/intrum/video': () => {
        status = 'cancelled';
        return jsonResponse(200, identification({ provider: 'intrum', legislation: 'zertes', status }));
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Continue at the identity provider' }));
    expect(leaveToExternal).toHaveBeenCalledWith('https://provider.example/i4');
    fireEvent.click(screen.getByRole('button', { name: 'Cancel the identification' }));
    await waitFor(() =>
      expect(screen.getByTestId('identification-status').textContent).toBe(
        'The identification was cancelled.',
      ),
    );
    expect(sentBodies(app.fetch, 'DELETE', '/v1/user/identification/intrum/video')).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Go to the identity provider' })).toBeTruthy();
  });
});

describe('/profile/signature-standards/zertes/personal-details', () => {
  it('saves the name the provider compares, leaving alone what an eID confirmed', async () => {
    const confirmed = makeUser({ attributes: { immutableEidFields: ['lastName'] } });
    const app = open(
      '/profile/signature-standards/zertes/personal-details',
      { 'PUT /v1/user': () => jsonResponse(200, snakeKeys({ ...confirmed, firstName: 'Augusta Ada' })) },
      confirmed,
    );
    const last = await screen.findByLabelText('Last name');
    expect((last as HTMLInputElement).disabled).toBe(true);
    fireEvent.change(screen.getByLabelText('First name'), { target: { value: ' Augusta Ada ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(
      await screen.findByRole('heading', {
        name: 'Identification for signatures under ZertES (Switzerland)',
      }),
    ).toBeTruthy();
    expect(sentBodies(app.fetch, 'PUT', '/v1/user')).toEqual([{ first_name: 'Augusta Ada' }]);
  });
});

describe('/profile/signature-standards/mobile-id', () => {
  it('refuses a number without its country code, saves one with it', async () => {
    const app = open('/profile/signature-standards/mobile-id', {
      'PUT /v1/user': () =>
        jsonResponse(200, snakeKeys(makeUser({ attributes: { mobile: '+41791234567' } }))),
    });
    expect((await screen.findByTestId('mobile-state')).textContent).toBe(
      'You have not given a mobile number yet.',
    );
    const field = screen.getByLabelText('Mobile number');
    fireEvent.change(field, { target: { value: '079 123 45 67' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save the number' }));
    expect(
      await screen.findByText('Enter the number with its country code, for example +41 79 123 45 67'),
    ).toBeTruthy();
    expect(sentBodies(app.fetch, 'PUT', '/v1/user')).toEqual([]);
    fireEvent.change(field, { target: { value: '+41 79 123 45 67' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save the number' }));
    await waitFor(() =>
      expect(screen.getByTestId('mobile-state').textContent).toBe('Your mobile number: +41791234567'),
    );
    expect(sentBodies(app.fetch, 'PUT', '/v1/user')).toEqual([{ attributes: { mobile: '+41791234567' } }]);
  });

  it('removes the number', async () => {
    const app = open(
      '/profile/signature-standards/mobile-id',
      { 'PUT /v1/user': () => jsonResponse(200, snakeKeys(makeUser())) },
      makeUser({ attributes: { mobile: '+41791234567' } }),
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Remove the number' }));
    await waitFor(() =>
      expect(screen.getByTestId('mobile-state').textContent).toBe('You have not given a mobile number yet.'),
    );
    expect(sentBodies(app.fetch, 'PUT', '/v1/user')).toEqual([{ attributes: { mobile: null } }]);
  });
});
