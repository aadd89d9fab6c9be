// Lets visitors who are not signed in pick English, German or French (spec 1: Italian is not
// selectable). The choice is remembered in localStorage.
import { useTranslation } from 'react-i18next';
import { useServices } from '../services.js';
import { SELECTABLE_LOCALES, storedLocaleKey } from '../../features/i18n/locale.js';
import type { WebLocale } from '../../features/i18n/locale.js';

const localeNames: Record<WebLocale, string> = {
  'en-gb': 'English',
  'de-ch': 'Deutsch',
  'fr-ch': 'Français',
  it: 'Italiano',
};

export function LanguageSwitcher() {
  const { t, i18n } = useTranslation();
  const { storage } = useServices();
  return (
    <label className="flex items-center gap-2 text-sm text-muted">
      {t('app.language')}
      <select
        className="rounded-md border border-line bg-white px-2 py-1 text-ink"
        value={i18n.language}
        onChange={(event) => {
          storage.setItem(storedLocaleKey, event.target.value);
          void i18n.changeLanguage(event.target.value);
        }}
      >
        {SELECTABLE_LOCALES.map((locale) => (
          <option key={locale} value={locale} lang={locale}>
            {localeNames[locale]}
          </option>
        ))}
      </select>
    </label>
  );
}
