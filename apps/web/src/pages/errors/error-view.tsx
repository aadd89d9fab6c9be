// The error page of spec 2: heading (error.title), subtitle (error.subtitle), a full-width button
// (error.button) to the home page, and the 404 illustration.
import { useTranslation } from 'react-i18next';
import { buttonClasses } from '../../components/button.js';

function SignpostIllustration({ label }: { label: string }) {
  return (
    <svg role="img" aria-label={label} viewBox="0 0 240 160" className="mx-auto h-40 w-auto">
      <rect x="114" y="40" width="12" height="110" rx="3" fill="var(--color-muted)" />
      <path d="M60 40h100l20 18-20 18H60z" fill="var(--color-primary)" />
      <path d="M180 84H80l-20 18 20 18h100z" fill="var(--color-brand)" />
      <text x="112" y="64" textAnchor="middle" fontSize="22" fontWeight="700" fill="#fff">
        404
      </text>
      <text x="132" y="108" textAnchor="middle" fontSize="22" fontWeight="700" fill="#fff">
        ?
      </text>
    </svg>
  );
}

export function ErrorView() {
  const { t } = useTranslation();
  return (
    <div className="mx-auto flex max-w-md flex-col gap-4 text-center">
      <SignpostIllustration label={t('error.illustration')} />
      <h1 className="text-2xl font-bold">{t('error.title')}</h1>
      <p className="text-muted">{t('error.subtitle')}</p>
      <a href="/" className={buttonClasses('primary', 'lg', true)}>
        {t('error.button')}
      </a>
    </div>
  );
}
