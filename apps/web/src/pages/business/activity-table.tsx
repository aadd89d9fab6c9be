// One page of an activity list as a table, with the columns of its kind: accounts (event, person,
// role, who did it), signatures (signer, level, legislation, sender, group) or identifications
// (person, method, legislation, outcome). Names are shown where known, else the address.
import type { businessActivityEndpoints } from '@countersign/contract';
import type { EndpointResponse } from '@countersign/contract';
import { useTranslation } from 'react-i18next';
import { ListTable } from '../../features/business/list-table.js';
import { useFormatDate } from '../../features/i18n/use-format-date.js';

type PageOf<E> = EndpointResponse<E>;
export type ActivityPage =
  | ({ kind: 'accounts' } & PageOf<typeof businessActivityEndpoints.listAccountActivities>)
  | ({ kind: 'signatures' } & PageOf<typeof businessActivityEndpoints.listSignatureActivities>)
  | ({ kind: 'identifications' } & PageOf<typeof businessActivityEndpoints.listIdentificationActivities>);

const person = (name: string, email: string) => (name.trim() ? `${name.trim()} (${email})` : email);
const cell = 'p-3 align-top';

type AccountItem = Extract<ActivityPage, { kind: 'accounts' }>['items'][number];
/**
 * The role column's key: the role held after the event; without one, an invitee who has not
 * joined (invited, invitation withdrawn) is not yet part of the business, anyone else no longer is.
 */
function roleKey({
  role,
  event,
}: Pick<AccountItem, 'role' | 'event'>): 'admin' | 'member' | 'none' | 'notYet' {
  if (role) return role;
  return event === 'invited' || event === 'invitation_withdrawn' ? 'notYet' : 'none';
}

export function ActivityTable({ page }: { page: ActivityPage }) {
  const { t } = useTranslation();
  const formatDate = useFormatDate();
  const a = 'consolePages.activity';
  switch (page.kind) {
    case 'accounts':
      return (
        <ListTable
          headings={[t(`${a}.when`), t(`${a}.event`), t(`${a}.person`), t(`${a}.role`), t(`${a}.by`)]}
        >
          {page.items.map((item) => (
            <tr key={item.id} className="border-b border-line last:border-0" data-testid="activity-row">
              <td className={cell}>{formatDate(item.at)}</td>
              <td className={cell}>{t(`${a}.events.${item.event}`)}</td>
              <td className={`${cell} break-all`}>{person(item.name, item.email)}</td>
              <td className={cell}>{t(`${a}.roles.${roleKey(item)}`)}</td>
              <td className={`${cell} break-all`}>{item.byEmail}</td>
            </tr>
          ))}
        </ListTable>
      );
    case 'signatures':
      return (
        <ListTable
          headings={[
            t(`${a}.when`),
            t(`${a}.signer`),
            t(`${a}.level`),
            t(`${a}.legislation`),
            t(`${a}.sender`),
            t(`${a}.group`),
          ]}
        >
          {page.items.map((item) => (
            <tr key={item.id} className="border-b border-line last:border-0" data-testid="activity-row">
              <td className={cell}>{formatDate(item.at)}</td>
              <td className={`${cell} break-all`}>{person(item.signerName, item.signerEmail)}</td>
              <td className={cell}>{t(`${a}.levels.${item.quality}`)}</td>
              <td className={cell}>{item.legislation === 'zertes' ? 'ZertES' : 'eIDAS'}</td>
              <td className={`${cell} break-all`}>{item.senderEmail}</td>
              <td className={cell}>{item.groupName ?? ''}</td>
            </tr>
          ))}
        </ListTable>
      );
    case 'identifications':
      return (
        <ListTable
          headings={[
            t(`${a}.when`),
            t(`${a}.person`),
            t(`${a}.method`),
            t(`${a}.legislation`),
            t(`${a}.outcome`),
          ]}
        >
          {page.items.map((item) => (
            <tr key={item.id} className="border-b border-line last:border-0" data-testid="activity-row">
              <td className={cell}>{formatDate(item.at)}</td>
              <td className={`${cell} break-all`}>{person(item.name, item.email)}</td>
              <td className={cell}>{item.method}</td>
              <td className={cell}>{item.legislation === 'zertes' ? 'ZertES' : 'eIDAS'}</td>
              <td className={cell}>{t(`${a}.outcomes.${item.outcome}`)}</td>
            </tr>
          ))}
        </ListTable>
      );
  }
}
