// Which addresses a webhook may be sent to (ADR 069): only public ones, unless the operator allows
// private networks. A URL names a host an integrator chose, so without this rule anyone who may
// register an endpoint could make the server call its own loopback, the cloud's metadata service
// (169.254.169.254) or the machines of the private network behind it. IPv6 addresses that carry an
// IPv4 address (mapped, NAT64, 6to4, compatible) are judged by the IPv4 address they carry.
import net from 'node:net';

/** The 4 bytes of an IPv4 address in dotted form, or undefined. */
function ipv4Bytes(address: string): number[] | undefined {
  if (!net.isIPv4(address)) return undefined;
  return address.split('.').map(Number);
}

/** The 16 bytes of an IPv6 address (any textual form, a zone index ignored), or undefined. */
export function ipv6Bytes(input: string): number[] | undefined {
  const address = input.split('%')[0]!;
  if (!net.isIPv6(address)) return undefined;
  // a dotted IPv4 tail (::ffff:127.0.0.1) becomes its two hex groups
  const lastColon = address.lastIndexOf(':');
  const dotted = ipv4Bytes(address.slice(lastColon + 1));
  const text = dotted
    ? `${address.slice(0, lastColon + 1)}${((dotted[0]! << 8) | dotted[1]!).toString(16)}:${((dotted[2]! << 8) | dotted[3]!).toString(16)}`
    : address;
  const [head, rest] = text.includes('::') ? text.split('::') : [text, undefined];
  const groups = (part: string | undefined) => (part ? part.split(':') : []);
  const left = groups(head);
  const right = groups(rest);
  const zeros = rest === undefined ? [] : Array<string>(8 - left.length - right.length).fill('0');
  const hextets = [...left, ...zeros, ...right];
  if (hextets.length !== 8) return undefined;
  return hextets.flatMap((h) => {
    const n = parseInt(h, 16);
    return [n >> 8, n & 0xff];
  });
}

const inV4 = (b: number[], prefix: number[], bits: number) => {
  for (let i = 0; i < bits; i++) {
    const byte = Math.floor(i / 8);
    const mask = 0x80 >> (i % 8);
    if ((b[byte]! & mask) !== (prefix[byte]! & mask)) return false;
  }
  return true;
};

/** IPv4 ranges that are not the public internet (RFC 6890 and its neighbours). */
const PRIVATE_V4: readonly [number[], number][] = [
  [[0, 0, 0, 0], 8], // "this network"
  [[10, 0, 0, 0], 8],
  [[100, 64, 0, 0], 10], // carrier-grade NAT
  [[127, 0, 0, 0], 8], // loopback
  [[169, 254, 0, 0], 16], // link-local, cloud metadata services
  [[172, 16, 0, 0], 12],
  [[192, 0, 0, 0], 24], // IETF protocol assignments
  [[192, 0, 2, 0], 24], // documentation
  [[192, 168, 0, 0], 16],
  [[198, 18, 0, 0], 15], // benchmarking
  [[198, 51, 100, 0], 24],
  [[203, 0, 113, 0], 24],
  [[224, 0, 0, 0], 4], // multicast
  [[240, 0, 0, 0], 4], // reserved, broadcast
];

function isPublicV4(b: number[]): boolean {
  return !PRIVATE_V4.some(([prefix, bits]) => inV4(b, prefix, bits));
}

/** IPv6 ranges that are not the public internet, by prefix bytes and length. */
const PRIVATE_V6: readonly [number[], number][] = [
  [[0xfc], 7], // unique local
  [[0xfe, 0x80], 10], // link-local
  [[0xfe, 0xc0], 10], // site-local (deprecated)
  [[0xff], 8], // multicast
  [[0x20, 0x01, 0x0d, 0xb8], 32], // documentation
  [[0x01, 0x00, 0, 0, 0, 0, 0, 0], 64], // discard-only
];

/** Whether a resolved address is on the public internet. */
export function isPublicAddress(address: string): boolean {
  const v4 = ipv4Bytes(address);
  if (v4) return isPublicV4(v4);
  const b = ipv6Bytes(address);
  if (!b) return false;
  const zeros = (n: number) => b.slice(0, n).every((x) => x === 0);
  const carried = b.slice(12);
  // ::ffff:a.b.c.d (mapped) and ::a.b.c.d (compatible); :: and ::1 are among the latter
  if (zeros(10) && ((b[10] === 0xff && b[11] === 0xff) || (b[10] === 0 && b[11] === 0))) {
    return isPublicV4(carried);
  }
  // 64:ff9b::/96, the well-known NAT64 prefix
  if (b[0] === 0 && b[1] === 0x64 && b[2] === 0xff && b[3] === 0x9b && b.slice(4, 12).every((x) => x === 0)) {
    return isPublicV4(carried);
  }
  // 2002::/16, 6to4: the IPv4 address is bytes 2 to 5
  if (b[0] === 0x20 && b[1] === 0x02) return isPublicV4(b.slice(2, 6));
  return !PRIVATE_V6.some(([prefix, bits]) => inV4(b, prefix, bits));
}
