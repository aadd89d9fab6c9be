// The end both survey dialogs share: an optional comment, the answer's error if sending failed,
// and the buttons that send the answer or dismiss the survey (ADR 059, 108).
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/button.js';
import { FormAlert } from '../../components/form-alert.js';
import { useDialogs } from '../dialogs/dialog-store.js';
import { describeApiError } from '../errors/describe-api-error.js';

export function SurveyCommentAndAnswer({
  id,
  label,
  maxLength,
  comment,
  onComment,
  submitLabel,
  dismissLabel,
  onDismiss,
}: {
  id: string;
  label: string;
  maxLength: number;
  comment: string;
  onComment: (text: string) => void;
  submitLabel: string;
  dismissLabel: string;
  onDismiss: () => void;
}) {
  const { t } = useTranslation();
  const dialogs = useDialogs();
  return (
    <>
      <div className="flex flex-col gap-1">
        <label htmlFor={id} className="text-sm font-semibold">
          {label}
        </label>
        <textarea
          id={id}
          rows={3}
          maxLength={maxLength}
          value={comment}
          className="rounded-md border border-line bg-white px-3 py-2 text-base"
          onChange={(event) => onComment(event.target.value)}
        />
      </div>
      <FormAlert message={dialogs.actionError ? t(describeApiError(dialogs.actionError)) : null} />
      <div className="flex flex-col gap-2 sm:flex-row-reverse">
        <Button type="submit" isBusy={dialogs.isLoading}>
          {submitLabel}
        </Button>
        <Button variant="text" disabled={dialogs.isLoading} onClick={onDismiss}>
          {dismissLabel}
        </Button>
      </div>
    </>
  );
}
