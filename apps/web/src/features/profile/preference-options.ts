// The choices of a person's preferences, shared by /profile/settings and /signup/steps so both offer
// the same: the selectable languages, each in its own words as language pickers do (Italian is not
// selectable, spec 1), the legislations and the signature levels.
import { languageForLocale } from '@countersign/domain';
import type { Language } from '@countersign/domain';
import type { TFunction } from 'i18next';
import type { SelectOption } from '../../components/select-field.js';
import { SELECTABLE_LOCALES } from '../i18n/locale.js';

const languageNames: Record<Language, string> = {
  en: 'English',
  de: 'Deutsch',
  fr: 'Français',
  it: 'Italiano',
};

export const selectableLanguages = SELECTABLE_LOCALES.map(languageForLocale);

export const languageOptions: SelectOption[] = selectableLanguages.map((code) => ({
  value: code,
  label: languageNames[code],
}));

export const legislationOptions = (t: TFunction): SelectOption[] =>
  (['eidas', 'zertes'] as const).map((code) => ({
    value: code,
    label: t(`profile.settings.legislations.${code}`),
  }));

export const qualityOptions = (t: TFunction): SelectOption[] =>
  (['ses', 'aes', 'qes'] as const).map((code) => ({ value: code, label: t(`profile.qualities.${code}`) }));
