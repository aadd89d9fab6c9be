// One list of who may apply a seal, people or API users (ADR 061: a seal is applied by assignment
// only): those assigned, each removable, and a choice among those of the business not assigned
// yet. Both kinds go through the seal's members call (a person by account id, an API user by user
// name); each change answers the seal as it is now.
import { sealEndpoints } from '@countersign/contract';
import type { Business, SealDetail } from '@countersign/contract';
import { useMutation } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useServices } from '../../app/services.js';
import { Button } from '../../components/button.js';
import { SelectField } from '../../components/select-field.js';
import { ListTable } from '../../features/business/list-table.js';
import { CallStatus } from '../../features/errors/call-status.js';
import { useSnackbars } from '../../features/snackbars/snackbar-store.js';

/** Someone assigned to the seal: the id the members call takes, a name, and the row's cells. */
export interface Assignee {
  id: string;
  name: string;
  /** the first cell is the name as shown; the others may break anywhere (addresses, user names) */
  cells: [string, ...string[]];
}

/** The section's texts, already translated. */
export interface AssignmentTexts {
  heading: string;
  text: string;
  none: string;
  choose: string;
  add: string;
  added: string;
  removed: string;
}

export function SealAssignmentSection({
  business,
  seal,
  store,
  sectionId,
  texts,
  headings,
  assigned,
  candidates,
  isLoading,
  error,
  children,
}: {
  business: Business;
  seal: SealDetail;
  store: (seal: SealDetail) => void;
  /** names the section's heading and rows (`${sectionId}-heading`, `${sectionId}-row`) */
  sectionId: string;
  texts: AssignmentTexts;
  /** the headings of the assignees' cells (an actions column follows) */
  headings: string[];
  assigned: Assignee[];
  /** who of the business may be assigned still, once loaded */
  candidates: { id: string; label: string }[];
  isLoading: boolean;
  error: unknown;
  /** said after the list and the choice */
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const { api } = useServices();
  const snackbars = useSnackbars();
  const [chosen, setChosen] = useState('');
  const params = { id: business.id, seal: seal.name };
  const add = useMutation({
    mutationFn: (id: string) => api.call(sealEndpoints.addSealMembers, { params, body: { members: [id] } }),
    onSuccess: (next) => {
      store(next);
      setChosen('');
      snackbars.show({ message: texts.added, color: 'success' });
    },
  });
  const remove = useMutation({
    mutationFn: (id: string) =>
      api.call(sealEndpoints.removeSealMembers, { params, body: { members: [id] } }),
    onSuccess: (next) => {
      store(next);
      snackbars.show({ message: texts.removed, color: 'success' });
    },
  });
  const selected = candidates.some((candidate) => candidate.id === chosen)
    ? chosen
    : (candidates[0]?.id ?? '');
  const headingId = `${sectionId}-heading`;

  return (
    <section
      aria-labelledby={headingId}
      className="flex flex-col gap-3 rounded-lg border border-line bg-white p-4"
    >
      <h2 id={headingId} className="text-lg font-semibold">
        {texts.heading}
      </h2>
      <p className="text-muted">{texts.text}</p>
      {assigned.length === 0 ? (
        <p className="text-sm text-muted">{texts.none}</p>
      ) : (
        <ListTable headings={[...headings, t('businessPages.members.actions')]}>
          {assigned.map((assignee) => (
            <tr
              key={assignee.id}
              className="border-b border-line last:border-0"
              data-testid={`${sectionId}-row`}
            >
              {assignee.cells.map((cell, index) => (
                <td key={index} className={index === 0 ? 'p-3' : 'p-3 break-all'}>
                  {cell}
                </td>
              ))}
              <td className="p-3">
                <Button
                  variant="text"
                  size="sm"
                  isBusy={remove.isPending && remove.variables === assignee.id}
                  aria-label={`${t('consolePages.seals.removeMember')}: ${assignee.name}`}
                  onClick={() => remove.mutate(assignee.id)}
                >
                  {t('consolePages.seals.removeMember')}
                </Button>
              </td>
            </tr>
          ))}
        </ListTable>
      )}
      {candidates.length > 0 && (
        <div className="flex flex-wrap items-end gap-3">
          <SelectField
            label={texts.choose}
            value={selected}
            options={candidates.map((candidate) => ({ value: candidate.id, label: candidate.label }))}
            onChange={(event) => setChosen(event.target.value)}
          />
          <Button
            variant="secondary"
            isBusy={add.isPending}
            disabled={!selected}
            onClick={() => add.mutate(selected)}
          >
            {texts.add}
          </Button>
        </div>
      )}
      {children}
      <CallStatus isLoading={isLoading} error={add.error ?? remove.error ?? error} />
    </section>
  );
}
