// What every labelled form control shares: its label, a hint and an error under it (the error
// announced as it appears), and the attributes that tie them to the control (aria-invalid,
// aria-describedby), so a screen reader hears why a form did not submit.
import { useId } from 'react';
import type { ReactNode } from 'react';

export interface FieldNotesProps {
  label: string;
  hint?: ReactNode;
  error?: string | null | undefined;
}

/** The attributes of the control inside a LabelledField: its id, validity and description. */
export function useFieldControl(id: string | undefined, { hint, error }: Omit<FieldNotesProps, 'label'>) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const describedBy =
    [hint ? `${inputId}-hint` : '', error ? `${inputId}-error` : ''].filter(Boolean).join(' ') || undefined;
  return {
    id: inputId,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy,
    className: `rounded-md border bg-white px-3 py-2 text-base ${error ? 'border-error' : 'border-line'}`,
  };
}

export function LabelledField({
  controlId,
  label,
  hint,
  error,
  className = '',
  children,
}: FieldNotesProps & { controlId: string; className?: string; children: ReactNode }) {
  return (
    <div className={`flex flex-col gap-1 ${className}`}>
      <label htmlFor={controlId} className="text-sm font-semibold">
        {label}
      </label>
      {children}
      {hint && (
        <div id={`${controlId}-hint`} className="text-sm text-muted">
          {hint}
        </div>
      )}
      <p id={`${controlId}-error`} role="alert" className="min-h-0 text-sm text-error empty:hidden">
        {error}
      </p>
    </div>
  );
}
