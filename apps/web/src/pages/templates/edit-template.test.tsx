// Editing a saved template on /templates (ADR 100): only a template the person may change offers
// "Edit"; its name, defaults and roles are changed and a field is placed for a role over the
// template's own pages, and the change is saved with PUT /v3/templates/{id}; a PDF is uploaded into
// it, and a document removed takes its fields with it.
import type { Template } from '@countersign/contract';
import { snakeKeys } from '@countersign/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { jsonResponse, makeUser } from '../../test/fixtures.js';
import { renderApp, sentBodies } from '../../test/render-app.js';

beforeAll(() => {
  URL.createObjectURL = vi.fn(() => 'blob:page');
  URL.revokeObjectURL = vi.fn();
});

const page = { width: 595, height: 842 };

function makeTemplate(overrides: Partial<Template> = {}): Template {
  return {
    id: 'tpl1',
    name: 'Lease',
    shared: false,
    ownerEmail: 'ada@example.com',
    defaults: {
      title: 'Lease',
      message: 'Please sign',
      quality: 'ses',
      legislation: 'eidas',
      deadlineDays: 14,
      reminderDays: null,
    },
    roles: [
      { id: 'role-1', name: 'Landlord' },
      { id: 'role-2', name: 'Tenant' },
    ],
    documents: [
      {
        id: 'doc1',
        title: 'Lease',
        fileName: 'lease.pdf',
        pageCount: 1,
        pages: [page],
        sha256: 'a'.repeat(64),
        size: 1000,
      },
    ],
    fields: [
      {
        id: 'sig-tenant',
        documentId: 'doc1',
        roleId: 'role-2',
        kind: 'signature',
        required: true,
        label: '',
        page: 1,
        x: 300,
        y: 100,
        width: 150,
        height: 70,
      },
    ],
    createdAt: '2026-03-01T09:00:00.000Z',
    updatedAt: '2026-03-01T09:00:00.000Z',
    allowedActions: ['view', 'use', 'update', 'delete'],
    ...overrides,
  };
}

function open(templates: Template[]) {
  return renderApp('/templates', {
    token: 't',
    api: {
      'GET /v1/user': () => jsonResponse(200, snakeKeys(makeUser())),
      'GET /v3/templates': () =>
        jsonResponse(200, snakeKeys({ items: templates, sharedWithBusiness: false })),
      'PUT /v3/templates/tpl1': ({ body }) =>
        jsonResponse(200, { ...(snakeKeys(templates[0]!) as object), ...(body as object) }),
      'GET /v3/templates/tpl1/documents/doc1/pages/1': () =>
        new Response(new Blob(['page']), { status: 200, headers: { 'content-type': 'image/webp' } }),
      'POST /v3/templates/tpl1/documents': () =>
        jsonResponse(
          201,
          snakeKeys(
            makeTemplate({
              documents: [
                ...makeTemplate().documents,
                { ...makeTemplate().documents[0]!, id: 'doc2', fileName: 'annex.pdf', title: 'annex' },
              ],
            }),
          ),
        ),
      'DELETE /v3/templates/tpl1/documents/doc1': () =>
        jsonResponse(200, snakeKeys(makeTemplate({ documents: [], fields: [] }))),
    },
  });
}

