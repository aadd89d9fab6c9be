// The 404 page: unknown paths, and routes a logged-in user may not open (spec 2).
import { ErrorView } from './error-view.js';

export function NotFoundPage() {
  return <ErrorView />;
}
