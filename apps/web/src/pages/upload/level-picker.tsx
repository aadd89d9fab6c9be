// The signature level of the request (simple, advanced, qualified) in the spec's level colours
// (spec 9). Advanced and qualified signatures need an identified signer; the server refuses to
// sign them until identification exists, so they are shown, disabled, with the reason.
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { Quality } from './draft-model.js';

const levels: { quality: Quality; colour: string; isAvailable: boolean }[] = [
  { quality: 'ses', colour: 'border-level-simple', isAvailable: true },
  { quality: 'aes', colour: 'border-level-advanced', isAvailable: false },
  { quality: 'qes', colour: 'border-level-qualified', isAvailable: false },
];

export function LevelPicker({ value, onChange }: { value: Quality; onChange: (quality: Quality) => void }) {
  const { t } = useTranslation();
  const name = useId();
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-1 font-semibold">{t('send.level.legend')}</legend>
      <div className="grid grid-cols-1 gap-2 sm:grid-cols-3">
        {levels.map(({ quality, colour, isAvailable }) => (
          <div
            key={quality}
            className={`flex flex-col gap-1 rounded-md border-y border-r border-l-8 border-y-line border-r-line bg-white p-3 ${colour} ${
              isAvailable ? '' : 'text-muted'
            } ${value === quality ? 'ring-2 ring-primary' : ''}`}
          >
            <label
              className={`flex items-center gap-2 font-semibold ${isAvailable ? 'cursor-pointer' : 'cursor-not-allowed'}`}
            >
              <input
                type="radio"
                name={name}
                value={quality}
                checked={value === quality}
                disabled={!isAvailable}
                aria-describedby={isAvailable ? undefined : `${name}-${quality}-reason`}
                onChange={() => onChange(quality)}
              />
              {t(`send.level.${quality}`)}
            </label>
            {!isAvailable && (
              <span id={`${name}-${quality}-reason`} className="text-sm">
                {t('send.level.unavailable')}
              </span>
            )}
          </div>
        ))}
      </div>
    </fieldset>
  );
}
