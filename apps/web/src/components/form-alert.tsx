// The message above a form's button: the API's answer in words, announced when it changes.
export function FormAlert({
  message,
  tone = 'error',
}: {
  message: string | null | undefined;
  tone?: 'error' | 'success';
}) {
  const toneClasses =
    tone === 'error' ? 'border-error bg-error/5 text-error' : 'border-success bg-success/5 text-success-dark';
  return (
    <div role={tone === 'error' ? 'alert' : 'status'} aria-live={tone === 'error' ? 'assertive' : 'polite'}>
      {message && <p className={`rounded-md border px-3 py-2 text-sm ${toneClasses}`}>{message}</p>}
    </div>
  );
}
