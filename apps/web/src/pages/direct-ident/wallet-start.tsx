// The digital identity wallet as an identification method (ADR 085): one card that starts a
// wallet identification (as a link holder for their signature, or as an account holder) and
// hands its OpenID4VP request to the person's wallet. The wallet sends them back afterwards.
import type { Identification } from '@countersign/contract';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/button.js';
import { FormAlert } from '../../components/form-alert.js';
import { describeApiError } from '../../features/errors/describe-api-error.js';
import { leaveToWallet } from '../../features/signing/leave.js';

export function WalletStart({ start }: { start: () => Promise<Identification> }) {
  const { t } = useTranslation();
  const open = useMutation({
    mutationFn: async () => {
      const started = await start();
      if (!started.url || !leaveToWallet(started.url)) throw new Error('no wallet address');
    },
  });
  return (
    <section
      className="flex flex-col gap-2 rounded-lg border border-line bg-white p-4"
      aria-labelledby="wallet"
    >
      <h2 id="wallet" className="font-semibold">
        {t('ident.wallet.heading')}
      </h2>
      <p className="text-sm text-muted">{t('ident.wallet.text')}</p>
      <div>
        <Button variant="secondary" onClick={() => open.mutate()} isBusy={open.isPending}>
          {t('ident.wallet.start')}
        </Button>
      </div>
      <FormAlert
        message={
          open.isError
            ? t(
                open.error instanceof Error && open.error.message === 'no wallet address'
                  ? 'ident.start.failed'
                  : describeApiError(open.error),
              )
            : null
        }
      />
    </section>
  );
}
