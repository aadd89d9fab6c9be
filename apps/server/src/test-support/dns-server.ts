// A DNS server on loopback that answers TXT queries from a table the test fills, NXDOMAIN for
// names it does not hold: enough of RFC 1035 (sections 4.1.1 to 4.1.4) for a resolver to ask it.
import dgram from 'node:dgram';

export interface TestDnsServer {
  /** host:port, for DNS_RESOLVER */
  address: string;
  records: Map<string, string[]>;
  close(): Promise<void>;
}

function readName(packet: Buffer, offset: number): { name: string; end: number } {
  const labels: string[] = [];
  let at = offset;
  while (packet[at]! > 0) {
    const length = packet[at]!;
    labels.push(packet.subarray(at + 1, at + 1 + length).toString('latin1'));
    at += 1 + length;
  }
  return { name: labels.join('.').toLowerCase(), end: at + 1 };
}

function answer(query: Buffer, records: Map<string, string[]>): Buffer {
  const { name, end } = readName(query, 12);
  const qtype = query.readUInt16BE(end);
  const question = query.subarray(12, end + 4);
  const found = records.get(name);
  const answers = qtype === 16 && found ? found : [];
  const header = Buffer.alloc(12);
  query.copy(header, 0, 0, 2); // id
  // QR, opcode 0, AA, RD copied, RA; rcode 3 (NXDOMAIN) when the name is unknown
  header.writeUInt16BE(0x8400 | (query.readUInt16BE(2) & 0x0100) | 0x0080 | (found ? 0 : 3), 2);
  header.writeUInt16BE(1, 4);
  header.writeUInt16BE(answers.length, 6);
  const parts = [header, question];
  for (const text of answers) {
    const bytes = Buffer.from(text, 'latin1');
    const rdata = Buffer.concat([Buffer.from([bytes.length]), bytes]);
    const rr = Buffer.alloc(12);
    rr.writeUInt16BE(0xc00c, 0); // the name, by pointer to the question
    rr.writeUInt16BE(16, 2); // TXT
    rr.writeUInt16BE(1, 4); // IN
    rr.writeUInt32BE(60, 6);
    rr.writeUInt16BE(rdata.length, 10);
    parts.push(rr, rdata);
  }
  return Buffer.concat(parts);
}

export async function startTestDnsServer(): Promise<TestDnsServer> {
  const socket = dgram.createSocket('udp4');
  const records = new Map<string, string[]>();
  socket.on('message', (message, peer) => {
    socket.send(answer(message, records), peer.port, peer.address);
  });
  await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', resolve));
  return {
    address: `127.0.0.1:${socket.address().port}`,
    records,
    close: () => new Promise((resolve) => socket.close(() => resolve())),
  };
}
