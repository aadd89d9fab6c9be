import { snakeKeys } from '@countersign/contract';
import type { Aes4Biz } from '@countersign/contract';
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { businessApi, makeFakeBusiness, problem } from '../../test/business-fixtures.js';
import { jsonResponse } from '../../test/fixtures.js';
import { renderApp, sentBodies } from '../../test/render-app.js';

function open() {
  const business = makeFakeBusiness();
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
});