// the page is loaded lazily, which takes a while on a busy machine
describe('editing a template', { timeout: 90_000 }, () => {
  it('is offered only on templates the person may change', async () => {
    open([makeTemplate({ allowedActions: ['view', 'use'] })]);
    const row = await screen.findByTestId('template-row', {}, { timeout: 30_000 });
    expect(within(row).getByRole('button', { name: 'Use' })).toBeTruthy();
    expect(within(row).queryByRole('button', { name: 'Edit' })).toBeNull();
  });

  it('saves the name, defaults, roles and a field placed over the template’s own pages', async () => {
    const app = open([makeTemplate()]);
    fireEvent.click(
      within(await screen.findByTestId('template-row', {}, { timeout: 30_000 })).getByRole('button', {
        name: 'Edit',
      }),
    );
    const form = await screen.findByRole('form', { name: 'Edit “Lease”' });
    fireEvent.change(within(form).getByLabelText('Template name'), { target: { value: 'Lease 2027' } });
    fireEvent.change(within(form).getByLabelText(/^Deadline/), { target: { value: '' } });
    fireEvent.change(within(form).getByLabelText('Role 1'), { target: { value: 'Owner' } });
    // the pages shown are the template's, not a request's
    await waitFor(() =>
      expect(
        app.fetch.mock.calls.some(([input]) =>
          String(input).includes('/v3/templates/tpl1/documents/doc1/pages/1?scale='),
        ),
      ).toBe(true),
    );
    // the first role places a text field from the palette
    fireEvent.click(within(form).getByRole('radio', { name: 'Owner' }));
    fireEvent.click(within(form).getByRole('button', { name: 'Text' }));
    fireEvent.click(within(form).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(sentBodies(app.fetch, 'PUT', '/v3/templates/tpl1')).toHaveLength(1));
    const [sent] = sentBodies(app.fetch, 'PUT', '/v3/templates/tpl1') as Record<string, unknown>[];
    expect(sent).toMatchObject({
      name: 'Lease 2027',
      defaults: { title: 'Lease', message: 'Please sign', deadline_days: null, reminder_days: null },
      roles: [
        { id: 'role-1', name: 'Owner' },
        { id: 'role-2', name: 'Tenant' },
      ],
    });
    const fields = sent!['fields'] as { id: string; role_id: string; kind: string; document_id: string }[];
    expect(fields.map((f) => [f.role_id, f.kind, f.document_id])).toEqual([
      ['role-2', 'signature', 'doc1'],
      ['role-1', 'text', 'doc1'],
    ]);
    expect(fields[0]!.id).toBe('sig-tenant');
    expect(await screen.findByText('Template “Lease 2027” saved.')).toBeTruthy();
  });

  it('removes a role together with the fields placed for it', async () => {
    const app = open([makeTemplate()]);
    fireEvent.click(
      within(await screen.findByTestId('template-row', {}, { timeout: 30_000 })).getByRole('button', {
        name: 'Edit',
      }),
    );
    const form = await screen.findByRole('form', { name: 'Edit “Lease”' });
    fireEvent.click(within(form).getByRole('button', { name: 'Remove Tenant and its fields' }));
    fireEvent.click(within(form).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(sentBodies(app.fetch, 'PUT', '/v3/templates/tpl1')).toHaveLength(1));
    expect(sentBodies(app.fetch, 'PUT', '/v3/templates/tpl1')[0]).toMatchObject({
      roles: [{ id: 'role-1', name: 'Landlord' }],
      fields: [],
    });
  });

  it('uploads a PDF into the template, and removes a document with its fields', async () => {
    const app = open([makeTemplate()]);
    fireEvent.click(
      within(await screen.findByTestId('template-row', {}, { timeout: 30_000 })).getByRole('button', {
        name: 'Edit',
      }),
    );
    const form = await screen.findByRole('form', { name: 'Edit “Lease”' });
    const pdf = new File(['%PDF-1.7'], 'annex.pdf', { type: 'application/pdf' });
    fireEvent.change(within(form).getByLabelText('Add PDFs'), { target: { files: [pdf] } });
    expect(await within(form).findByRole('button', { name: 'Remove annex.pdf' })).toBeTruthy();
    const upload = app.fetch.mock.calls.find(
      ([input, init]) => init?.method === 'POST' && String(input).endsWith('/v3/templates/tpl1/documents'),
    );
    const sentForm = upload?.[1]?.body as FormData;
    expect((sentForm.get('documents') as File).name).toBe('annex.pdf');

    fireEvent.click(within(form).getByRole('button', { name: 'Remove lease.pdf' }));
    await waitFor(() => expect(within(form).queryByText(/^lease\.pdf/)).toBeNull());
    fireEvent.click(within(form).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(sentBodies(app.fetch, 'PUT', '/v3/templates/tpl1')).toHaveLength(1));
    // the tenant's signature lay on the removed document: it goes with it
    expect(sentBodies(app.fetch, 'PUT', '/v3/templates/tpl1')[0]).toMatchObject({ fields: [] });
  });
});
