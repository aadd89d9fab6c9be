// A stand-in for Swisscom Mobile ID's REST interface (ETSI TS 102 204, ADR 107), for tests: an
// HTTPS server on a loopback port that demands the application provider's client certificate
// (issued by its own throw-away CA, made with openssl), checks AP_ID and password, answers
// asynchronous signature requests with a transaction id, and status queries with "outstanding"
// until the test answers for the phone. An approval is a CMS signature over the shown message,
// made by openssl with a holder certificate naming the person. Numbers +41000092<code> answer
// with that fault at once, as the service's own test numbers do.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { createServer, type Server } from 'node:https';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { TLSSocket } from 'node:tls';
import os from 'node:os';
import path from 'node:path';

const openssl = (args: string[], cwd: string) => execFileSync('openssl', args, { cwd, stdio: 'pipe' });

export const AP_ID = 'mid://countersign.test';
export const AP_PASSWORD = 'disclosed-nowhere';

type PhoneAnswer = 'pending' | 'approve' | 'cancel' | 'expire' | { fault: number };

export interface MobileIdServiceRequest {
  path: string;
  body: Record<string, Record<string, unknown>>;
  clientCommonName: string | undefined;
}

/** A P-256 key in NAME.key and, self-signed or (with `csr`) a request for one, NAME.pem / NAME.csr. */
const newKey = (name: string, subject: string, kind: '-x509' | 'csr') => [
  'req',
  ...(kind === '-x509' ? ['-x509', '-days', '2'] : ['-new']),
  ...['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:P-256', '-nodes', '-subj', subject],
  ...['-keyout', `${name}.key`, '-out', kind === '-x509' ? `${name}.pem` : `${name}.csr`],
];

/** A key and a certificate for it signed by the CA in `dir`, written as NAME.key / NAME.pem. */
function issue(dir: string, name: string, subject: string, extensions: string[] = []) {
  openssl(newKey(name, subject, 'csr'), dir);
  fs.writeFileSync(path.join(dir, `${name}.ext`), extensions.join('\n') + '\n');
  const ca = ['-CA', 'ca.pem', '-CAkey', 'ca.key', '-CAcreateserial'];
  openssl(
    [
      'x509',
      '-req',
      '-in',
      `${name}.csr`,
      ...ca,
      '-days',
      '2',
      '-sha256',
      '-extfile',
      `${name}.ext`,
      '-out',
      `${name}.pem`,
    ],
    dir,
  );
}

