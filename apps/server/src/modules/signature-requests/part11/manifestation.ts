// What a Part 11 signature shows of itself (21 CFR 11.50(a)): the printed name of the signer, the
// date and time of signing and its meaning, in the visible signature; the audit log's `signed`
// event and the protocol carry the same three (see the protocol's part11 section).
import type { VisualAppearance } from '@countersign/pdf';
import type { Language } from '@countersign/domain';
import { textsOf } from '../../../lib/i18n.js';

export interface Part11Manifest {
  printedName: string;
  meaning: string;
  /** the second factor's channel, recorded with the signature (11.200(a)(1)) */
  codeChannel: string;
}

/** The date and time of signing as every reader understands it: ISO 8601 in UTC. */
export const signingDateTime = (at: Date): string => `${at.toISOString().slice(0, 19).replace('T', ' ')} UTC`;

/** The visible signature with the manifestation: printed name, date and time, meaning. */
export function part11Appearance(
  appearance: VisualAppearance,
  manifest: Part11Manifest,
  at: Date,
  language: Language,
): VisualAppearance {
  const t = textsOf(language, 'part11');
  return {
    ...appearance,
    name: manifest.printedName,
    optionalLine: t('meaningLine', { meaning: manifest.meaning }),
    date: signingDateTime(at),
    standardLabel: t('standardLabel'),
  };
}

/** What the `signed` event records of a Part 11 signature. */
export const part11EventData = (manifest: Part11Manifest, at: string) => ({
  printedName: manifest.printedName,
  meaning: manifest.meaning,
  at,
  reauthenticated: ['password', manifest.codeChannel],
});

/** The manifestation a `signed` event recorded, if it was a Part 11 signature. */
export function part11OfEvent(
  data: Record<string, unknown>,
): { printedName: string; meaning: string; at: string } | null {
  const value = data['part11'];
  if (typeof value !== 'object' || value === null) return null;
  const { printedName, meaning, at } = value as Record<string, unknown>;
  return typeof printedName === 'string' && typeof meaning === 'string' && typeof at === 'string'
    ? { printedName, meaning, at }
    : null;
}
