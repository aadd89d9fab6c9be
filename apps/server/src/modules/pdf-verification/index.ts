// The public verifier (ADR 079): POST /v1/verify, a PDF's signatures judged for anyone.
export { registerPdfVerificationRoutes } from './routes.js';
export type { VerificationDeps } from './verify-pdf.js';
