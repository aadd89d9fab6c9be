import type { ApiUser } from '@countersign/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { businessApi, makeFakeBusiness } from '../../test/business-fixtures.js';
import { apiUserApi } from '../../test/console-fixtures.js';
import { renderApp, sentBodies } from '../../test/render-app.js';
import { curlCommand } from './api-user-secret.js';

const existing = (): ApiUser => ({
  username: 'api_00000000000000000001',
  description: 'Invoicing system',
  createdAt: '2026-01-06T09:00:00.000Z',
  secretSetAt: '2026-01-06T09:00:00.000Z',
  signerEmail: 'api_00000000000000000001@api.countersign.invalid',
});

function open(users: ApiUser[] = []) {
  const business = makeFakeBusiness();
  const app = renderApp('/business/developers/api', {
    token: 'tok',
    api: { ...businessApi(business), ...apiUserApi(business, users) },
  });
  return { app, users };
}

afterEach(() => vi.unstubAllGlobals());

describe('API users', () => {
  it('creates an API user and shows its secret once, copyable, with a curl call against this server', async () => {
    const writeText = vi.fn<(text: string) => Promise<void>>().mockResolvedValue(undefined);
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    const { app } = open();
    expect(await screen.findByText('No API user yet.')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Description'), { target: { value: 'ERP export' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create API user' }));

    const shown = await screen.findByTestId('api-secret');
    expect(within(shown).getByRole('heading', { name: 'API user created' })).toBeTruthy();
    expect(within(shown).getByTestId('api-secret-value').textContent).toBe('secret-1');
    expect(within(shown).getByTestId('curl-example').textContent).toBe(
      `curl -u 'api_00000000000000000001:secret-1' '${window.location.origin}/v3/signature-requests-redesign?page=1&size=25'`,
    );
    fireEvent.click(within(shown).getByRole('button', { name: 'Copy the secret' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith('secret-1'));
    expect(await within(shown).findByText('Copied.')).toBeTruthy();
    expect(sentBodies(app.fetch, 'POST', '/v1/businesses/biz_1/apis')).toEqual([
      { description: 'ERP export' },
    ]);
    expect(await screen.findByText('ERP export')).toBeTruthy();

    // once stored, the secret is gone from the page for good
    fireEvent.click(within(shown).getByRole('button', { name: 'I have stored the secret' }));
    expect(screen.queryByTestId('api-secret')).toBeNull();
    expect(screen.queryByText('secret-1')).toBeNull();
    expect(screen.getByTestId('curl-example').textContent).toContain("'api_00000000000000000001:<secret>'");
  });

  it('says the text can be selected where the browser refuses to copy', async () => {
    const writeText = vi.fn<(text: string) => Promise<void>>().mockRejectedValue(new Error('denied'));
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    open([existing()]);
    fireEvent.click(await screen.findByRole('button', { name: 'Copy the curl command' }));
    expect(await screen.findByText('Copying is not possible here: select the text instead.')).toBeTruthy();
  });

  it('changes the description of an API user', async () => {
    const { app } = open([existing()]);
    fireEvent.click(
      await screen.findByRole('button', { name: 'Change description: api_00000000000000000001' }),
    );
    const field = screen.getByLabelText('Description of api_00000000000000000001');
    fireEvent.change(field, { target: { value: 'Invoicing, production' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The description has been saved.')).toBeTruthy();
    expect(await screen.findByText('Invoicing, production')).toBeTruthy();
    expect(sentBodies(app.fetch, 'PUT', '/v1/businesses/biz_1/apis/api_00000000000000000001')).toEqual([
      { description: 'Invoicing, production' },
    ]);
  });

  it('makes a new secret after asking, and shows it once', async () => {
    open([existing()]);
    fireEvent.click(await screen.findByRole('button', { name: 'New secret: api_00000000000000000001' }));
    const dialog = await screen.findByRole('dialog', {
      name: 'Make a new secret for api_00000000000000000001?',
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Make new secret' }));
    const shown = await screen.findByTestId('api-secret');
    expect(within(shown).getByRole('heading', { name: 'New secret made' })).toBeTruthy();
    expect(within(shown).getByTestId('api-secret-value').textContent).toBe('secret-1');
  });

  it('deletes an API user after asking', async () => {
    const { users } = open([existing()]);
    fireEvent.click(await screen.findByRole('button', { name: 'Delete: api_00000000000000000001' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete api_00000000000000000001?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete API user' }));
    expect(await screen.findByText('api_00000000000000000001 has been deleted.')).toBeTruthy();
    expect(await screen.findByText('No API user yet.')).toBeTruthy();
    expect(users).toEqual([]);
  });

  it('links the OpenAPI document and its browsable form', async () => {
    open();
    expect((await screen.findByRole('link', { name: 'OpenAPI document (JSON)' })).getAttribute('href')).toBe(
      '/api/openapi.json',
    );
    expect(screen.getByRole('link', { name: 'API documentation' }).getAttribute('href')).toBe('/api/docs');
  });
});

describe('curl command', () => {
  it('names this server, the credentials and a call API users may make', () => {
    expect(curlCommand('https://sign.example', 'api_1', 's3cr3t')).toBe(
      "curl -u 'api_1:s3cr3t' 'https://sign.example/v3/signature-requests-redesign?page=1&size=25'",
    );
  });
});