export async function startMobileIdService() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cs-mid-'));
  openssl(newKey('ca', '/CN=Mobile ID Test CA', '-x509'), dir);
  issue(dir, 'server', '/CN=localhost', ['subjectAltName=DNS:localhost,IP:127.0.0.1']);
  issue(dir, 'client', '/CN=countersign-ap', ['extendedKeyUsage=clientAuth']);
  issue(dir, 'holder', '/C=CH/GN=Mara/SN=Muster/CN=MIDCHEGU8GSH6K83:PN', ['keyUsage=digitalSignature']);
  // a client certificate from a CA the service does not know
  openssl(newKey('stranger', '/CN=countersign-ap', '-x509'), dir);
  const file = (name: string) => path.join(dir, name);

  const requests: MobileIdServiceRequest[] = [];
  const transactions = new Map<string, { message: string; answer: PhoneAnswer }>();
  let next = 0;

  const signMessage = (message: string) => {
    fs.writeFileSync(file('message.txt'), message);
    openssl(
      [
        'cms',
        '-sign',
        '-binary',
        '-nodetach',
        '-in',
        'message.txt',
        '-signer',
        'holder.pem',
        '-inkey',
        'holder.key',
        '-outform',
        'DER',
        '-out',
        'message.p7s',
      ],
      dir,
    );
    return fs.readFileSync(file('message.p7s')).toString('base64');
  };
  const fault = (res: ServerResponse, code: number, reason: string) => {
    res.writeHead(500, { 'content-type': 'application/json' });
    res.end(
      JSON.stringify({
        Fault: {
          Code: {
            Value: 'Receiver',
            SubCode: { Value: `_${code}`, ValueNs: 'http://uri.etsi.org/TS102204/v1.1.2#' },
          },
          Reason: reason,
          Detail: reason,
        },
      }),
    );
  };
  const reply = (res: ServerResponse, body: object) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };
  const status = (value: number, message: string) => ({
    StatusCode: { Value: String(value) },
    StatusMessage: message,
  });

  const handle = (req: IncomingMessage, res: ServerResponse, text: string) => {
    const body = JSON.parse(text) as MobileIdServiceRequest['body'];
    const peer = (req.socket as TLSSocket).getPeerCertificate();
    requests.push({ path: req.url ?? '', body, clientCommonName: String(peer.subject?.CN) });
    const message = body['MSS_SignatureReq'] ?? body['MSS_StatusReq'];
    const ap = message?.['AP_Info'] as { AP_ID?: string; AP_PWD?: string } | undefined;
    if (!message || ap?.AP_ID !== AP_ID || ap.AP_PWD !== AP_PASSWORD)
      return fault(res, 104, 'UNAUTHORIZED_ACCESS');
    if (req.url === '/rest/service/sign') {
      const msisdn = (message['MobileUser'] as { MSISDN: string }).MSISDN;
      const test = /^\+41000092(\d{3})$/.exec(msisdn);
      if (test) return fault(res, Number(test[1]), `FAULT_${test[1]}`);
      const id = `h${(++next).toString(36)}x${Date.now().toString(36)}`;
      transactions.set(id, {
        message: (message['DataToBeSigned'] as { Data: string }).Data,
        answer: 'pending',
      });
      return reply(res, { MSS_SignatureResp: { MSSP_TransID: id, Status: status(100, 'REQUEST_OK') } });
    }
    if (req.url === '/rest/service/status') {
      const t = transactions.get(String(message['MSSP_TransID']));
      if (!t) return fault(res, 101, 'WRONG_PARAM');
      if (t.answer === 'pending')
        return reply(res, { MSS_StatusResp: { Status: status(504, 'OUTSTANDING_TRANSACTION') } });
      if (t.answer === 'cancel') return fault(res, 401, 'USER_CANCEL');
      if (t.answer === 'expire') return fault(res, 208, 'EXPIRED_TRANSACTION');
      if (typeof t.answer === 'object') return fault(res, t.answer.fault, `FAULT_${t.answer.fault}`);
      return reply(res, {
        MSS_StatusResp: {
          MSS_Signature: { Base64Signature: signMessage(t.message) },
          Status: status(500, 'SIGNATURE'),
        },
      });
    }
    fault(res, 101, 'WRONG_PARAM');
  };

  const server: Server = createServer(
    {
      key: fs.readFileSync(file('server.key')),
      cert: fs.readFileSync(file('server.pem')),
      ca: fs.readFileSync(file('ca.pem')),
      requestCert: true,
      rejectUnauthorized: true,
    },
    (req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => handle(req, res, Buffer.concat(chunks).toString('utf8')));
    },
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };

  return {
    url: `https://localhost:${port}`,
    requests,
    /** what the phone shows under the service's transaction id */
    shown: (transactionId: string) => transactions.get(transactionId)?.message,
    /** the person (or the service) answers the transaction */
    answer(transactionId: string, answer: PhoneAnswer) {
      const t = transactions.get(transactionId);
      if (!t) throw new Error(`no transaction ${transactionId}`);
      t.answer = answer;
    },
    /** the settings that point the server at this service */
    env(overrides: { client?: 'client' | 'stranger' } = {}): Record<string, string> {
      const client = overrides.client ?? 'client';
      return {
        MOBILE_ID_URL: `https://localhost:${port}`,
        MOBILE_ID_AP_ID: AP_ID,
        MOBILE_ID_AP_PASSWORD: AP_PASSWORD,
        MOBILE_ID_CLIENT_CERT: file(`${client}.pem`),
        MOBILE_ID_CLIENT_KEY: file(`${client}.key`),
        MOBILE_ID_SERVER_CA: file('ca.pem'),
        MOBILE_ID_SIGNATURE_PROFILE: 'http://mid.swisscom.ch/Any-LoA4',
      };
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
