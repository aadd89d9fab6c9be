// A process's CPU time from /proc (Linux): what a server child used, read from outside it, as
// utime + stime of /proc/<pid>/stat (every thread of the process), in clock ticks of 1/100 s (the
// kernel's USER_HZ, 100 on Linux). Its peak memory is ServedServer.memoryMb's VmHWM.
import fs from 'node:fs';

const USER_HZ = 100;

/** CPU seconds the process has used so far, all its threads. */
export function cpuSeconds(pid: number): number {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  // the command name, in parentheses, may hold spaces: fields are counted after its end
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // utime and stime are fields 14 and 15 of the whole line, 12 and 13 after the name
  return (Number(fields[11]) + Number(fields[12])) / USER_HZ;
}

export const percentile = (values: number[], p: number): number =>
  values.length === 0
    ? NaN
    : [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((p / 100) * values.length))]!;
