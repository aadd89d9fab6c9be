// The branding of a request sent by a person of a business (ADR 035): the business's logo and
// name above the request, and its support contact, so a signer knows who stands behind it.
import type { SignatureRequest } from '@countersign/contract';
import { useTranslation } from 'react-i18next';
import { ResizedImage } from '../../features/images/resized-image.js';

export function BusinessBranding({ business }: { business: NonNullable<SignatureRequest['business']> }) {
  const { t } = useTranslation();
  const { email, phone } = business.supportContact;
  return (
    <div className="flex flex-col gap-2" data-testid="business-branding">
      {business.logo && (
        <ResizedImage
          src={business.logo.url}
          preset="logo-banner"
          alt={t('sign.view.businessLogo', { name: business.name })}
          width={business.logo.width}
          height={business.logo.height}
          className="h-auto max-h-16 w-auto max-w-full self-start"
        />
      )}
      <p className="font-semibold">{t('sign.view.businessName', { name: business.name })}</p>
      {(email || phone) && (
        <p className="text-sm text-muted">
          {t('sign.view.businessSupport', { name: business.name })}{' '}
          {email && (
            <a className="font-semibold text-primary-dark underline" href={`mailto:${email}`}>
              {email}
            </a>
          )}
          {email && phone && ' · '}
          {phone && (
            <a
              className="font-semibold text-primary-dark underline"
              href={`tel:${phone.replace(/[^\d+]/g, '')}`}
            >
              {phone}
            </a>
          )}
        </p>
      )}
    </div>
  );
}
