// The redirect origins on the settings page (ADR 064): the places of the business's own
// integration, one `https://host[:port]` a line. A signer on one of the business's requests is
// sent to an exit, decline or error address there without being asked; any other address is
// asked about first (spec 5). Each line is checked here as the server checks it, so a mistake
// is named before anything is sent; the server's answer is the list as kept.
import { MAX_REDIRECT_ORIGINS } from '@countersign/contract';
import type { BusinessSettings, BusinessSettingsPatch } from '@countersign/contract';
import { normaliseRedirectOrigins } from '@countersign/domain';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/button.js';
import { TextAreaField } from '../../components/text-area-field.js';
import { describeApiError } from '../../features/errors/describe-api-error.js';
import { useSnackbars } from '../../features/snackbars/snackbar-store.js';

const linesOf = (text: string) =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);

export function RedirectOriginsSection({
  settings,
  update,
}: {
  settings: BusinessSettings;
  update: (patch: BusinessSettingsPatch) => Promise<void>;
}) {
  const { t } = useTranslation();
  const snackbars = useSnackbars();
  const [text, setText] = useState(settings.redirects.allowedOrigins.join('\n'));
  const [problem, setProblem] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: (allowedOrigins: string[]) => update({ redirects: { allowedOrigins } }),
    onSuccess: () => snackbars.show({ message: t('businessPages.settings.saved'), color: 'success' }),
    onError: (error) => setProblem(t(describeApiError(error))),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const lines = linesOf(text);
    const checked = normaliseRedirectOrigins(lines);
    if (!checked.ok) {
      setProblem(t('businessPages.settings.originInvalid', { origin: lines[checked.index] }));
      return;
    }
    if (checked.origins.length > MAX_REDIRECT_ORIGINS) {
      setProblem(t('businessPages.settings.originsTooMany', { count: MAX_REDIRECT_ORIGINS }));
      return;
    }
    setProblem(null);
    setText(checked.origins.join('\n'));
    save.mutate(checked.origins);
  };

  return (
    <form
      noValidate
      onSubmit={submit}
      aria-labelledby="origins-heading"
      className="flex flex-col gap-3 rounded-lg border border-line bg-white p-4"
    >
      <h2 id="origins-heading" className="text-lg font-semibold">
        {t('businessPages.settings.originsHeading')}
      </h2>
      <p className="text-muted">{t('businessPages.settings.originsText')}</p>
      <TextAreaField
        label={t('businessPages.settings.originsLabel')}
        hint={t('businessPages.settings.originsHint')}
        error={problem}
        rows={4}
        value={text}
        spellCheck={false}
        autoCapitalize="off"
        onChange={(event) => setText(event.target.value)}
      />
      <Button type="submit" variant="secondary" isBusy={save.isPending} className="self-start">
        {t('businessPages.settings.originsSave')}
      </Button>
    </form>
  );
}
