import { describe, expect, it } from 'vitest';
import { parseInvitees } from './invitee-list.js';

describe('parseInvitees', () => {
  it('reads addresses one per line or separated by commas, semicolons or spaces, lower-cased', () => {
    expect(
      parseInvitees(' Bob@Example.com,carol@example.org;\n dave@example.net  eve@example.com\n'),
    ).toEqual({
      kind: 'ok',
      emails: ['bob@example.com', 'carol@example.org', 'dave@example.net', 'eve@example.com'],
    });
  });

  it('names the first invalid or repeated address, and refuses nothing or more than 100', () => {
    expect(parseInvitees(' \n ')).toEqual({ kind: 'empty' });
    expect(parseInvitees('bob@example.com, not-an-address')).toEqual({
      kind: 'invalid',
      email: 'not-an-address',
    });
    expect(parseInvitees('bob@example.com\nBOB@example.com')).toEqual({
      kind: 'twice',
      email: 'bob@example.com',
    });
    const many = Array.from({ length: 101 }, (_, i) => `p${i}@example.com`).join('\n');
    expect(parseInvitees(many)).toEqual({ kind: 'too-many' });
  });

  it('takes a smaller limit (the members a signer group may have)', () => {
    expect(parseInvitees('a@example.com b@example.com', 2)).toMatchObject({ kind: 'ok' });
    expect(parseInvitees('a@example.com b@example.com c@example.com', 2)).toEqual({ kind: 'too-many' });
  });
});
