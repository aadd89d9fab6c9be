// The notices about a change of plan that a person sees once, in this browser, when nothing more
// pressing is open (spec 2's default dialogs "free migration" and "fair-flat migration"): an account
// moved onto the new free plan is told what that plan does; one kept on the legacy free plan is
// told that plans are priced per seat now. Either leads to the plans, or waits.
import type { User } from '@countersign/contract';
import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useServices } from '../../app/services.js';
import { useDialogs } from '../dialogs/dialog-store.js';
import { useSession } from '../session/session-provider.js';

const seenKey = 'countersign.plan-notice-seen';

/** The notice this person should see, or null (already seen here, or none applies). */
export function planNoticeFor(
  user: User | null,
  seen: string | null,
): 'free-migration' | 'fair-flat-migration' | null {
  if (!user || user.business) return null;
  // the dialogs a person must answer come first (required-dialogs.ts)
  const attributes = user.attributes;
  if (!attributes.acceptedGtc || user.businessInvitation) return null;
  if (attributes.removedFromBusiness || attributes.businessDeleted) return null;
  const type = user.attributes.freeAccountType;
  const notice =
    type === 'free_migrated' ? 'free-migration' : type === 'free_legacy' ? 'fair-flat-migration' : null;
  return notice && seen !== `${user.id}/${notice}` ? notice : null;
}

// the plans themselves, and leaving, are no place to interrupt
const quietPaths = ['/upgrade', '/logout'];

export function usePlanNotices(): void {
  const { storage } = useServices();
  const { user } = useSession();
  const dialogs = useDialogs();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const notice = planNoticeFor(user, storage.getItem(seenKey));
  const isFree = dialogs.active === null;
  const { open } = dialogs;
  useEffect(() => {
    if (!notice || !user || !isFree || quietPaths.includes(pathname)) return;
    // shown once: answering it or putting it off both count
    storage.setItem(seenKey, `${user.id}/${notice}`);
    open({ namespace: 'default', name: notice, onAction: () => void navigate('/upgrade') });
  }, [notice, user, isFree, pathname, storage, open, navigate]);
}
