// Entry point of the `countersign` command (bin/countersign.mjs loads it through tsx).

import { runCli } from './run-cli.js';

process.exitCode = await runCli(process.argv.slice(2), {
  env: process.env,
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
});
