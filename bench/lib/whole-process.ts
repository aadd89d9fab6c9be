// Times commands as whole processes, the way a user or a script runs them: one warm-up each, then
// rounds in which every command runs once in turn (A B C A B C ...), so that a machine that speeds
// up or slows down during the run affects them all alike. Wall time is measured here; CPU time and
// peak memory come from the finished child's rusage, read by a few lines of Python (wait4), to the
// microsecond: GNU time prints CPU seconds to two decimals, too coarse for a 30 ms command.

import { spawnSync } from 'node:child_process';

export interface ProcessFigures {
  wallMs: number;
  cpuMs: number;
  peakMiB: number;
}

export interface Command {
  label: string;
  argv: string[];
  /** run before each timed run, untimed (remove the previous output, say) */
  before?: () => void;
  /** variables set for this command, over the benchmark's own environment */
  env?: Record<string, string>;
}

/**
 * Runs argv[1:] and writes `TIME wall-seconds user-seconds system-seconds peak-KiB` to stderr: the
 * wall time from fork to reaping, so that starting Python is not counted.
 */
const WAIT4 = [
  'import os, sys, time',
  'start = time.perf_counter()',
  'pid = os.fork()',
  'if pid == 0: os.execvp(sys.argv[1], sys.argv[1:])',
  '_, status, usage = os.wait4(pid, 0)',
  'wall = time.perf_counter() - start',
  'sys.stderr.write(f"TIME {wall:.6f} {usage.ru_utime:.6f} {usage.ru_stime:.6f} {usage.ru_maxrss}\\n")',
  'sys.exit(os.waitstatus_to_exitcode(status))',
].join('\n');

export function runOnce(command: Command): ProcessFigures {
  command.before?.();
  const result = spawnSync('python3', ['-c', WAIT4, ...command.argv], {
    encoding: 'utf8',
    env: { ...process.env, ...command.env },
  });
  const line = /TIME ([\d.]+) ([\d.]+) ([\d.]+) (\d+)/.exec(result.stderr ?? '');
  if (result.status !== 0 || !line)
    throw new Error(`${command.label} failed (${result.status}): ${result.stderr?.slice(-500)}`);
  return {
    wallMs: Number(line[1]) * 1000,
    cpuMs: (Number(line[2]) + Number(line[3])) * 1000,
    peakMiB: Number(line[4]) / 1024,
  };
}

const median = (values: number[]): number =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** Medians per command over `rounds` interleaved rounds, and each command's runs for ratios. */
export function interleave(commands: Command[], rounds: number): Map<string, ProcessFigures[]> {
  const runs = new Map<string, ProcessFigures[]>(commands.map((command) => [command.label, []]));
  for (const command of commands) runOnce(command);
  for (let round = 0; round < rounds; round++)
    for (const command of commands) runs.get(command.label)!.push(runOnce(command));
  return runs;
}

export function medianOf(runs: ProcessFigures[], key: keyof ProcessFigures): number {
  return median(runs.map((run) => run[key]));
}

/** The median of the round-by-round ratios a/b: robust to a machine whose speed drifts. */
export function pairedRatio(a: ProcessFigures[], b: ProcessFigures[], key: keyof ProcessFigures): number {
  return median(a.map((run, index) => run[key] / b[index]![key]));
}
