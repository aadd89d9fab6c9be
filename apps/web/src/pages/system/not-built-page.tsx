// Screens owned by later issues: an honest notice that nothing works here yet, and nothing more.
import { deriveTitleFromPath } from '@countersign/domain';
import type { RouteDefinition } from '@countersign/domain';
import { useTranslation } from 'react-i18next';
import { PageHeading } from '../../components/page-heading.js';
import { TextLink } from '../../components/text-link.js';
import { useSession } from '../../features/session/session-provider.js';

export function NotBuiltNotice() {
  const { t } = useTranslation();
  return (
    <section
      aria-labelledby="not-built-heading"
      className="rounded-lg border border-dashed border-line bg-white p-6"
      data-testid="not-built"
    >
      <h2 id="not-built-heading" className="mb-2 text-lg font-semibold">
        {t('notBuilt.heading')}
      </h2>
      <p className="text-muted">{t('notBuilt.text')}</p>
    </section>
  );
}

export function NotBuiltPage({ route }: { route: Pick<RouteDefinition, 'path' | 'title'> }) {
  const { t } = useTranslation();
  const { user } = useSession();
  return (
    <>
      <PageHeading>{route.title ?? deriveTitleFromPath(route.path)}</PageHeading>
      <NotBuiltNotice />
      {user && (
        <p className="mt-6">
          <TextLink to="/dashboard">{t('notBuilt.back')}</TextLink>
        </p>
      )}
    </>
  );
}
