// A new-password input with the policy hint and live verdict, announced politely as it changes.
import { PASSWORD_MIN_LENGTH } from '@countersign/domain';
import { forwardRef } from 'react';
import type { InputHTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import { TextField } from '../../components/text-field.js';
import { passwordPolicyKey } from '../errors/describe-api-error.js';
import type { PasswordVerdict } from './use-password-verdict.js';

interface NewPasswordFieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: string;
  error?: string | undefined;
  verdict: PasswordVerdict;
}

/** The live verdict; an objection the form's own error already states under the field is not said again. */
function VerdictText({ verdict, error }: { verdict: PasswordVerdict; error: string | undefined }) {
  const { t } = useTranslation();
  switch (verdict.state) {
    case 'empty':
      return null;
    case 'checking':
      return <span className="text-muted">{t('passwordPolicy.checking')}</span>;
    case 'valid':
      return <span className="text-success-dark">✓ {t('passwordPolicy.valid')}</span>;
    case 'invalid': {
      const objection = t(passwordPolicyKey(verdict.code) ?? 'passwordPolicy.invalid');
      return objection === error ? null : <span className="text-error">{objection}</span>;
    }
  }
}

export const NewPasswordField = forwardRef<HTMLInputElement, NewPasswordFieldProps>(function NewPasswordField(
  { verdict, error, ...rest },
  ref,
) {
  const { t } = useTranslation();
  return (
    <TextField
      ref={ref}
      type="password"
      autoComplete="new-password"
      hint={
        <>
          <span>{t('passwordPolicy.hint', { min: PASSWORD_MIN_LENGTH })}</span>
          <span aria-live="polite" data-testid="password-verdict" className="block">
            <VerdictText verdict={verdict} error={error} />
          </span>
        </>
      }
      error={error}
      {...rest}
    />
  );
});
