// What a link holder's link shows once its request has ended (ADR 041): for a while the request
// itself, read-only, under a notice saying how it ended and until when its documents can be
// downloaded here; afterwards a page saying plainly that the request is over and whom to ask.
import type { LinkStatus } from '@countersign/contract';
import { useTranslation } from 'react-i18next';
import type { ParseKeys } from 'i18next';
import { PageHeading } from '../../components/page-heading.js';
import { useFormatDate } from '../../features/i18n/use-format-date.js';

const endedText: Record<string, ParseKeys> = {
  completed: 'sign.link.completed',
  declined: 'sign.link.declined',
  withdrawn: 'sign.link.withdrawn',
  expired: 'sign.link.expired',
};

function senderOf(link: LinkStatus): string {
  return link.sender.name ? `${link.sender.name} (${link.sender.email})` : link.sender.email;
}

/** Above the read-only request: how it ended and how long the downloads stay here. */
export function LinkEndedNotice({ link }: { link: LinkStatus }) {
  const { t } = useTranslation();
  const formatDate = useFormatDate();
  return (
    <div
      role="status"
      className="flex flex-col gap-1 rounded-lg border-l-4 border-primary bg-white p-4 ring-1 ring-line"
    >
      <p className="font-semibold">{t(endedText[link.requestStatus] ?? 'sign.link.completed')}</p>
      <p className="text-sm" data-testid="link-available-until">
        {t('sign.link.availableUntil', { date: formatDate(link.availableUntil) })}
      </p>
    </div>
  );
}

/** The link's last word: the request is over, the downloads have ended, ask the sender. */
export function LinkOver({ link }: { link: LinkStatus }) {
  const { t } = useTranslation();
  const formatDate = useFormatDate();
  return (
    <div className="flex flex-col gap-4">
      <PageHeading
        lead={t('sign.link.overText', { title: link.title, date: formatDate(link.availableUntil) })}
      >
        {t('sign.link.overHeading')}
      </PageHeading>
      <p data-testid="link-ask-sender">
        {t('sign.link.askSender', { sender: senderOf(link) })}{' '}
        <a className="font-semibold text-primary-dark underline" href={`mailto:${link.sender.email}`}>
          {t('sign.link.writeTo', { email: link.sender.email })}
        </a>
      </p>
    </div>
  );
}
