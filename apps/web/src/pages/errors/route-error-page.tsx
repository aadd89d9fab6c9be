// The router's error element: any failure while rendering or routing shows the error page,
// except a 401, which shows nothing (spec 2) because the session rules already send the visitor
// to /login. A crawler gets no page either, only the log line (spec 2).
import { useEffect } from 'react';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { isApiError } from '../../api/api-error.js';
import { PageLayout } from '../../app/layouts/page-layout.js';
import { RouteValidationError } from '../../app/route-validation.js';
import { useServices } from '../../app/services.js';
import { productName } from '../../app/use-document-title.js';
import { isCrawlerAgent } from '../../features/errors/crawler.js';
import { ErrorView } from './error-view.js';

export function statusOfRouteError(error: unknown): number {
  if (isRouteErrorResponse(error)) return error.status;
  if (error instanceof RouteValidationError) return error.status;
  if (isApiError(error)) return error.status;
  return 500;
}

export function RouteErrorPage() {
  const error = useRouteError();
  const status = statusOfRouteError(error);
  const { errors } = useServices();
  useEffect(() => {
    if (status !== 401) console.error('Page error', error);
    // a page that does not exist is no fault of the app; anything else that failed to draw is
    const isMissingPage = isRouteErrorResponse(error) || error instanceof RouteValidationError;
    if (!isMissingPage && !isCrawlerAgent(navigator.userAgent)) errors.report('render', error);
    // spec 8: the address bar goes back to the path shown before the one that failed validation
    if (error instanceof RouteValidationError && error.previousPath !== null)
      window.history.replaceState(window.history.state, '', error.previousPath);
    document.title = productName;
  }, [error, status, errors]);
  if (status === 401 || isCrawlerAgent(navigator.userAgent)) return null;
  return (
    <PageLayout layout="simple">
      <ErrorView />
    </PageLayout>
  );
}
