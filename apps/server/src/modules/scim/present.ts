// A provisioned person as a SCIM User resource (RFC 7643 4.1): the id is the account's, the
// userName its e-mail address, and `active` whether the provider keeps them a member.
import { SCIM_USER_SCHEMA, type ScimUser } from '@countersign/contract';
import type { ScimUserRecord } from './repo.js';

export interface PersonFields {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
}

export function presentScimUser(baseUrl: string, record: ScimUserRecord, person: PersonFields): ScimUser {
  const formatted = `${person.firstName} ${person.lastName}`.trim();
  return {
    schemas: [SCIM_USER_SCHEMA],
    id: person.id,
    ...(record.externalId !== null && { externalId: record.externalId }),
    userName: person.email,
    name: { givenName: person.firstName, familyName: person.lastName, formatted },
    displayName: formatted || person.email,
    emails: [{ value: person.email, type: 'work', primary: true }],
    active: record.active,
    meta: {
      resourceType: 'User',
      created: record.createdAt,
      lastModified: record.updatedAt,
      location: `${baseUrl}/Users/${person.id}`,
    },
  };
}
