// A checkbox with its label beside it and an optional note (for example why it cannot be changed).
import { forwardRef, useId } from 'react';
import type { InputHTMLAttributes } from 'react';

export interface CheckboxFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> {
  label: string;
  note?: string | undefined;
}

export const CheckboxField = forwardRef<HTMLInputElement, CheckboxFieldProps>(function CheckboxField(
  { label, note, id, className = '', ...rest },
  ref,
) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const noteId = `${inputId}-note`;
  return (
    <div className={`flex items-start gap-2 ${className}`}>
      <input
        ref={ref}
        id={inputId}
        type="checkbox"
        aria-describedby={note ? noteId : undefined}
        className="mt-1 size-4 shrink-0 accent-primary"
        {...rest}
      />
      <div className="flex flex-col">
        <label htmlFor={inputId} className="text-sm">
          {label}
        </label>
        {note && (
          <span id={noteId} className="text-xs text-muted">
            {note}
          </span>
        )}
      </div>
    </div>
  );
});
