// The end of a checkout, the same on both upgrade pages: saving a card on the payment provider's
// page, then paying with it. Whenever the browser leaves for the provider (its card page, or the
// bank's 3-D Secure step when the charge asks for one) the choice is kept first (checkout-store),
// so the page finds it again on the way back.
import type { billingEndpoints, EndpointResponse } from '@countersign/contract';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useServices } from '../../app/services.js';
import { saveCheckout } from './checkout-store.js';
import type { CheckoutChoice, CheckoutScope } from './checkout-store.js';
import { goToPaymentPage } from './provider-redirect.js';

export type ChargeOutcome = EndpointResponse<typeof billingEndpoints.upgradeSubscription>;
export type SetupIntent = EndpointResponse<typeof billingEndpoints.createBusinessSetupIntent>;

export function useCheckoutPayment({
  scope,
  choice,
  startCardSetup,
  charge,
  onPaid,
}: {
  scope: CheckoutScope;
  /** what is chosen now, kept while the browser is on the provider's pages */
  choice: CheckoutChoice;
  startCardSetup: () => Promise<SetupIntent>;
  charge: () => Promise<ChargeOutcome>;
  /** the charge went through without a 3-D Secure step */
  onPaid: (outcome: ChargeOutcome) => Promise<void> | void;
}) {
  const { storage } = useServices();
  const [isSecureStep, setSecureStep] = useState(false);
  const remember = () => saveCheckout(storage, scope, choice);
  const addCard = useMutation({
    mutationFn: async () => {
      const intent = await startCardSetup();
      remember();
      if (intent.redirectUrl) goToPaymentPage(intent.redirectUrl);
    },
  });
  const pay = useMutation({
    mutationFn: async () => {
      const outcome = await charge();
      if (outcome.status === 'requires_action' && outcome.actionUrl) {
        remember();
        setSecureStep(true);
        goToPaymentPage(outcome.actionUrl);
        return;
      }
      await onPaid(outcome);
    },
  });
  return {
    addCard,
    pay,
    /** the browser is on its way to the bank's 3-D Secure step */
    isSecureStep,
  };
}
