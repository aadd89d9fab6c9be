// The billing address of a business (PUT /v2/businesses/{id}/billing): street, postal code, city,
// country and an optional VAT number, which the server checks against the country's format. The
// plan page and the checkout show it; the checkout pays only once it is saved.
import { billingEndpoints } from '@countersign/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useServices } from '../../app/services.js';
import { Button } from '../../components/button.js';
import { FormAlert } from '../../components/form-alert.js';
import { SelectField } from '../../components/select-field.js';
import { TextField } from '../../components/text-field.js';
import { useBusinessBilling } from '../../features/billing/billing-api.js';
import type { BusinessBilling } from '../../features/billing/billing-api.js';
import { businessQueryKey } from '../../features/business/business-api.js';
import { useCountryOptions } from '../../features/business/business-details-fields.js';
import { describeApiError } from '../../features/errors/describe-api-error.js';
import { requiredRules } from '../../features/forms/rules.js';
import { useSnackbars } from '../../features/snackbars/snackbar-store.js';

interface AddressForm {
  address1: string;
  address2: string;
  postalCode: string;
  city: string;
  country: string;
  vat: string;
}

export function BillingAddressForm({ businessId }: { businessId: string }) {
  const billing = useBusinessBilling();
  // the form starts from what is saved; it waits for that rather than showing empty fields
  if (!billing.data) return null;
  return <AddressFields businessId={businessId} billing={billing.data} />;
}

function AddressFields({ businessId, billing }: { businessId: string; billing: BusinessBilling }) {
  const { t } = useTranslation();
  const { api } = useServices();
  const queryClient = useQueryClient();
  const snackbars = useSnackbars();
  const countries = useCountryOptions();
  const form = useForm<AddressForm>({
    defaultValues: {
      address1: billing.address1,
      address2: billing.address2,
      postalCode: billing.postalCode,
      city: billing.city,
      country: billing.country || (countries[0]?.value ?? 'CH'),
      vat: billing.vat,
    },
  });
  const { errors } = form.formState;
  const save = useMutation({
    mutationFn: (values: AddressForm) =>
      api.call(billingEndpoints.updateBusinessBilling, { params: { id: businessId }, body: values }),
    onSuccess: (saved) => {
      queryClient.setQueryData([...businessQueryKey, businessId, 'billing'], saved);
      snackbars.show({ message: t('billing.plan.addressSaved'), color: 'success' });
    },
  });
  const required = requiredRules(t);
  return (
    <section aria-labelledby="billing-address" className="flex flex-col gap-3">
      <h2 id="billing-address" className="text-lg font-bold">
        {t('billing.plan.address')}
      </h2>
      <form
        noValidate
        className="flex max-w-md flex-col gap-4"
        onSubmit={form.handleSubmit((values) => save.mutate(values))}
      >
        <TextField
          label={t('billing.plan.address1')}
          autoComplete="address-line1"
          error={errors.address1?.message}
          {...form.register('address1', required)}
        />
        <TextField
          label={t('billing.plan.address2')}
          autoComplete="address-line2"
          {...form.register('address2')}
        />
        <div className="grid gap-4 sm:grid-cols-[8rem_1fr]">
          <TextField
            label={t('billing.plan.postalCode')}
            autoComplete="postal-code"
            error={errors.postalCode?.message}
            {...form.register('postalCode', required)}
          />
          <TextField
            label={t('billing.plan.city')}
            autoComplete="address-level2"
            error={errors.city?.message}
            {...form.register('city', required)}
          />
        </div>
        <SelectField label={t('billing.plan.country')} options={countries} {...form.register('country')} />
        <TextField label={t('billing.plan.vat')} {...form.register('vat')} />
        <FormAlert message={save.error ? t(describeApiError(save.error)) : null} />
        <Button type="submit" isBusy={save.isPending}>
          {t('billing.plan.saveAddress')}
        </Button>
      </form>
    </section>
  );
}
