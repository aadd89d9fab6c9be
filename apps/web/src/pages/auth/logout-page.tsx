// /logout: revokes the session on the server (POST /v1/logout), forgets it here whatever the
// server said, and goes to /login.
import { accountEndpoints } from '@countersign/contract';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useServices } from '../../app/services.js';
import { Spinner } from '../../components/spinner.js';
import { useSession } from '../../features/session/session-provider.js';

export function LogoutPage() {
  const { t } = useTranslation();
  const { api } = useServices();
  const { signOut } = useSession();
  const navigate = useNavigate();
  const hasStarted = useRef(false);

  useEffect(() => {
    if (hasStarted.current) return;
    hasStarted.current = true;
    void api
      .call(accountEndpoints.logout, {})
      .catch(() => {
        // Already revoked or unreachable: the token is dropped below either way.
      })
      .finally(() => {
        signOut();
        void navigate('/login', { replace: true });
      });
  }, [api, signOut, navigate]);

  return <Spinner label={t('logout.inProgress')} />;
}
