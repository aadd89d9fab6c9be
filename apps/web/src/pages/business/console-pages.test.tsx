import { snakeKeys } from '@countersign/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { businessApi, makeFakeBusiness, problem } from '../../test/business-fixtures.js';
import type { FakeBusiness } from '../../test/business-fixtures.js';
import { jsonResponse } from '../../test/fixtures.js';
import { renderApp, sentBodies } from '../../test/render-app.js';
import type { ApiHandler } from '../../test/render-app.js';

function open(path: string, extra: (b: FakeBusiness) => Record<string, ApiHandler> = () => ({})) {
  const business = makeFakeBusiness();
  const app = renderApp(path, { token: 'tok', api: { ...businessApi(business), ...extra(business) } });
  return { app, business };
}

describe('business dashboard and welcome', () => {
  it('counts admins, members, open invitations and verified domains', async () => {
    open('/business/dashboard');
    await screen.findByRole('heading', { name: 'Business dashboard' });
    await waitFor(() => expect(screen.getByTestId('count-admins').textContent).toBe('1'));
    expect(screen.getByTestId('count-members').textContent).toBe('2');
    expect(screen.getByTestId('count-invitations').textContent).toBe('1');
    expect(screen.getByTestId('count-domains').textContent).toBe('0');
    expect(screen.getByRole('link', { name: 'Manage: Verified domains' }).getAttribute('href')).toBe(
      '/business/members/domains',
    );
  });

  it('welcomes a new business with its first steps', async () => {
    open('/business/welcome');
    await screen.findByRole('heading', { name: 'Welcome to Acme' });
    expect(screen.getByRole('link', { name: 'Invite your colleagues' }).getAttribute('href')).toBe(
      '/business/members',
    );
  });
});

