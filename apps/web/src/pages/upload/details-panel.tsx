// The request's details in the documents step: title, message to the signers, deadline, and
// signature level with its legislation, and below the qualified level whether link signers must
// confirm with a TAN (a qualified signature's provider asks its own second factor, ADR 086).
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { deadlineBounds } from './draft-model.js';
import type { DraftModel } from './draft-model.js';
import { LevelPicker } from './level-picker.js';

export function DetailsPanel({
  model,
  onChange,
}: {
  model: DraftModel;
  onChange: (patch: Partial<DraftModel>) => void;
}) {
  const { t } = useTranslation();
  const fieldId = useId();
  const [limits] = useState(() => deadlineBounds(new Date()));
  return (
    <>
      <label className="flex flex-col gap-1 text-sm font-semibold">
        {t('send.details.title')}
        <input
          className="rounded-md border border-line bg-white px-3 py-2 text-base font-normal"
          value={model.title}
          maxLength={200}
          onChange={(event) => onChange({ title: event.target.value })}
        />
      </label>
      <label className="flex flex-col gap-1 text-sm font-semibold">
        {t('send.details.message')}
        <textarea
          className="min-h-24 rounded-md border border-line bg-white px-3 py-2 text-base font-normal"
          value={model.message}
          maxLength={5000}
          onChange={(event) => onChange({ message: event.target.value })}
        />
      </label>
      <div className="flex flex-col gap-1 text-sm">
        <label htmlFor={`${fieldId}-deadline`} className="font-semibold">
          {t('send.details.deadline')}
        </label>
        <input
          id={`${fieldId}-deadline`}
          type="date"
          className="rounded-md border border-line bg-white px-3 py-2 text-base"
          value={model.expiresOn}
          min={limits.min}
          max={limits.max}
          aria-describedby={`${fieldId}-deadline-hint`}
          onChange={(event) => onChange({ expiresOn: event.target.value })}
        />
        <span id={`${fieldId}-deadline-hint`} className="text-muted">
          {t('send.details.deadlineHint')}
        </span>
      </div>
      <LevelPicker
        value={{ quality: model.quality, legislation: model.legislation }}
        onChange={(choice) => onChange(choice)}
      />
      {model.quality !== 'qes' && (
        <div className="flex flex-col gap-1 text-sm">
          <label className="flex items-center gap-2 font-semibold">
            <input
              type="checkbox"
              checked={model.tanRequired}
              aria-describedby={`${fieldId}-tan-hint`}
              onChange={(event) => onChange({ tanRequired: event.target.checked })}
            />
            {t('send.details.tanRequired')}
          </label>
          <span id={`${fieldId}-tan-hint`} className="text-muted">
            {t('send.details.tanRequiredHint')}
          </span>
        </div>
      )}
    </>
  );
}
