// The origin lists on the settings page: the redirect origins (ADR 064), the places of the
// business's own integration, one `https://host[:port]` a line, where a signer on one of the
// business's requests is sent to an exit, decline or error address without being asked (any other
// address is asked about first, spec 5); and the origins whose pages may frame embedded signing
// (ADR 088). Each line is checked here as the server checks it, so a mistake is named before
// anything is sent; the server's answer is the list as kept.
import { MAX_REDIRECT_ORIGINS } from '@countersign/contract';
import type { BusinessSettings, BusinessSettingsPatch } from '@countersign/contract';
import { normaliseEmbeddingOrigins, normaliseRedirectOrigins } from '@countersign/domain';
import type { NormalisedOrigins } from '@countersign/domain';
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

const REDIRECT_TEXTS = {
  heading: 'businessPages.settings.originsHeading',
  text: 'businessPages.settings.originsText',
  label: 'businessPages.settings.originsLabel',
  hint: 'businessPages.settings.originsHint',
  save: 'businessPages.settings.originsSave',
  invalid: 'businessPages.settings.originsInvalid',
} as const;

const EMBEDDING_TEXTS = {
  heading: 'businessPages.settings.embeddingHeading',
  text: 'businessPages.settings.embeddingText',
  label: 'businessPages.settings.embeddingLabel',
  hint: 'businessPages.settings.embeddingHint',
  save: 'businessPages.settings.embeddingSave',
  invalid: 'businessPages.settings.embeddingInvalid',
} as const;

interface OriginList {
  /** the id of the section's heading */
  name: 'origins' | 'embedding';
  texts: typeof REDIRECT_TEXTS | typeof EMBEDDING_TEXTS;
  origins: (settings: BusinessSettings) => string[];
  normalise: (lines: readonly string[]) => NormalisedOrigins;
  patch: (allowedOrigins: string[]) => BusinessSettingsPatch;
}

const REDIRECTS: OriginList = {
  name: 'origins',
  texts: REDIRECT_TEXTS,
  origins: (settings) => settings.redirects.allowedOrigins,
  normalise: normaliseRedirectOrigins,
  patch: (allowedOrigins) => ({ redirects: { allowedOrigins } }),
};

const EMBEDDING: OriginList = {
  name: 'embedding',
  texts: EMBEDDING_TEXTS,
  origins: (settings) => settings.embeddedSigning.allowedOrigins,
  normalise: normaliseEmbeddingOrigins,
  patch: (allowedOrigins) => ({ embeddedSigning: { allowedOrigins } }),
};

interface SectionProps {
  settings: BusinessSettings;
  update: (patch: BusinessSettingsPatch) => Promise<void>;
}

export const RedirectOriginsSection = (props: SectionProps) => <OriginsSection list={REDIRECTS} {...props} />;
export const EmbeddingOriginsSection = (props: SectionProps) => (
  <OriginsSection list={EMBEDDING} {...props} />
);

function OriginsSection({ list, settings, update }: SectionProps & { list: OriginList }) {
  const { t } = useTranslation();
  const snackbars = useSnackbars();
  const [text, setText] = useState(list.origins(settings).join('\n'));
  const [problem, setProblem] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: (allowedOrigins: string[]) => update(list.patch(allowedOrigins)),
    onSuccess: () => snackbars.show({ message: t('businessPages.settings.saved'), color: 'success' }),
    onError: (error) => setProblem(t(describeApiError(error))),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const lines = linesOf(text);
    const checked = list.normalise(lines);
    if (!checked.ok) {
      setProblem(t(list.texts.invalid, { origin: lines[checked.index] }));
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
      aria-labelledby={`${list.name}-heading`}
      className="flex flex-col gap-3 rounded-lg border border-line bg-white p-4"
    >
      <h2 id={`${list.name}-heading`} className="text-lg font-semibold">
        {t(list.texts.heading)}
      </h2>
      <p className="text-muted">{t(list.texts.text)}</p>
      <TextAreaField
        label={t(list.texts.label)}
        hint={t(list.texts.hint)}
        error={problem}
        rows={4}
        value={text}
        spellCheck={false}
        autoCapitalize="off"
        onChange={(event) => setText(event.target.value)}
      />
      <Button type="submit" variant="secondary" isBusy={save.isPending} className="self-start">
        {t(list.texts.save)}
      </Button>
    </form>
  );
}
