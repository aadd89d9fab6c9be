// /profile/signature-standards/mobile-id (spec 2): the mobile number of the account (spec 3,
// attributes.mobile), which receives the codes that confirm qualified and Part 11 signatures and
// the requests of a mobile ID. The person sets, changes or removes it here (PUT /v1/user).
import { accountEndpoints } from '@countersign/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useServices } from '../../../app/services.js';
import { Button, buttonClasses } from '../../../components/button.js';
import { FormAlert } from '../../../components/form-alert.js';
import { PageHeading } from '../../../components/page-heading.js';
import { TextField } from '../../../components/text-field.js';
import { describeApiError } from '../../../features/errors/describe-api-error.js';
import { useSession, userQueryKey } from '../../../features/session/session-provider.js';
import { STANDARDS_PATH } from '../../direct-ident/methods.js';

/**
 * An international number: a plus, the country code and 6 to 14 further digits; spaces, dots,
 * dashes and brackets between them are dropped. SMS gateways take E.164, which has no room for
 * a national trunk prefix, so a number without its country code is refused here.
 */
export function normaliseMobile(input: string): string | null {
  const compact = input.replace(/[\s.\-()]/g, '');
  return /^\+[1-9]\d{6,14}$/.test(compact) ? compact : null;
}

export function MobileIdPage() {
  const { t } = useTranslation();
  const { api } = useServices();
  const { user } = useSession();
  const queryClient = useQueryClient();
  const saved = user?.attributes.mobile ?? null;
  const [typed, setTyped] = useState<string | null>(null);
  const [isShowingError, setShowingError] = useState(false);
  const shown = typed ?? saved ?? '';
  const normalised = normaliseMobile(shown);
  const save = useMutation({
    mutationFn: (mobile: string | null) =>
      api.call(accountEndpoints.updateUser, { body: { attributes: { mobile } } }),
    onSuccess: (updated) => {
      queryClient.setQueryData(userQueryKey, updated);
      setTyped(null);
      setShowingError(false);
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!normalised) return setShowingError(true);
    save.mutate(normalised);
  };
  return (
    <form onSubmit={submit} className="flex max-w-md flex-col gap-3" noValidate>
      <PageHeading lead={t('ident.mobile.lead')}>{t('ident.mobile.heading')}</PageHeading>
      <p role="status" data-testid="mobile-state">
        {saved ? t('ident.mobile.current', { mobile: saved }) : t('ident.mobile.none')}
      </p>
      <TextField
        label={t('ident.mobile.label')}
        hint={t('ident.mobile.hint')}
        type="tel"
        autoComplete="tel"
        maxLength={32}
        value={shown}
        error={isShowingError && !normalised ? t('ident.mobile.invalid') : undefined}
        onChange={(e) => setTyped(e.target.value)}
      />
      <div className="flex flex-wrap gap-3">
        <Button type="submit" isBusy={save.isPending && save.variables !== null}>
          {t('ident.mobile.save')}
        </Button>
        {saved && (
          <Button
            variant="secondary"
            onClick={() => save.mutate(null)}
            isBusy={save.isPending && save.variables === null}
          >
            {t('ident.mobile.remove')}
          </Button>
        )}
        <Link className={buttonClasses('text')} to={STANDARDS_PATH}>
          {t('ident.standards.back')}
        </Link>
      </div>
      <FormAlert message={save.isError ? t(describeApiError(save.error)) : null} />
    </form>
  );
}
