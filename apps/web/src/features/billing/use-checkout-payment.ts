// The end of a checkout, the same on both upgrade pages and for a change of seats: saving a card
// on the payment provider's page, then paying with it. Whenever the browser leaves for the
// provider (its card page, or the bank's 3-D Secure step when the charge asks for one) the choice
// is kept first (checkout-store), so the page finds it again on the way back. A charge that goes
// through forgets the kept choice: the purchase is done, and a later visit starts afresh.
import type { billingEndpoints, EndpointResponse } from '@countersign/contract';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useServices } from '../../app/services.js';
import { forgetCheckout, saveCheckout } from './checkout-store.js';
import type { CheckoutChoice, CheckoutScope } from './checkout-store.js';
import { goToPaymentPage } from './provider-redirect.js';

export type ChargeOutcome = EndpointResponse<typeof billingEndpoints.upgradeSubscription>;
export type SetupIntent = EndpointResponse<typeof billingEndpoints.createBusinessSetupIntent>;

/** Paying for a choice (`pay.mutate(choice)`), through the bank's 3-D Secure step when asked. */
export function useCheckoutCharge({
  scope,
  charge,
  onPaid,
}: {
  scope: CheckoutScope;
  charge: (choice: CheckoutChoice) => Promise<ChargeOutcome>;
  /** the charge went through without a 3-D Secure step */
  onPaid: (outcome: ChargeOutcome) => Promise<void> | void;
}) {
  const { storage } = useServices();
  const [isSecureStep, setSecureStep] = useState(false);
  const pay = useMutation({
    mutationFn: async (choice: CheckoutChoice) => {
      const outcome = await charge(choice);
      if (outcome.status === 'requires_action' && outcome.actionUrl) {
        saveCheckout(storage, scope, choice);
        setSecureStep(true);
        goToPaymentPage(outcome.actionUrl);
        return;
      }
      forgetCheckout(storage, scope);
      await onPaid(outcome);
    },
  });
  return {
    pay,
    /** the browser is on its way to the bank's 3-D Secure step */
    isSecureStep,
  };
}

/** An upgrade page's checkout: the card saved on the provider's page, then the charge. */
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
  const addCard = useMutation({
    mutationFn: async () => {
      const intent = await startCardSetup();
      saveCheckout(storage, scope, choice);
      if (intent.redirectUrl) goToPaymentPage(intent.redirectUrl);
    },
  });
  const { pay, isSecureStep } = useCheckoutCharge({ scope, charge, onPaid });
  return { addCard, pay, isSecureStep };
}
