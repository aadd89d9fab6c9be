// An API user's secret right after it was made (creation or reset): the only time it can be read,
// so it stays on screen until the admin says it is stored, with a copy button, and a curl call
// against this very server (its origin as the browser sees it) that works as shown.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/button.js';

export interface ShownSecret {
  username: string;
  secret: string;
  /** made with a new API user (else a reset of an existing one) */
  isNew: boolean;
}

/** A call every API user may make: the first page of the requests of its business. */
export function curlCommand(origin: string, username: string, secret: string | null): string {
  const credentials = `${username}:${secret ?? '<secret>'}`;
  return `curl -u '${credentials}' '${origin}/v3/signature-requests-redesign?page=1&size=25'`;
}

function CopyButton({ text, label }: { text: string; label: string }) {
  const { t } = useTranslation();
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setState('copied');
    } catch {
      // no clipboard (an insecure origin, or permission refused): the text stays selectable
      setState('failed');
    }
  };
  return (
    <span className="inline-flex items-center gap-2">
      <Button variant="secondary" size="sm" aria-label={label} onClick={() => void copy()}>
        {t('consolePages.api.copy')}
      </Button>
      <span role="status" className="text-sm text-muted">
        {state === 'copied'
          ? t('consolePages.api.copied')
          : state === 'failed'
            ? t('consolePages.api.copyFailed')
            : ''}
      </span>
    </span>
  );
}

export function CurlExample({ username, secret }: { username: string; secret: string | null }) {
  const { t } = useTranslation();
  const command = curlCommand(window.location.origin, username, secret);
  return (
    <div className="flex flex-col gap-2">
      <p className="text-sm">{t('consolePages.api.curlText')}</p>
      <pre className="overflow-x-auto rounded-md bg-ink p-3 text-sm text-white" data-testid="curl-example">
        <code>{command}</code>
      </pre>
      <CopyButton text={command} label={t('consolePages.api.copyCurl')} />
    </div>
  );
}

export function ApiUserSecret({ shown, onDone }: { shown: ShownSecret; onDone: () => void }) {
  const { t } = useTranslation();
  return (
    <section
      aria-labelledby="api-secret-heading"
      className="flex flex-col gap-3 rounded-lg border border-warning bg-warning/10 p-4"
      data-testid="api-secret"
    >
      <h2 id="api-secret-heading" className="text-lg font-semibold">
        {shown.isNew ? t('consolePages.api.createdHeading') : t('consolePages.api.resetHeading')}
      </h2>
      <p>{t('consolePages.api.secretOnce')}</p>
      <dl className="grid gap-x-4 gap-y-2 text-sm sm:grid-cols-[max-content_1fr]">
        <dt className="font-semibold">{t('consolePages.api.username')}</dt>
        <dd className="font-mono break-all">{shown.username}</dd>
        <dt className="font-semibold">{t('consolePages.api.secret')}</dt>
        <dd className="flex flex-col items-start gap-2">
          <code className="font-mono break-all" data-testid="api-secret-value">
            {shown.secret}
          </code>
          <CopyButton text={shown.secret} label={t('consolePages.api.copySecret')} />
        </dd>
      </dl>
      <CurlExample username={shown.username} secret={shown.secret} />
      <Button className="self-start" onClick={onDone}>
        {t('consolePages.api.stored')}
      </Button>
    </section>
  );
}
