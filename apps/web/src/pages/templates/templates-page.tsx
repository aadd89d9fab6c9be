// /templates: the templates the person may use, their own and those their business shares
// (ADR 080). Choosing one opens the form that makes a request from it (a person per role and the
// values filled in beforehand) and the bulk send (a CSV, checked, then sent in the background).
// A template is made by saving a draft from the upload screen ("Save as template"); its owner and
// the business's admins edit it here (its details, roles, documents and fields).
import type { Template } from '@countersign/contract';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useServices } from '../../app/services.js';
import { Button } from '../../components/button.js';
import { FormAlert } from '../../components/form-alert.js';
import { PageHeading } from '../../components/page-heading.js';
import { Spinner } from '../../components/spinner.js';
import { TextLink } from '../../components/text-link.js';
import { describeApiError } from '../../features/errors/describe-api-error.js';
import { BulkSendPanel } from './bulk-send-panel.js';
import { EditTemplate } from './edit-template.js';
import { UseTemplateForm } from './use-template-form.js';
import { templatesQuery } from '../../features/requests/request-queries.js';

export function TemplatesPage() {
  const { t } = useTranslation();
  const { api } = useServices();
  const list = useQuery(templatesQuery(api));
  const [chosen, setChosen] = useState<{ id: string; mode: 'use' | 'bulk' | 'edit' } | null>(null);
  const template = list.data?.items.find((i) => i.id === chosen?.id);

  return (
    <>
      <PageHeading lead={t('send.templates.lead')}>{t('send.templates.heading')}</PageHeading>
      {list.isPending ? (
        <Spinner label={t('app.loading')} />
      ) : !list.data ? (
        <FormAlert message={t(describeApiError(list.error))} />
      ) : list.data.items.length === 0 ? (
        <p className="text-muted">
          {t('send.templates.empty')} <TextLink to="/upload">{t('send.templates.toUpload')}</TextLink>
        </p>
      ) : (
        <ul className="flex flex-col gap-3" aria-label={t('send.templates.heading')}>
          {list.data.items.map((item) => (
            <TemplateRow
              key={item.id}
              template={item}
              onUse={() => setChosen({ id: item.id, mode: 'use' })}
              onBulk={() => setChosen({ id: item.id, mode: 'bulk' })}
              onEdit={() => setChosen({ id: item.id, mode: 'edit' })}
            />
          ))}
        </ul>
      )}
      {template && chosen?.mode === 'use' && <UseTemplateForm key={template.id} template={template} />}
      {template && chosen?.mode === 'bulk' && <BulkSendPanel key={template.id} template={template} />}
      {template && chosen?.mode === 'edit' && (
        <EditTemplate key={template.id} template={template} onClose={() => setChosen(null)} />
      )}
    </>
  );
}

function TemplateRow({
  template,
  onUse,
  onBulk,
  onEdit,
}: {
  template: Template;
  onUse(): void;
  onBulk(): void;
  onEdit(): void;
}) {
  const { t } = useTranslation();
  const canUse = template.allowedActions.includes('use');
  return (
    <li
      className="flex flex-wrap items-center gap-3 rounded-lg border border-line p-3"
      data-testid="template-row"
    >
      <div className="flex grow flex-col">
        <span className="font-semibold">{template.name}</span>
        <span className="text-sm text-muted">
          {t('send.templates.summary', {
            roles: template.roles.map((r) => r.name).join(', '),
            documents: template.documents.length,
          })}
          {template.shared && ` · ${t('send.templates.sharedBy', { email: template.ownerEmail })}`}
        </span>
      </div>
      <Button size="sm" disabled={!canUse} onClick={onUse}>
        {t('send.templates.use')}
      </Button>
      <Button size="sm" variant="secondary" disabled={!canUse} onClick={onBulk}>
        {t('send.templates.bulk')}
      </Button>
      {template.allowedActions.includes('update') && (
        <Button size="sm" variant="secondary" onClick={onEdit}>
          {t('send.templates.edit.open')}
        </Button>
      )}
    </li>
  );
}
