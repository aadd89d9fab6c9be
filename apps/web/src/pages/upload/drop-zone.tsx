// Where PDFs come in: dropped on the area, or picked with the file chooser (a real, labelled
// file input, so keyboards and screen readers reach it like any other control). Its words are the
// upload's unless a screen gives its own (the verifier takes one file, ADR 079).
import { useId, useRef, useState } from 'react';
import type { DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonClasses } from '../../components/button.js';

export function DropZone({
  label,
  onFiles,
  isBusy,
  isCompact = false,
  texts,
  isMultiple = true,
}: {
  label: string;
  onFiles: (files: File[]) => void;
  isBusy: boolean;
  isCompact?: boolean;
  texts?: { heading: string; hint: string; busy: string };
  isMultiple?: boolean;
}) {
  const { t } = useTranslation();
  const words = texts ?? {
    heading: t('send.drop.heading'),
    hint: t('send.drop.hint'),
    busy: t('send.drop.uploading'),
  };
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [isOver, setIsOver] = useState(false);
  const take = (list: FileList | null) => {
    const files = [...(list ?? [])];
    if (files.length > 0 && !isBusy) onFiles(files);
  };
  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setIsOver(false);
    take(event.dataTransfer.files);
  };
  return (
    <div
      onDragOver={(event) => {
        event.preventDefault();
        setIsOver(true);
      }}
      onDragLeave={() => setIsOver(false)}
      onDrop={onDrop}
      aria-busy={isBusy || undefined}
      className={`flex flex-col items-center justify-center gap-3 rounded-lg border-2 border-dashed bg-white text-center ${
        isCompact ? 'p-4' : 'p-10'
      } ${isOver ? 'border-primary bg-primary/5' : 'border-line'}`}
    >
      <p className={isCompact ? 'text-muted' : 'text-lg font-semibold'}>{words.heading}</p>
      {(isBusy || !isCompact) && <p className="text-muted">{isBusy ? words.busy : words.hint}</p>}
      <input
        ref={inputRef}
        id={id}
        type="file"
        accept="application/pdf,.pdf"
        multiple={isMultiple}
        className="peer sr-only"
        disabled={isBusy}
        onChange={(event) => {
          take(event.target.files);
          event.target.value = '';
        }}
      />
      <label
        htmlFor={id}
        className={`${buttonClasses(isCompact ? 'secondary' : 'primary')} peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-primary`}
      >
        {label}
      </label>
    </div>
  );
}
