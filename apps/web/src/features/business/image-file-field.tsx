// A labelled file input for one image of the console (the company logo, a seal's visual): PNG,
// JPEG or WebP, checked against the server's size limit before anything is sent, and cleared once
// handled so the same file can be chosen again.
import { useId, useRef } from 'react';

export function ImageFileField({
  label,
  hint,
  maxBytes,
  disabled,
  onFile,
  onTooLarge,
}: {
  label: string;
  hint: string;
  maxBytes: number;
  disabled: boolean;
  /** a file within the limit; the input is cleared when the returned promise settles */
  onFile: (file: File) => Promise<unknown>;
  /** whether the last file chosen was over the limit */
  onTooLarge: (isTooLarge: boolean) => void;
}) {
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const clear = () => {
    if (input.current) input.current.value = '';
  };
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={inputId} className="text-sm font-semibold">
        {label}
      </label>
      <input
        ref={input}
        id={inputId}
        type="file"
        accept="image/png,image/jpeg,image/webp"
        aria-describedby={`${inputId}-hint`}
        disabled={disabled}
        className="text-sm"
        onChange={(event) => {
          const file = event.target.files?.[0];
          if (!file) return;
          onTooLarge(file.size > maxBytes);
          if (file.size > maxBytes) return clear();
          void onFile(file).finally(clear);
        }}
      />
      <p id={`${inputId}-hint`} className="text-sm text-muted">
        {hint}
      </p>
    </div>
  );
}
