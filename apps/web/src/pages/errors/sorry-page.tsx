// /sorry: where a server error (5xx other than 503) leads (spec 8).
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Button } from '../../components/button.js';
import { PageHeading } from '../../components/page-heading.js';

export function SorryPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <>
      <PageHeading lead={t('sorry.text')}>{t('sorry.heading')}</PageHeading>
      <Button onClick={() => void navigate(-1)}>{t('sorry.retry')}</Button>
    </>
  );
}
