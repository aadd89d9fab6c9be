// Dialog `business: transactional satisfaction survey` (spec 2), asked once after a person's first
// request sent for their business (ADR 059): how satisfied they are with sending it (1 to 5) and,
// if they like, what could be better. Their admins see the answers without names, as the dialog
// says. It closes only through its buttons: answering or "No, thanks" settle it for good, so
// nothing else (Escape, a click beside it) may silently drop it.
import { SURVEY_COMMENT_MAX } from '@countersign/contract';
import type { SatisfactionSurveyAnswer } from '@countersign/contract';
import * as Dialog from '@radix-ui/react-dialog';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDialogs } from '../dialogs/dialog-store.js';
import type { DialogRecord } from '../dialogs/dialog-store.js';
import { useLocaleArea } from '../i18n/i18n.js';
import { SurveyCommentAndAnswer } from '../surveys/survey-comment-and-answer.js';

export interface SatisfactionSurveyProps {
  businessName: string;
}

const RATINGS = [1, 2, 3, 4, 5] as const;
type Rating = (typeof RATINGS)[number];

/** The words of a rating, 1 (very dissatisfied) to 5 (very satisfied). */
export const ratingKey = (rating: number) => `businessPages.survey.ratings.r${rating as Rating}` as const;

export function SatisfactionSurveyDialog({
  record,
}: {
  record: DialogRecord<'business/transactional-satisfaction-survey'>;
}) {
  useLocaleArea('business');
  const { t } = useTranslation();
  const dialogs = useDialogs();
  const id = useId();
  const { businessName } = record.props;
  const [rating, setRating] = useState<number | null>(null);
  const [comment, setComment] = useState('');
  const [isRatingMissing, setRatingMissing] = useState(false);
  const settle = (answer: SatisfactionSurveyAnswer) => void dialogs.runAction(answer);
  const submit = () => {
    if (rating === null) return setRatingMissing(true);
    const text = comment.trim();
    settle({ occasion: 'first_send', outcome: 'answered', rating, ...(text && { comment: text }) });
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
      <Dialog.Title className="text-xl font-bold">{t('businessPages.survey.title')}</Dialog.Title>
      <Dialog.Description className="text-muted">
        {t('businessPages.survey.text', { name: businessName })}
      </Dialog.Description>
      <fieldset
        className="flex flex-col gap-2"
        aria-describedby={isRatingMissing ? `${id}-missing` : undefined}
      >
        <legend className="mb-1 text-sm font-semibold">{t('businessPages.survey.question')}</legend>
        <div className="flex flex-wrap gap-2">
          {RATINGS.map((value) => (
            <label
              key={value}
              className="flex min-h-11 cursor-pointer items-center gap-2 rounded-md border border-line px-3 has-[:checked]:border-primary has-[:checked]:bg-primary/5"
            >
              <input
                type="radio"
                name={`${id}-rating`}
                value={value}
                checked={rating === value}
                onChange={() => {
                  setRating(value);
                  setRatingMissing(false);
                }}
              />
              {t(ratingKey(value))}
            </label>
          ))}
        </div>
        <p id={`${id}-missing`} role="alert" className="text-sm text-error empty:hidden">
          {isRatingMissing ? t('businessPages.survey.ratingMissing') : ''}
        </p>
      </fieldset>
      <SurveyCommentAndAnswer
        id={`${id}-comment`}
        label={t('businessPages.survey.comment')}
        maxLength={SURVEY_COMMENT_MAX}
        comment={comment}
        onComment={setComment}
        submitLabel={t('businessPages.survey.submit')}
        dismissLabel={t('businessPages.survey.dismiss')}
        onDismiss={() => settle({ occasion: 'first_send', outcome: 'dismissed' })}
      />
    </form>
  );
}
