// The CLI's own failures (bad arguments, missing files). Like every error of ours it carries a
// stable `code`; main.ts prints `error <code>: message` for it and for PdfError, PadesError
// and TrustError alike.

export type CliErrorCode =
  | 'cli.usage'
  | 'cli.file_not_found'
  | 'cli.bad_option'
  | 'cli.not_empty'
  | 'cli.backup_damaged'
  | 'cli.tool_missing'
  | 'cli.tool_failed';

export class CliError extends Error {
  readonly code: CliErrorCode;

  constructor(code: CliErrorCode, message: string) {
    super(message);
    this.name = 'CliError';
    this.code = code;
  }
}

/** Every error with a string `code` is ours and can be shown as it is; anything else is a bug. */
export function describeError(error: unknown): { code: string; message: string } {
  if (error instanceof Error && typeof (error as { code?: unknown }).code === 'string') {
    const { code } = error as Error & { code: string };
    // Node's own codes (ENOENT...) are ours to translate, not to show raw
    if (code === 'ENOENT') return { code: 'cli.file_not_found', message: error.message };
    if (code.startsWith('ERR_PARSE_ARGS')) return { code: 'cli.usage', message: error.message };
    return { code, message: error.message };
  }
  return { code: 'internal', message: error instanceof Error ? error.message : String(error) };
}
