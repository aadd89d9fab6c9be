// The steps of preparing a request (documents, recipients, fields, review and send), kept in the
// address (`?step=`) so a reload or the back button lands on the same step. Business members
// inviting signers to a settled draft skip the documents step.
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export const DRAFT_STEPS = ['documents', 'recipients', 'fields', 'review'] as const;
export type DraftStep = (typeof DRAFT_STEPS)[number];

export function stepsFor(isInvite: boolean): readonly DraftStep[] {
  return isInvite ? DRAFT_STEPS.filter((s) => s !== 'documents') : DRAFT_STEPS;
}

export function stepOf(value: string | null, steps: readonly DraftStep[]): DraftStep {
  return steps.find((s) => s === value) ?? steps[0] ?? 'documents';
}

export function StepNav({
  steps,
  current,
  onGo,
  status,
}: {
  steps: readonly DraftStep[];
  current: DraftStep;
  onGo: (step: DraftStep) => void;
  status: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-wrap items-center justify-between gap-3">
      <nav aria-label={t('send.flow.steps')}>
        <ol className="flex flex-wrap gap-2">
          {steps.map((step, index) => (
            <li key={step}>
              <button
                type="button"
                aria-current={step === current ? 'step' : undefined}
                onClick={() => onGo(step)}
                className={`rounded-full border px-3 py-1 text-sm font-semibold ${
                  step === current ? 'border-primary bg-primary text-white' : 'border-line bg-white text-ink'
                }`}
              >
                {index + 1}. {t(`send.flow.${step}`)}
              </button>
            </li>
          ))}
        </ol>
      </nav>
      {status}
    </div>
  );
}
