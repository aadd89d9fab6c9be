// /view/{srid} (spec 2, role user): an account holder views a request and, when it is their
// turn, picks one of their visual signatures (or makes a new one: typed, drawn or an image) and
// signs. The exit, error and decline query parameters (spec 2, 5) say where to go afterwards.
import type { VisualSignature } from '@countersign/contract';
import { resolveRedirects } from '@countersign/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { useServices } from '../../app/services.js';
import { Button } from '../../components/button.js';
import { createRequestApi } from '../../features/signing/request-api.js';
import { NewVisualSignature } from '../../features/visual-signatures/new-visual-signature.js';
import { PreviewBox } from '../../features/visual-signatures/preview-image.js';
import { usePreviewImage } from '../../features/visual-signatures/use-preview-image.js';
import { RequestView } from './request-view.js';
import {
  defaultVisualSignatureQuery,
  visualSignatureKeys,
  visualSignaturesQuery,
} from '../../features/visual-signatures/visual-signature-queries.js';

export function useRedirectParams() {
  const [searchParams] = useSearchParams();
  const search = searchParams.toString();
  return useMemo(() => {
    const params = new URLSearchParams(search);
    return resolveRedirects({
      exit: params.get('exit') ?? undefined,
      error: params.get('error') ?? undefined,
      decline: params.get('decline') ?? undefined,
      redirectTimeout: params.get('redirectTimeout') ?? undefined,
    });
  }, [search]);
}

function SelectedPreview({ id, alias }: { id: string; alias: string }) {
  const { t } = useTranslation();
  const preview = usePreviewImage({ id }, 0);
  return <PreviewBox preview={preview} alt={t('profile.visual.previewAlt', { alias })} />;
}

/**
 * The account holder's visual signatures to choose from, the chosen one previewed as it will look,
 * and a new one made here: typed, drawn or an uploaded image (kept for the next time too).
 */
function VisualSignaturePicker({
  value,
  onChange,
}: {
  value: string | undefined;
  onChange: (id: string) => void;
}) {
  const { t } = useTranslation();
  const { api } = useServices();
  const queryClient = useQueryClient();
  const [isAdding, setAdding] = useState(false);
  const list = useQuery(visualSignaturesQuery(api));
  const fallback = useQuery({ ...defaultVisualSignatureQuery(api), enabled: isAdding });
  const items = list.data?.items ?? [];
  const selected = value ?? items.find((item) => item.isDefault)?.id ?? items[0]?.id;
  const chosen = items.find((item) => item.id === selected);
  const created = (signature: VisualSignature) => {
    queryClient.setQueryData<{ items: VisualSignature[] }>(visualSignatureKeys.list, (old) => ({
      items: [...(old?.items ?? []).filter((item) => item.id !== signature.id), signature],
    }));
    void queryClient.invalidateQueries({ queryKey: visualSignatureKeys.list });
    onChange(signature.id);
    setAdding(false);
  };
  return (
    <fieldset className="flex flex-col gap-3 rounded-lg border border-line bg-white p-4">
      <legend className="px-1 text-lg font-semibold">{t('sign.visual.legend')}</legend>
      {list.isPending && <p className="text-muted">{t('app.loading')}</p>}
      {list.data && items.length === 0 && <p className="text-sm text-muted">{t('sign.visual.none')}</p>}
      <div className="flex flex-col gap-2">
        {items.map((item) => (
          <label
            key={item.id}
            className="flex cursor-pointer items-start gap-3 rounded-md border border-line p-3 has-[:checked]:border-primary has-[:checked]:bg-primary/5"
          >
            <input
              type="radio"
              name="visual-signature"
              className="mt-1 size-4"
              value={item.id}
              checked={selected === item.id}
              onChange={() => onChange(item.id)}
            />
            <span className="flex min-w-0 flex-col">
              <span className="font-semibold break-words">{item.alias}</span>
              <span className="text-sm break-words text-muted">
                {[item.name, item.optionalLine, item.location].filter(Boolean).join(' · ')}
              </span>
            </span>
          </label>
        ))}
      </div>
      {chosen && !isAdding && (
        <SelectedPreview key={`${chosen.id}-${chosen.updatedAt}`} id={chosen.id} alias={chosen.alias} />
      )}
      {isAdding && fallback.data ? (
        <NewVisualSignature
          defaultName={fallback.data.name}
          existingAliases={items.map((item) => item.alias)}
          onCreated={created}
          onCancel={() => setAdding(false)}
        />
      ) : (
        <Button
          variant="secondary"
          size="sm"
          className="self-start"
          isBusy={isAdding}
          onClick={() => setAdding(true)}
        >
          {t('sign.visual.add')}
        </Button>
      )}
    </fieldset>
  );
}

export function ViewPage() {
  const { srid = '' } = useParams();
  const { api, session } = useServices();
  const navigate = useNavigate();
  const redirects = useRedirectParams();
  const [visualSignatureId, setVisualSignatureId] = useState<string | undefined>(undefined);
  const requestApi = useMemo(
    () => createRequestApi(api, session, { kind: 'account', requestId: srid }),
    [api, session, srid],
  );
  return (
    <RequestView
      requestApi={requestApi}
      redirects={redirects}
      visualSignatureId={visualSignatureId}
      signPanel={<VisualSignaturePicker value={visualSignatureId} onChange={setVisualSignatureId} />}
      onSignedWithoutExit={() => void navigate(`/signed?srid=${encodeURIComponent(srid)}`)}
      onDeclinedWithoutExit={() => void navigate(`/declined?srid=${encodeURIComponent(srid)}`)}
      notAvailablePath="/not-available"
    />
  );
}
