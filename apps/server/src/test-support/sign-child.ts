// A second server process for crash tests: builds the app on the database and data directory
// it is given (environment), signs one request with the given session token, and prints the
// outcome. The test arms a failpoint so that it stops mid-signature and is killed there.
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import { CONSENT } from './consent.js';

const app = await buildApp(loadConfig(), { logger: false });
const res = await app.inject({
  method: 'POST',
  url: '/v3/sign',
  headers: { authorization: `Bearer ${process.env['SIGN_SESSION_TOKEN'] ?? ''}` },
  payload: {
    consent: CONSENT,
    signature_requests: [{ signature_request_id: process.env['SIGN_REQUEST_ID'] ?? '' }],
  },
});
process.stdout.write(`signed: ${res.statusCode}\n`);
await app.close();
