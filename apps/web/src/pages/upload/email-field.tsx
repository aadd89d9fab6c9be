// An e-mail input that suggests addresses the user has sent to before
// (GET /v1/email_input_autocomplete), as an ARIA combobox: arrow keys walk the suggestions,
// Enter takes the highlighted one (or submits the typed address), Escape closes the list.
import { accountEndpoints } from '@countersign/contract';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import type { KeyboardEvent } from 'react';
import { useServices } from '../../app/services.js';
import { useDebounced } from '../dashboard/use-debounced.js';

const suggestDelayMs = 200;

export function EmailField({
  label,
  value,
  onChange,
  onSubmit,
  error,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** Enter without a highlighted suggestion, or a suggestion picked */
  onSubmit: (email: string) => void;
  error?: string | undefined;
}) {
  const { api } = useServices();
  const id = useId();
  const [isOpen, setIsOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const input = useDebounced(value.trim(), suggestDelayMs);
  const suggestions = useQuery({
    queryKey: ['email-autocomplete', input.toLowerCase()],
    queryFn: ({ signal }) => api.call(accountEndpoints.emailAutocomplete, { query: { input }, signal }),
    enabled: input.length > 0,
    staleTime: 60_000,
  });
  const options = (suggestions.data?.emails ?? []).filter((email) => email !== value.trim().toLowerCase());
  const isShown = isOpen && options.length > 0 && value.trim().length > 0;

  const pick = (email: string) => {
    setIsOpen(false);
    setActive(-1);
    onSubmit(email);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' && options.length > 0) {
      event.preventDefault();
      setIsOpen(true);
      setActive((active + 1) % options.length);
    } else if (event.key === 'ArrowUp' && options.length > 0) {
      event.preventDefault();
      setIsOpen(true);
      setActive((active - 1 + options.length) % options.length);
    } else if (event.key === 'Escape' && isShown) {
      event.preventDefault();
      setIsOpen(false);
      setActive(-1);
    } else if (event.key === 'Enter') {
      event.preventDefault();
      const chosen = isShown && active >= 0 ? options[active] : undefined;
      pick(chosen ?? value.trim());
    }
  };

  return (
    <div className="relative flex min-w-0 flex-1 flex-col gap-1">
      <label htmlFor={`${id}-input`} className="text-sm font-semibold">
        {label}
      </label>
      <input
        id={`${id}-input`}
        type="email"
        role="combobox"
        autoComplete="off"
        aria-autocomplete="list"
        aria-expanded={isShown}
        aria-controls={`${id}-list`}
        aria-activedescendant={isShown && active >= 0 ? `${id}-option-${active}` : undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className={`rounded-md border bg-white px-3 py-2 ${error ? 'border-error' : 'border-line'}`}
        value={value}
        onChange={(event) => {
          onChange(event.target.value);
          setIsOpen(true);
          setActive(-1);
        }}
        onKeyDown={onKeyDown}
        onBlur={() => setIsOpen(false)}
      />
      <ul
        id={`${id}-list`}
        role="listbox"
        aria-label={label}
        hidden={!isShown}
        className="absolute top-full right-0 left-0 z-10 mt-1 max-h-60 overflow-auto rounded-md border border-line bg-white shadow-lg"
      >
        {options.map((email, index) => (
          <li
            key={email}
            id={`${id}-option-${index}`}
            role="option"
            aria-selected={index === active}
            className={`cursor-pointer truncate px-3 py-2 ${index === active ? 'bg-primary text-white' : ''}`}
            // mousedown, not click: the input's blur would close the list before a click lands
            onMouseDown={(event) => {
              event.preventDefault();
              pick(email);
            }}
          >
            {email}
          </li>
        ))}
      </ul>
      <p id={`${id}-error`} role="alert" className="text-sm text-error empty:hidden">
        {error}
      </p>
    </div>
  );
}
