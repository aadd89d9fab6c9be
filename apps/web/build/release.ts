// The release a web build stamps into its bundle (Vite `define`): the app's version and the commit
// it was built from, `0.1.0+1a2b3c4d5e6f`. Error reports carry it (ADR 091), so that a minified
// stack trace is matched with the source maps of the build that ran. The commit comes from
// COUNTERSIGN_COMMIT when the build runs outside a git checkout (a container build, say), else
// from git; a build that knows neither says the version alone.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';

/** The commit of the checkout at `dir`, shortened to 12 hex digits; undefined outside git. */
function gitCommit(dir: string): string | undefined {
  try {
    return execFileSync('git', ['rev-parse', '--short=12', 'HEAD'], {
      cwd: dir,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim();
  } catch {
    return undefined;
  }
}

export function buildRelease(webDir: string, env: NodeJS.ProcessEnv = process.env): string {
  const { version } = JSON.parse(fs.readFileSync(`${webDir}/package.json`, 'utf8')) as { version: string };
  const commit = env['COUNTERSIGN_COMMIT']?.trim() || gitCommit(webDir);
  // the intake takes at most 100 characters; a commit given in full is cut like git's short form
  return commit ? `${version}+${commit.slice(0, 12)}` : version;
}