describe('business profile', () => {
  it('saves the name and support contact, and says when the server left an invalid one empty', async () => {
    const { app } = open('/business/profile');
    const email = await screen.findByLabelText('Support e-mail');
    fireEvent.change(screen.getByLabelText('Business name'), { target: { value: 'Acme AG' } });
    fireEvent.change(email, { target: { value: 'not valid' } });
    fireEvent.change(screen.getByLabelText('Support phone'), { target: { value: '+41 44 123 45 67' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save profile' }));
    expect(await screen.findByText('The business profile has been saved.')).toBeTruthy();
    expect(screen.getByText('The support e-mail was not valid and has been left empty.')).toBeTruthy();
    expect(sentBodies(app.fetch, 'PUT', '/v1/businesses/biz_1')).toEqual([
      { name: 'Acme AG', email: 'not valid', phone: '+41 44 123 45 67' },
    ]);
    await waitFor(() => expect(screen.getByLabelText<HTMLInputElement>('Support e-mail').value).toBe(''));
  });

  it('schedules the deletion after asking, and revokes it', async () => {
    open('/business/profile');
    fireEvent.click(await screen.findByRole('button', { name: 'Delete business' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Acme?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Schedule deletion' }));
    const notice = await screen.findByTestId('deletion-notice');
    expect(notice.textContent).toMatch(/scheduled for deletion on 1 Mar 2026/);
    expect(screen.queryByRole('button', { name: 'Delete business' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Revoke deletion' }));
    expect(await screen.findByText('The deletion has been revoked.')).toBeTruthy();
    await waitFor(() => expect(screen.queryByTestId('deletion-notice')).toBeNull());
    expect(screen.getByRole('button', { name: 'Delete business' })).toBeTruthy();
  });
});

describe('verification of the business', () => {
  it('shows it unverified, asks for it with the register number, and then shows it waiting', async () => {
    const { app } = open('/business/profile');
    const section = within(await screen.findByRole('region', { name: 'Verification of the business' }));
    expect((await section.findByTestId('verification-status')).textContent).toBe('Not verified.');
    fireEvent.change(section.getByLabelText('Commercial register entry'), {
      target: { value: ' CHE-123.456.789 ' },
    });
    fireEvent.click(section.getByRole('button', { name: 'Ask for verification' }));
    expect(await screen.findByText('The verification has been asked for.')).toBeTruthy();
    expect(sentBodies(app.fetch, 'POST', '/v1/businesses/biz_1/verification')).toEqual([
      { commercial_register: 'CHE-123.456.789' },
    ]);
    expect(section.getByTestId('verification-status').textContent).toMatch(
      /^Waiting for the operator since 7 Jan 2026\b/,
    );
    expect(section.queryByRole('button', { name: 'Ask for verification' })).toBeNull();
  });

  it('says why it cannot be asked for without a register number', async () => {
    open('/business/profile');
    const section = within(await screen.findByRole('region', { name: 'Verification of the business' }));
    fireEvent.click(await section.findByRole('button', { name: 'Ask for verification' }));
    expect(
      await section.findByText('Give your business’s commercial register number to have it verified.'),
    ).toBeTruthy();
  });
});

describe('business domains', () => {
  const claimApi = (b: FakeBusiness): Record<string, ApiHandler> => ({
    'POST /v1/businesses/biz_1/domains': ({ body }) => {
      const { domain } = body as { domain: string };
      if (domain === 'taken.example') return problem(409, 'business.domain_taken');
      const known = b.domains.find((d) => d.domain === domain);
      // the second check finds the record published
      const claim = known
        ? { ...known, verified: true, verifiedAt: '2026-01-08T00:00:00.000Z' }
        : {
            domain,
            verified: false,
            proof: { name: `_countersign.${domain}`, value: 'countersign-proof=abc123' },
            createdAt: '2026-01-08T00:00:00.000Z',
            verifiedAt: null,
          };
      b.domains = [...b.domains.filter((d) => d.domain !== domain), claim];
      return jsonResponse(200, snakeKeys(claim));
    },
    'DELETE /v1/businesses/biz_1/domains/acme.example': () => {
      b.domains = [];
      return jsonResponse(200, { ok: true });
    },
  });

  it('claims a domain, shows the DNS record to publish, checks it again and releases it', async () => {
    const { app } = open('/business/members/domains', claimApi);
    const field = await screen.findByLabelText('Domain');
    fireEvent.change(field, { target: { value: 'not a domain' } });
    fireEvent.click(screen.getByRole('button', { name: 'Claim domain' }));
    expect(await screen.findByText('Enter a domain name such as example.com')).toBeTruthy();
    expect(sentBodies(app.fetch, 'POST', '/v1/businesses/biz_1/domains')).toEqual([]);

    fireEvent.change(field, { target: { value: 'Acme.Example' } });
    fireEvent.click(screen.getByRole('button', { name: 'Claim domain' }));
    expect(await screen.findByText('_countersign.acme.example')).toBeTruthy();
    expect(screen.getByText('countersign-proof=abc123')).toBeTruthy();
    expect(screen.getByTestId('domain-status').textContent).toBe('Waiting for proof');

    fireEvent.click(screen.getByRole('button', { name: 'Check again: acme.example' }));
    expect(await screen.findByText('acme.example is verified.')).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('domain-status').textContent).toBe('Verified'));
    expect(sentBodies(app.fetch, 'POST', '/v1/businesses/biz_1/domains')).toEqual([
      { domain: 'acme.example' },
      { domain: 'acme.example' },
    ]);

    fireEvent.click(screen.getByRole('button', { name: 'Release: acme.example' }));
    const dialog = await screen.findByRole('dialog', { name: 'Release acme.example?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Release' }));
    expect(await screen.findByText('No domain claimed yet.')).toBeTruthy();
  });

  it('says when a domain belongs to another business', async () => {
    open('/business/members/domains', claimApi);
    fireEvent.change(await screen.findByLabelText('Domain'), { target: { value: 'taken.example' } });
    fireEvent.click(screen.getByRole('button', { name: 'Claim domain' }));
    expect(await screen.findByText('This domain belongs to another business.')).toBeTruthy();
  });
});

describe('business settings', () => {
  const settingsApi = (b: FakeBusiness): Record<string, ApiHandler> => ({
    'PUT /v1/businesses/biz_1/settings': ({ body }) => {
      const patch = body as {
        signature_requests?: { retention: { enabled?: boolean; terminal_state?: 'declined' } };
        mail_service?: { attachments: { signed_document: { enabled: boolean } } };
        user_pilot?: { enabled: boolean };
        company_branding?: { logo: null };
      };
      const retention = patch.signature_requests?.retention;
      if (retention) {
        b.settings.signatureRequests.retention = {
          enabled: retention.enabled ?? b.settings.signatureRequests.retention.enabled,
          terminalState: retention.terminal_state ?? b.settings.signatureRequests.retention.terminalState,
        };
      }
      if (patch.mail_service)
        b.settings.mailService.attachments.signedDocument.enabled =
          patch.mail_service.attachments.signed_document.enabled;
      if (patch.user_pilot) b.settings.userPilot = patch.user_pilot;
      if (patch.company_branding) b.settings.companyBranding.logo = null;
      return jsonResponse(200, snakeKeys({ settings: b.settings }));
    },
    'POST /v1/businesses/biz_1/settings/logo': () => {
      b.settings.companyBranding.logo = { url: '/v1/business-logos/abc.png', width: 300, height: 100 };
      return jsonResponse(200, snakeKeys({ settings: b.settings }));
    },
  });

  it('turns automatic deletion on and off through its dialogs', async () => {
    const { app } = open('/business/settings', settingsApi);
    await screen.findByText('Automatic deletion is off.');
    fireEvent.change(screen.getByLabelText('Delete requests that are'), { target: { value: 'declined' } });
    expect(sentBodies(app.fetch, 'PUT', '/v1/businesses/biz_1/settings')).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Turn on automatic deletion' }));
    let dialog = await screen.findByRole('dialog', { name: 'Turn on automatic deletion?' });
    expect(
      within(dialog).getByText(/Requests of your business that are declined will be deleted/),
    ).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Turn on' }));
    expect(await screen.findByText('Automatic deletion is on for requests that are declined.')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Turn off automatic deletion' }));
    dialog = await screen.findByRole('dialog', { name: 'Turn off automatic deletion?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Turn off' }));
    expect(await screen.findByText('Automatic deletion is off.')).toBeTruthy();
    expect(sentBodies(app.fetch, 'PUT', '/v1/businesses/biz_1/settings')).toEqual([
      { signature_requests: { retention: { enabled: true, terminal_state: 'declined' } } },
      { signature_requests: { retention: { enabled: false, terminal_state: 'declined' } } },
    ]);
  });

  it('saves the completion mail attachments, the guidance and taking part in the referral programme', async () => {
    const { app } = open('/business/settings', settingsApi);
    fireEvent.click(await screen.findByLabelText('Attach the signed documents'));
    fireEvent.click(screen.getByLabelText('Show in-app guidance to the people of the business'));
    fireEvent.click(screen.getByLabelText(/^Take part: the business gets a referral code/));
    fireEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByText('The settings have been saved.')).toBeTruthy();
    expect(sentBodies(app.fetch, 'PUT', '/v1/businesses/biz_1/settings')).toEqual([
      {
        mail_service: {
          attachments: { signed_document: { enabled: false }, signature_protocol: { enabled: true } },
        },
        user_pilot: { enabled: true },
        affiliate: { enabled: true },
      },
    ]);
  });

  it('uploads a logo as multipart, refuses a file over 1 MB before sending, and removes the logo', async () => {
    const { app } = open('/business/settings', settingsApi);
    const input = await screen.findByLabelText('Upload a logo');
    const big = new File([new Uint8Array(1024 * 1024 + 1)], 'big.png', { type: 'image/png' });
    fireEvent.change(input, { target: { files: [big] } });
    expect(await screen.findByText('The image is larger than 1 MB.')).toBeTruthy();
    const uploads = () =>
      app.fetch.mock.calls.filter(([url]) => String(url).endsWith('/v1/businesses/biz_1/settings/logo'));
    expect(uploads()).toHaveLength(0);

    const logo = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'logo.png', { type: 'image/png' });
    fireEvent.change(input, { target: { files: [logo] } });
    const image = await screen.findByRole('img', { name: 'Logo of Acme' });
    expect(new URL(image.getAttribute('src')!, 'http://x.test').searchParams.get('url')).toBe(
      '/v1/business-logos/abc.png',
    );
    const sent = uploads()[0]?.[1]?.body;
    expect(sent).toBeInstanceOf(FormData);
    expect((sent as FormData).get('logo')).toBeInstanceOf(File);

    fireEvent.click(screen.getByRole('button', { name: 'Remove logo' }));
    expect(await screen.findByText('No logo yet.')).toBeTruthy();
    expect(sentBodies(app.fetch, 'PUT', '/v1/businesses/biz_1/settings')).toEqual([
      { company_branding: { logo: null } },
    ]);
  });

  it('shows the business as deleted-soon on every console screen', async () => {
    const business = makeFakeBusiness();
    business.deletionDueAt = '2026-03-01T00:00:00.000Z';
    renderApp('/business/settings', { token: 'tok', api: businessApi(business) });
    expect(await screen.findByTestId('deletion-notice')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Revoke deletion' })).toBeTruthy();
  });
});
