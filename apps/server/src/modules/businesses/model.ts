// The business as the server keeps it, and the people, invitations and domains around it.
import type { BusinessSettings } from '@countersign/contract';
import type { Language } from '@countersign/domain';

export type BusinessRole = 'admin' | 'member';

export interface BusinessRecord {
  id: string;
  name: string;
  country: string;
  settings: BusinessSettings;
  createdBy: string;
  createdAt: string;
  updatedAt: string;
  gtcAcceptedAt: string | null;
  dpaAcceptedAt: string | null;
  deletionDueAt: string | null;
}

export interface BusinessPerson {
  userId: string;
  email: string;
  firstName: string;
  lastName: string;
  role: BusinessRole;
  joinedAt: string;
}

export interface InvitationRecord {
  id: string;
  businessId: string;
  email: string;
  lang: Language;
  invitedBy: string;
  createdAt: string;
}

export interface DomainRecord {
  domain: string;
  businessId: string;
  proof: string;
  createdAt: string;
  verifiedAt: string | null;
}

export interface Page<T> {
  items: T[];
  page: number;
  size: number;
  total: number;
}
