// Dialog `default: relationship satisfaction survey` (spec 2; ADR 108): how likely the person is to
// recommend Countersign (0 to 10) and, if they like, why. Asked a month after sign-up, then half a
// year after each answer or dismissal. The answers go to the installation's team, never to a
// business, as the dialog says. It closes only through its buttons: answering or "No, thanks"
// settle this round, so nothing else (Escape, a click beside it) may silently drop it.
import { RELATIONSHIP_SURVEY_COMMENT_MAX } from '@countersign/contract';
import type { RelationshipSurveyAnswer } from '@countersign/contract';
import * as Dialog from '@radix-ui/react-dialog';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDialogs } from '../dialogs/dialog-store.js';
import { SurveyCommentAndAnswer } from './survey-comment-and-answer.js';

const SCORES = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10] as const;

export function RelationshipSurveyDialog() {
  const { t } = useTranslation();
  const dialogs = useDialogs();
  const id = useId();
  const [score, setScore] = useState<number | null>(null);
  const [comment, setComment] = useState('');
  const [isScoreMissing, setScoreMissing] = useState(false);
  const settle = (answer: RelationshipSurveyAnswer) => void dialogs.runAction(answer);
  const submit = () => {
    if (score === null) return setScoreMissing(true);
    const text = comment.trim();
    settle({ outcome: 'answered', score, ...(text && { comment: text }) });
  };
  return (
    <form
      noValidate
      className="flex flex-col gap-4"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <Dialog.Title className="text-xl font-bold">{t('relationshipSurvey.title')}</Dialog.Title>
      <Dialog.Description className="text-muted">{t('relationshipSurvey.text')}</Dialog.Description>
      <fieldset
        className="flex flex-col gap-2"
        aria-describedby={isScoreMissing ? `${id}-missing` : undefined}
      >
        <legend className="mb-1 text-sm font-semibold">{t('relationshipSurvey.question')}</legend>
        <div className="flex flex-wrap gap-1">
          {SCORES.map((value) => (
            <label
              key={value}
              className="flex min-h-11 min-w-11 cursor-pointer items-center justify-center gap-1 rounded-md border border-line px-2 has-[:checked]:border-primary has-[:checked]:bg-primary/5"
            >
              <input
                type="radio"
                className="sr-only"
                name={`${id}-score`}
                value={value}
                checked={score === value}
                onChange={() => {
                  setScore(value);
                  setScoreMissing(false);
                }}
              />
              {value}
            </label>
          ))}
        </div>
        <div className="flex justify-between text-sm text-muted">
          <span>{t('relationshipSurvey.notLikely')}</span>
          <span>{t('relationshipSurvey.veryLikely')}</span>
        </div>
        <p id={`${id}-missing`} role="alert" className="text-sm text-error empty:hidden">
          {isScoreMissing ? t('relationshipSurvey.scoreMissing') : ''}
        </p>
      </fieldset>
      <SurveyCommentAndAnswer
        id={`${id}-comment`}
        label={t('relationshipSurvey.comment')}
        maxLength={RELATIONSHIP_SURVEY_COMMENT_MAX}
        comment={comment}
        onComment={setComment}
        submitLabel={t('relationshipSurvey.submit')}
        dismissLabel={t('relationshipSurvey.dismiss')}
        onDismiss={() => settle({ outcome: 'dismissed' })}
      />
    </form>
  );
}
