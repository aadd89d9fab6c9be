// The product mark, linking home.
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

export function Brand({ to = '/' }: { to?: string }) {
  const { t } = useTranslation();
  return (
    <Link to={to} className="flex items-center gap-2 text-lg font-bold text-ink">
      <svg aria-hidden="true" viewBox="0 0 32 32" className="size-8">
        <rect width="32" height="32" rx="6" fill="var(--color-primary)" />
        <path
          d="M7 20c3-6 5-9 7-9s-1 9 2 9 4-6 6-6 1 4 3 4"
          fill="none"
          stroke="#fff"
          strokeWidth="2.5"
          strokeLinecap="round"
        />
      </svg>
      {t('app.name')}
    </Link>
  );
}
