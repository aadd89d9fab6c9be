// Refuses a file above the server's upload limit before it is sent: a 60 MB scan would otherwise
// travel to the server only to be answered 413. The server still checks (its limit is the one
// that counts); this only saves the wait, and names the file and the limit.
import { useTranslation } from 'react-i18next';
import { useAppConfig } from '../../features/maintenance/use-app-config.js';

const MB = 1024 * 1024;

/**
 * Chosen files for `upload`, unless one is larger than the server takes: then `refuse` gets the
 * message naming it, and nothing is sent.
 */
export function useSizeCheckedUpload(
  refuse: (message: string) => void,
  upload: (files: File[]) => void,
): (files: File[]) => void {
  const { t } = useTranslation();
  const { config } = useAppConfig();
  return (files) => {
    // a server that does not say its limit is left to answer 413 itself
    const max = config.maxUploadBytes ?? Number.POSITIVE_INFINITY;
    const tooLarge = files.find((file) => file.size > max);
    if (!tooLarge) return upload(files);
    refuse(t('send.errors.tooLargeLimit', { name: tooLarge.name, limit: Math.round((max / MB) * 10) / 10 }));
  };
}
