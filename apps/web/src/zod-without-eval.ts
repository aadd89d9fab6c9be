// Zod compiles fast parsers with `new Function` when it may. The server's Content-Security-Policy
// allows no eval, so zod's probe would be reported as a policy violation on every page; without
// the probe zod parses as it does anyway when eval is refused. Imported first by main.tsx.
import { config } from 'zod';

config({ jitless: true });
