// The partner referral (spec 2: /business/signup keeps the link's `ucc` in this browser; spec 3:
// the user's `celloUcc`): once a person is signed in and their account records no referral yet,
// the kept code is handed in with POST /v1/user/cello, once per account in this browser. A code
// the server refuses (another referral came first) is not sent again; a failed call is, next time.
import { accountEndpoints } from '@countersign/contract';
import { useEffect } from 'react';
import { ApiError } from '../../api/api-error.js';
import { useServices } from '../../app/services.js';
import { useSession } from '../session/session-provider.js';
import { readReferralCode } from './business-signup-store.js';

const sentKey = 'countersign.ucc-sent';

export function useCelloReferral(): void {
  const { api, storage } = useServices();
  const { user, updateUser } = useSession();
  const code = readReferralCode(storage);
  const userId = user?.id;
  const isRecorded = Boolean(user?.attributes.celloUcc);
  useEffect(() => {
    if (!userId || !code || isRecorded) return;
    const mark = `${userId}/${code}`;
    if (storage.getItem(sentKey) === mark) return;
    storage.setItem(sentKey, mark);
    api.call(accountEndpoints.celloReferral, { body: { ucc: code } }).then(updateUser, (error: unknown) => {
      if (!(error instanceof ApiError && error.code === 'cello.already_referred'))
        storage.removeItem(sentKey);
    });
  }, [api, storage, userId, code, isRecorded, updateUser]);
}
