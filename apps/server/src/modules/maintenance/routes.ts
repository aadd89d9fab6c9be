// The operator API of maintenance notices (only when OPERATOR_API_TOKEN is set; else its paths
// answer 404 like any unknown path): read, set or schedule, and clear the notice, and name the
// staff who pass a blocking one.
import type { FastifyInstance } from 'fastify';
import { maintenanceEndpoints as op } from '@countersign/contract';
import { registerEndpoint } from '../../http/endpoint.js';
import { createOperatorAuthenticator } from '../../http/operator-auth.js';
import { clearNotice, maintenanceOverview, setNotice, setStaff, type MaintenanceDeps } from './notices.js';

export function registerMaintenanceRoutes(
  app: FastifyInstance,
  deps: MaintenanceDeps,
  operatorApiToken: string | undefined,
): void {
  if (!operatorApiToken) return;
  const asOperator = createOperatorAuthenticator(operatorApiToken);
  registerEndpoint(app, op.getMaintenance, asOperator, () => maintenanceOverview(deps));
  registerEndpoint(app, op.setMaintenance, asOperator, ({ body }) => setNotice(deps, 'api', body));
  registerEndpoint(app, op.clearMaintenance, asOperator, () => clearNotice(deps));
  registerEndpoint(app, op.addMaintenanceStaff, asOperator, ({ params }) =>
    setStaff(deps, params.email, true),
  );
  registerEndpoint(app, op.removeMaintenanceStaff, asOperator, ({ params }) =>
    setStaff(deps, params.email, false),
  );
}
