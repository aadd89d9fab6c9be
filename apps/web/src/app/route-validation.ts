// A route whose parameters are no ids of ours (spec 8, route validation; the rule is the domain's
// `invalidRouteParam`) fails as a fatal page error: status 404, the message "Page Not Found"
// followed by the path, and the address bar back on the path shown before, so a reload or a
// shared link does not repeat the bad address.
import { pageNotFoundMessage, ROUTE_VALIDATION_STATUS } from '@countersign/domain';

export class RouteValidationError extends Error {
  readonly status = ROUTE_VALIDATION_STATUS;

  constructor(
    pathname: string,
    /** the address shown before this one, which the address bar returns to; null on arrival */
    readonly previousPath: string | null,
  ) {
    super(pageNotFoundMessage(pathname));
    this.name = 'RouteValidationError';
  }
}
