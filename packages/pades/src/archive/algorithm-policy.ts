// Until when a digest algorithm is trusted to hold a time-stamp's proof of existence (ETSI TS
// 119 312 and EN 319 102-1 5.6.2.5's cryptographic constraints, reduced to the digests a
// time-stamp imprint can use). A time-stamp whose imprint uses an algorithm retired by then
// proves nothing after that date; archive renewal stamps the file again before it.

import type { DigestName } from '../oids.js';

/** The date after which a digest no longer counts as proof; absent: not retired by this policy. */
export const DIGEST_RETIRED_AFTER: Readonly<Partial<Record<DigestName, Date>>> = {
  // SHA-1's collision resistance is broken (SHAttered, 2017); ETSI TS 119 312 stopped it well before
  sha1: new Date('2016-01-01T00:00:00Z'),
};

export function findDigestRetirement(digest: DigestName | undefined): Date | undefined {
  return digest ? DIGEST_RETIRED_AFTER[digest] : undefined;
}
