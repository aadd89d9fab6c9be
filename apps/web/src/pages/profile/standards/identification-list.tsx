// A person's identifications with their status, as the signature-standards screens list them.
import type { Identification } from '@countersign/contract';
import { useTranslation } from 'react-i18next';
import { METHOD_ROUTES, WALLET_METHOD } from '../../direct-ident/methods.js';

const nameOf = (identification: Identification) =>
  identification.provider === 'idaustria' || identification.provider === 'eidplus'
    ? identification.provider
    : identification.provider === WALLET_METHOD.provider
      ? 'wallet'
      : (METHOD_ROUTES.find(
          (m) => m.provider === identification.provider && m.method === identification.method,
        )?.name ?? 'video');

export function IdentificationList({ identifications }: { identifications: readonly Identification[] }) {
  const { t } = useTranslation();
  if (identifications.length === 0) return null;
  return (
    <section className="flex flex-col gap-2" aria-labelledby="identifications">
      <h2 id="identifications" className="text-lg font-semibold">
        {t('ident.standards.identifications')}
      </h2>
      <ul className="flex flex-col gap-2">
        {identifications.map((identification) => (
          <li key={identification.id} className="rounded-md border border-line bg-white p-3 text-sm">
            <span className="font-semibold">
              {t(`ident.choose.${nameOf(identification)}`)}
              {/* a wallet's identity serves advanced signatures under either legislation */}
              {identification.provider !== WALLET_METHOD.provider &&
                ` (${t(`ident.choose.${identification.legislation}`)})`}
            </span>
            <span className="block text-muted">{t(`ident.status.${identification.status}`)}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
