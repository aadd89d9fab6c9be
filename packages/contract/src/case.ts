// Key conversion between the wire (snake_case) and TypeScript (camelCase). Used once at each
// edge: the server's hooks and the web client. Values are never touched, only object keys.

/** One camelCase name as it travels on the wire. */
export const snakeKey = (key: string): string => key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
const toCamel = (key: string): string => key.replace(/_([a-z0-9])/g, (_m, c: string) => c.toUpperCase());

/**
 * Objects whose keys are field names: literals, null-prototype maps, and the query objects
 * frameworks build with prototypes of their own. Dates, buffers and other built-ins are values.
 */
function isRecord(value: unknown): value is Record<string, unknown> {
  return Object.prototype.toString.call(value) === '[object Object]';
}

function convertKeys(value: unknown, convert: (key: string) => string): unknown {
  if (Array.isArray(value)) return value.map((item) => convertKeys(item, convert));
  if (!isRecord(value)) return value;
  const out: Record<string, unknown> = {};
  for (const [key, inner] of Object.entries(value)) out[convert(key)] = convertKeys(inner, convert);
  return out;
}

export function snakeKeys<T = unknown>(value: unknown): T {
  return convertKeys(value, snakeKey) as T;
}

export function camelKeys<T = unknown>(value: unknown): T {
  return convertKeys(value, toCamel) as T;
}
