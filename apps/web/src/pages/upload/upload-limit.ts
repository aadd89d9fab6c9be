// Refuses a file above the server's upload limit before it is sent: a 60 MB scan would otherwise
// travel to the server only to be answered 413. The server still checks (its limit is the one
// that counts); this only saves the wait, and names the file and the limit.
import { useTranslation } from 'react-i18next';
import { useAppConfig } from '../../features/maintenance/use-app-config.js';

const MB = 1024 * 1024;

/** The first of `files` larger than `maxBytes`, if any. */
export function firstOversized(files: readonly File[], maxBytes: number | undefined): File | undefined {
  return maxBytes === undefined ? undefined : files.find((file) => file.size > maxBytes);
}

/** A check for chosen files: the message to show when one is too large, else null. */
export function useUploadSizeCheck(): (files: readonly File[]) => string | null {
  const { t } = useTranslation();
  const { config } = useAppConfig();
  return (files) => {
    const file = firstOversized(files, config.maxUploadBytes);
    if (!file || config.maxUploadBytes === undefined) return null;
    const limit = Math.round((config.maxUploadBytes / MB) * 10) / 10;
    return t('send.errors.tooLargeLimit', { name: file.name, limit });
  };
}
