// What a part of a screen says about its calls to the API, in one place: the spinner while what it
// shows is loading, then what failed (a load or a change) in words a person can act on. A message
// of the screen's own (a check made before sending) takes the same place. The alert's live region
// is there before any failure, so a failure is announced.
import { useTranslation } from 'react-i18next';
import { FormAlert } from '../../components/form-alert.js';
import { Spinner } from '../../components/spinner.js';
import { describeApiError } from './describe-api-error.js';

export function CallStatus({
  isLoading = false,
  error,
  message,
}: {
  isLoading?: boolean;
  /** the first failure of the part's calls, or null */
  error: unknown;
  /** said instead of the failure when set */
  message?: string | null;
}) {
  const { t } = useTranslation();
  return (
    <>
      {isLoading && <Spinner label={t('app.loading')} />}
      <FormAlert message={message || (error ? t(describeApiError(error)) : null)} />
    </>
  );
}
