// The signature level of the request (simple, advanced, qualified) in the spec's level colours
// (spec 9), and the legislation its signatures follow (eIDAS or ZertES). Advanced and qualified
// signers identify themselves before signing (ADR 021, 025), which the hint under them says.
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { Legislation, Quality } from './draft-model.js';

const levels: { quality: Quality; colour: string }[] = [
  { quality: 'ses', colour: 'border-level-simple' },
  { quality: 'aes', colour: 'border-level-advanced' },
  { quality: 'qes', colour: 'border-level-qualified' },
];
const legislations: Legislation[] = ['eidas', 'zertes'];

export interface LevelChoice {
  quality: Quality;
  legislation: Legislation;
}

export function LevelPicker({
  value,
  onChange,
}: {
  value: LevelChoice;
  onChange: (choice: LevelChoice) => void;
}) {
  const { t } = useTranslation();
  const name = useId();
  return (
    <div className="flex flex-col gap-3">
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 font-semibold">{t('send.level.legend')}</legend>
        <div className="grid grid-cols-1 gap-2 sm:grid-cols-3">
          {levels.map(({ quality, colour }) => (
            <div
              key={quality}
              className={`flex flex-col gap-1 rounded-md border-y border-r border-l-8 border-y-line border-r-line bg-white p-3 ${colour} ${
                value.quality === quality ? 'ring-2 ring-primary' : ''
              }`}
            >
              <label className="flex cursor-pointer items-center gap-2 font-semibold">
                <input
                  type="radio"
                  name={name}
                  value={quality}
                  checked={value.quality === quality}
                  aria-describedby={quality === 'ses' ? undefined : `${name}-${quality}-hint`}
                  onChange={() => onChange({ ...value, quality })}
                />
                {t(`send.level.${quality}`)}
              </label>
              {quality !== 'ses' && (
                <span id={`${name}-${quality}-hint`} className="text-sm text-muted">
                  {t('send.level.identified')}
                </span>
              )}
            </div>
          ))}
        </div>
      </fieldset>
      <fieldset className="flex flex-wrap items-center gap-x-4 gap-y-1">
        <legend className="mb-1 text-sm font-semibold">{t('send.level.legislation')}</legend>
        {legislations.map((legislation) => (
          <label key={legislation} className="flex cursor-pointer items-center gap-2 text-sm">
            <input
              type="radio"
              name={`${name}-legislation`}
              value={legislation}
              checked={value.legislation === legislation}
              onChange={() => onChange({ ...value, legislation })}
            />
            {t(`send.level.${legislation}`)}
          </label>
        ))}
      </fieldset>
    </div>
  );
}
