import { snakeKeys } from '@countersign/contract';
import type { Aes4Biz } from '@countersign/contract';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { businessApi, makeFakeBusiness, problem } from '../../test/business-fixtures.js';
import { jsonResponse } from '../../test/fixtures.js';
import { renderApp, sentBodies } from '../../test/render-app.js';

function open(verified = false) {
  const business = makeFakeBusiness();
  if (verified) business.verificationStatus = 'verified';
  business.domains = [
    {
      domain: 'acme.example',
      verified: true,
      proof: { name: '_countersign.acme.example', value: 'x' },
      createdAt: '2026-01-06T09:00:00.000Z',
      verifiedAt: '2026-01-06T10:00:00.000Z',
    },
    {
      domain: 'pending.example',
      verified: false,
      proof: { name: '_countersign.pending.example', value: 'y' },
      createdAt: '2026-01-06T09:00:00.000Z',
      verifiedAt: null,
    },
  ];
  let aes4biz: Aes4Biz = {
    enabled: false,
    representativeName: '',
    representativeEmail: '',
    commercialRegister: '',
    domains: [],
  };
  const app = renderApp('/business/profile/aes-for-business', {
    token: 'tok',
    api: {
      ...businessApi(business),
      'GET /v2/businesses/biz_1/aes4biz': () => jsonResponse(200, snakeKeys({ aes4biz })),
      'PUT /v2/businesses/biz_1/aes4biz': ({ body }) => {
        const next = body as { enabled: boolean; commercial_register: string; domains: string[] };
        if (next.enabled && (!next.commercial_register || next.domains.length === 0))
          return problem(422, 'business.aes4biz_incomplete');
        aes4biz = {
          ...aes4biz,
          enabled: next.enabled,
          commercialRegister: next.commercial_register,
          domains: next.domains,
        };
        return jsonResponse(200, snakeKeys({ aes4biz }));
      },
    },
  });
  return app;
}

describe('AES for business', () => {
  it('offers the verified domains only, and saves the representative, the register and the domains', async () => {
    const app = open();
    const enabled = await screen.findByLabelText('Sign at the advanced level on the word of the business');
    expect(screen.getByLabelText('acme.example')).toBeTruthy();
    expect(screen.queryByLabelText('pending.example')).toBeNull();

    fireEvent.click(enabled);
    fireEvent.change(screen.getByLabelText('E-mail of the representative'), { target: { value: 'nope' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Please enter a valid email')).toBeTruthy();
    expect(sentBodies(app.fetch, 'PUT', '/v2/businesses/biz_1/aes4biz')).toEqual([]);

    fireEvent.change(screen.getByLabelText('Name of the representative'), {
      target: { value: ' Ada Tester ' },
    });
    fireEvent.change(screen.getByLabelText('E-mail of the representative'), {
      target: { value: 'Ada@Acme.example' },
    });
    fireEvent.change(screen.getByLabelText('Commercial register entry'), {
      target: { value: 'CHE-123.456.789' },
    });
    fireEvent.click(screen.getByLabelText('acme.example'));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('AES for business has been saved.')).toBeTruthy();
    expect(sentBodies(app.fetch, 'PUT', '/v2/businesses/biz_1/aes4biz')).toEqual([
      {
        enabled: true,
        representative_name: 'Ada Tester',
        representative_email: 'ada@acme.example',
        commercial_register: 'CHE-123.456.789',
        domains: ['acme.example'],
      },
    ]);
  });

  it('says what is missing when the server refuses to turn it on', async () => {
    open();
    fireEvent.click(await screen.findByLabelText('Sign at the advanced level on the word of the business'));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(
      await screen.findByText(
        "AES for business needs the representative's name and e-mail, the commercial register and a domain first.",
      ),
    ).toBeTruthy();
  });

  it('says it vouches for nobody until the business is verified, and approves the names it vouches for', async () => {
    const app = open();
    expect(await screen.findByText(/Your business vouches for nobody until the operator/)).toBeTruthy();
    const rows = await screen.findAllByTestId('vouched-name-row');
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringContaining('ada@acme.example'),
      expect.stringContaining('bob@acme.example'),
      expect.stringContaining('cleo@acme.example'),
    ]);
    const bob = within(rows[1]!);
    expect(bob.getByText('No name approved: the business does not vouch for this person.')).toBeTruthy();
    // the account's own name is offered; the admin writes it as the identity documents give it
    const field = bob.getByLabelText<HTMLInputElement>('Name vouched for bob@acme.example');
    expect(field.value).toBe('Bob Tester');
    fireEvent.change(field, { target: { value: ' Robert Tester ' } });
    fireEvent.click(bob.getByRole('button', { name: 'Approve name' }));
    expect(await screen.findByText('The name has been approved.')).toBeTruthy();
    expect(sentBodies(app.fetch, 'PUT', '/v2/businesses/biz_1/aes4biz/vouched-names/usr_2')).toEqual([
      { name: 'Robert Tester' },
    ]);
    expect(await bob.findByText('Vouched for as Robert Tester.')).toBeTruthy();
    fireEvent.click(bob.getByRole('button', { name: 'Withdraw: bob@acme.example' }));
    expect(await screen.findByText('The business no longer vouches for this person.')).toBeTruthy();
    expect(sentBodies(app.fetch, 'DELETE', '/v2/businesses/biz_1/aes4biz/vouched-names/usr_2')).toHaveLength(
      1,
    );
  });

  it('says nothing of verification once the business is verified', async () => {
    open(true);
    await screen.findAllByTestId('vouched-name-row');
    expect(screen.queryByText(/Your business vouches for nobody until the operator/)).toBeNull();
  });
});
