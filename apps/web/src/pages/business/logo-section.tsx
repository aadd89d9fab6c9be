// The company logo on the settings page: uploaded as multipart (POST .../settings/logo, `logo`), the
// server checks the image by its bytes and re-encodes it; removing it sets the logo to null.
import { businessEndpoints } from '@countersign/contract';
import type { Business, BusinessSettings, BusinessSettingsPatch } from '@countersign/contract';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useServices } from '../../app/services.js';
import { Button } from '../../components/button.js';
import { ImageFileField } from '../../features/business/image-file-field.js';
import { CallStatus } from '../../features/errors/call-status.js';
import { useSnackbars } from '../../features/snackbars/snackbar-store.js';
import { ResizedImage } from '../../features/images/resized-image.js';

/** What the server takes (business-settings: 1 MB); checked first so a large file is not sent. */
const LOGO_MAX_BYTES = 1024 * 1024;

export function LogoSection({
  business,
  settings,
  store,
  update,
}: {
  business: Business;
  settings: BusinessSettings;
  store: (settings: BusinessSettings) => void;
  update: (patch: BusinessSettingsPatch) => Promise<void>;
}) {
  const { t } = useTranslation();
  const { api } = useServices();
  const snackbars = useSnackbars();
  const [tooLarge, setTooLarge] = useState(false);
  const logo = settings.companyBranding.logo;

  const upload = useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('logo', file);
      return api.call(businessEndpoints.uploadBusinessLogo, { params: { id: business.id }, form });
    },
    onSuccess: (answer) => {
      store(answer.settings);
      snackbars.show({ message: t('businessPages.settings.logoSaved'), color: 'success' });
    },
  });
  const remove = useMutation({
    mutationFn: () => update({ companyBranding: { logo: null } }),
    onSuccess: () => snackbars.show({ message: t('businessPages.settings.logoRemoved'), color: 'success' }),
  });

  return (
    <section
      aria-labelledby="logo-heading"
      className="flex flex-col gap-3 rounded-lg border border-line bg-white p-4"
    >
      <h2 id="logo-heading" className="text-lg font-semibold">
        {t('businessPages.settings.logoHeading')}
      </h2>
      <p className="text-muted">{t('businessPages.settings.logoText')}</p>
      {logo ? (
        <ResizedImage
          src={logo.url}
          preset="logo-settings"
          alt={t('businessPages.settings.logoAlt', { name: business.name })}
          width={logo.width}
          height={logo.height}
          className="h-auto max-h-24 w-auto max-w-full self-start rounded border border-line p-2"
        />
      ) : (
        <p className="text-sm text-muted">{t('businessPages.settings.noLogo')}</p>
      )}
      <ImageFileField
        label={t('businessPages.settings.logoFile')}
        hint={t('businessPages.settings.logoHint')}
        maxBytes={LOGO_MAX_BYTES}
        disabled={upload.isPending}
        onFile={(file) => upload.mutateAsync(file).catch(() => undefined)}
        onTooLarge={setTooLarge}
      />
      <CallStatus
        error={upload.error ?? remove.error}
        message={tooLarge ? t('businessPages.settings.logoTooLarge') : null}
      />
      {logo && (
        <Button
          variant="text"
          className="self-start"
          isBusy={remove.isPending}
          onClick={() => remove.mutate()}
        >
          {t('businessPages.settings.removeLogo')}
        </Button>
      )}
    </section>
  );
}
