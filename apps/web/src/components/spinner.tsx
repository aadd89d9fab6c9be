// A loading indicator with a spoken label, for the moments the app waits on the session.
export function Spinner({ label }: { label: string }) {
  return (
    <div role="status" className="flex items-center justify-center gap-3 p-8 text-muted">
      <span
        aria-hidden="true"
        className="size-6 animate-spin rounded-full border-4 border-primary border-t-transparent"
      />
      <span>{label}</span>
    </div>
  );
}
