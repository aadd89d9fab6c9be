// Dialog `document: add signer group` (spec 2): the signer groups of the sender's business, to add
// one to the request as a signer; any one of its members then signs in its place. Groups already
// on the request are not offered again. The opener's action receives the group chosen.
import * as Dialog from '@radix-ui/react-dialog';
import { groupEndpoints } from '@countersign/contract';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useServices } from '../../app/services.js';
import { Button } from '../../components/button.js';
import type { DialogRecord } from '../dialogs/dialog-store.js';
import { useDialogs } from '../dialogs/dialog-store.js';
import { CallStatus } from '../errors/call-status.js';
import { useLocaleArea } from '../i18n/i18n.js';

export interface SignerGroupChoice {
  id: string;
  name: string;
}

export function AddSignerGroupDialog({ record }: { record: DialogRecord<'document/add-signer-group'> }) {
  useLocaleArea('business');
  const { t } = useTranslation();
  const { api } = useServices();
  const dialogs = useDialogs();
  const taken = new Set(record.props?.taken ?? []);
  const [chosen, setChosen] = useState<string | null>(null);
  // the first 100 groups by name: a business has at most its `maxGroups`
  const groups = useQuery({
    queryKey: ['signer-groups', 'choice'],
    queryFn: ({ signal }) =>
      api.call(groupEndpoints.listSignerGroups, { query: { page: 1, size: 100 }, signal }),
  });
  const offered = (groups.data?.items ?? []).filter((group) => !taken.has(group.id));
  const choice = offered.find((group) => group.id === chosen) ?? null;
  return (
    <form
      className="flex flex-col gap-4"
      onSubmit={(event) => {
        event.preventDefault();
        if (choice) void dialogs.runAction({ id: choice.id, name: choice.name } satisfies SignerGroupChoice);
      }}
    >
      <Dialog.Title className="text-xl font-bold">{t('consolePages.addGroup.title')}</Dialog.Title>
      <Dialog.Description className="text-muted">{t('consolePages.addGroup.text')}</Dialog.Description>
      <CallStatus isLoading={groups.isPending} error={groups.error} />
      {groups.data && offered.length === 0 && <p>{t('consolePages.addGroup.none')}</p>}
      {offered.length > 0 && (
        <fieldset className="flex flex-col gap-2">
          <legend className="sr-only">{t('consolePages.addGroup.title')}</legend>
          {offered.map((group) => (
            <label key={group.id} className="flex items-start gap-2 rounded-md border border-line p-3">
              <input
                type="radio"
                name="signer-group"
                value={group.id}
                checked={chosen === group.id}
                className="mt-1 accent-primary"
                onChange={() => setChosen(group.id)}
              />
              <span className="flex flex-col">
                <span className="font-semibold">{group.name}</span>
                <span className="text-sm break-all text-muted">{group.members.join(', ')}</span>
              </span>
            </label>
          ))}
        </fieldset>
      )}
      <div className="flex flex-col gap-2 sm:flex-row-reverse">
        <Button type="submit" disabled={!choice} isBusy={dialogs.isLoading}>
          {t('consolePages.addGroup.submit')}
        </Button>
        <Button variant="text" onClick={dialogs.close}>
          {t('businessPages.confirm.cancel')}
        </Button>
      </div>
    </form>
  );
}
