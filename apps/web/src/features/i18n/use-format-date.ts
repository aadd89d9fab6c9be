// Dates as spec 1 shows them (numeric day, short month, numeric year, hour and minute), in the
// interface language.
import { formatDateTime, parseLocale } from '@countersign/domain';
import { useTranslation } from 'react-i18next';

export function useFormatDate(): (iso: string | null) => string {
  const { i18n } = useTranslation();
  const locale = parseLocale(i18n.language) ?? 'en-gb';
  return (iso) => (iso ? formatDateTime(iso, locale) : '');
}
