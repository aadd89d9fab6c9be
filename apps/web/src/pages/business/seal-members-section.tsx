// Who may apply a seal (ADR 061: by assignment only): the people of the business the admin lists
// on it, and beside them the API users the admin lists on it. People are added from the admins and
// members of the business, API users from the business's API users; a new API user is on no seal
// until it is listed here. Each is removed one by one.
import type { Business, SealDetail } from '@countersign/contract';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useServices } from '../../app/services.js';
import { TextLink } from '../../components/text-link.js';
import { useApiUsers } from '../../features/business/api-users-api.js';
import { peopleQuery } from '../../features/business/business-queries.js';
import { SealAssignmentSection } from './seal-assignment-section.js';

const fullName = (person: { firstName: string; lastName: string; email: string }) =>
  `${person.firstName} ${person.lastName}`.trim() || person.email;

/** The people of the business (the first 100 admins and the first 100 members). */
function usePeople(businessId: string) {
  const { api } = useServices();
  return useQuery(peopleQuery(api, businessId));
}

interface SectionProps {
  business: Business;
  seal: SealDetail;
  store: (seal: SealDetail) => void;
}

export function SealMembersSection(props: SectionProps) {
  const { t } = useTranslation();
  const people = usePeople(props.business.id);
  const onSeal = new Set(props.seal.members.map((member) => member.userId));
  return (
    <SealAssignmentSection
      {...props}
      sectionId="seal-member"
      texts={{
        heading: t('consolePages.seals.membersHeading'),
        text: t('consolePages.seals.membersText'),
        none: t('consolePages.seals.noMembers'),
        choose: t('consolePages.seals.person'),
        add: t('consolePages.seals.addMember'),
        added: t('consolePages.seals.memberAdded'),
        removed: t('consolePages.seals.memberRemoved'),
      }}
      headings={[t('businessPages.members.name'), t('businessPages.members.email')]}
      assigned={props.seal.members.map((member) => ({
        id: member.userId,
        name: fullName(member),
        cells: [fullName(member), member.email],
      }))}
      candidates={(people.data ?? [])
        .filter((person) => !onSeal.has(person.userId))
        .map((person) => ({ id: person.userId, label: `${fullName(person)} (${person.email})` }))}
      isLoading={people.isLoading}
      error={people.error}
    />
  );
}

export function SealApiUsersSection(props: SectionProps) {
  const { t } = useTranslation();
  const apiUsers = useApiUsers(props.business.id);
  const onSeal = new Set(props.seal.apiUsers.map((user) => user.username));
  const described = (user: { username: string; description: string }) =>
    user.description ? `${user.description} (${user.username})` : user.username;
  return (
    <SealAssignmentSection
      {...props}
      sectionId="seal-api-user"
      texts={{
        heading: t('consolePages.seals.apiUsersHeading'),
        text: t('consolePages.seals.apiUsersText'),
        none: t('consolePages.seals.noApiUsers'),
        choose: t('consolePages.seals.apiUser'),
        add: t('consolePages.seals.addApiUser'),
        added: t('consolePages.seals.apiUserAdded'),
        removed: t('consolePages.seals.apiUserRemoved'),
      }}
      headings={[t('consolePages.api.username'), t('consolePages.api.description')]}
      assigned={props.seal.apiUsers.map((user) => ({
        id: user.username,
        name: user.username,
        cells: [user.username, user.description || t('consolePages.api.noDescription')],
      }))}
      candidates={(apiUsers.data ?? [])
        .filter((user) => !onSeal.has(user.username))
        .map((user) => ({ id: user.username, label: described(user) }))}
      isLoading={apiUsers.isLoading}
      error={apiUsers.error}
    >
      {apiUsers.data?.length === 0 && (
        <p className="text-sm">
          {t('consolePages.seals.noApiUsersInBusiness')}{' '}
          <TextLink to="/business/developers/api">{t('consolePages.api.create')}</TextLink>
        </p>
      )}
    </SealAssignmentSection>
  );
}
