// A labelled input whose error is tied to it (aria-invalid, aria-describedby) and announced as it
// appears, so a screen reader hears why a form did not submit.
import { forwardRef } from 'react';
import type { InputHTMLAttributes } from 'react';
import { LabelledField, useFieldControl } from './labelled-field.js';
import type { FieldNotesProps } from './labelled-field.js';

export interface TextFieldProps extends InputHTMLAttributes<HTMLInputElement>, FieldNotesProps {
  error?: string | undefined;
}

export const TextField = forwardRef<HTMLInputElement, TextFieldProps>(function TextField(
  { label, error, hint, id, className, ...rest },
  ref,
) {
  const control = useFieldControl(id, { hint, error });
  return (
    <LabelledField controlId={control.id} label={label} hint={hint} error={error} className={className}>
      <input ref={ref} {...control} {...rest} />
    </LabelledField>
  );
});
