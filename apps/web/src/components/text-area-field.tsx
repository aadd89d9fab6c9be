// A labelled text area, its hint and error tied to it as TextField does for one line.
import { forwardRef } from 'react';
import type { TextareaHTMLAttributes } from 'react';
import { LabelledField, useFieldControl } from './labelled-field.js';
import type { FieldNotesProps } from './labelled-field.js';

export interface TextAreaFieldProps extends TextareaHTMLAttributes<HTMLTextAreaElement>, FieldNotesProps {}

export const TextAreaField = forwardRef<HTMLTextAreaElement, TextAreaFieldProps>(function TextAreaField(
  { label, error, hint, id, className, ...rest },
  ref,
) {
  const control = useFieldControl(id, { hint, error });
  return (
    <LabelledField controlId={control.id} label={label} hint={hint} error={error} className={className}>
      <textarea ref={ref} {...control} {...rest} />
    </LabelledField>
  );
});
