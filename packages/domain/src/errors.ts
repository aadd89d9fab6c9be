// The error type of domain rules: a stable string code that the server maps to an HTTP status
// and the web app to a message. Domain code never decides HTTP statuses itself.

export class DomainError extends Error {
  override readonly name = 'DomainError';

  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}
