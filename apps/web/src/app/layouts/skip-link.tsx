// The first focusable element of every page: jumps over the navigation to the main content.
import { useTranslation } from 'react-i18next';

export const mainContentId = 'main-content';

export function SkipLink() {
  const { t } = useTranslation();
  return (
    <a
      href={`#${mainContentId}`}
      className="sr-only rounded bg-white px-3 py-2 focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-[3000]"
    >
      {t('app.skipToContent')}
    </a>
  );
}
