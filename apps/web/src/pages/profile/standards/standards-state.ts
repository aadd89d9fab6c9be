// What the signature-standards screens read: the person's qualities and identifications (GET
// /v3/user/signature-qualities-detail), asked again every few seconds while an identification is
// open, and the level each legislation lets them sign at (the domain's canSignAt, so the screens
// and the server never disagree).
import { identificationEndpoints } from '@countersign/contract';
import type { Identification } from '@countersign/contract';
import { canSignAt } from '@countersign/domain';
import type { SignatureQualities } from '@countersign/domain';
import { useQuery } from '@tanstack/react-query';
import { useServices } from '../../../app/services.js';
import { IDENTIFICATION_POLL_MS } from '../../direct-ident/identification-status-page.js';
import { isOpenIdentification } from '../../direct-ident/methods.js';
import type { Legislation } from '../../direct-ident/methods.js';

export const qualitiesDetailKey = ['signature-qualities-detail'] as const;

export function useQualitiesDetail() {
  const { api } = useServices();
  return useQuery({
    queryKey: qualitiesDetailKey,
    queryFn: ({ signal }) => api.call(identificationEndpoints.signatureQualitiesDetail, { signal }),
    refetchInterval: (q) =>
      q.state.data?.identifications.some((i) => isOpenIdentification(i.status))
        ? IDENTIFICATION_POLL_MS
        : false,
  });
}

export type LegislationLevel = 'none' | 'ses' | 'aes' | 'qes';

/** The highest level a person may sign at under one legislation. */
export function levelUnder(
  qualities: SignatureQualities,
  emailVerified: boolean,
  legislation: Legislation,
): LegislationLevel {
  for (const level of ['qes', 'aes', 'ses'] as const)
    if (canSignAt(qualities, emailVerified, level, legislation)) return level;
  return 'none';
}

/** The person's identifications under one legislation, newest first. */
export const identificationsUnder = (identifications: readonly Identification[], legislation: Legislation) =>
  identifications
    .filter((i) => i.legislation === legislation)
    .sort((a, b) => b.createdAt.localeCompare(a.createdAt));
