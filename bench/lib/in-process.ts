// Times actions in this process, interleaved: a few warm-up rounds (so that no figure pays for
// compiling the code it runs), then rounds in which every action runs once in turn. Wall time and
// the process's CPU time (user + system, every thread) are taken for each run: on a machine
// shared with other work, wall time grows with whatever else runs, CPU time much less. Ratios
// against the first action are paired round by round, so a machine that speeds up or slows down
// during the run affects both sides of each ratio alike.

export interface InProcessFigures {
  wallMs: number;
  cpuMs: number;
  /** median of this action's time over the first action's, round by round (not for the first) */
  wallRatio?: number;
  cpuRatio?: number;
}

const WARM_UP_ROUNDS = 4;

const median = (values: number[]): number =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

const cpuNow = (): number => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};

export async function timeInterleaved<K extends string>(
  actions: Record<K, () => unknown>,
  rounds: number,
): Promise<Record<K, InProcessFigures>> {
  const keys = Object.keys(actions) as K[];
  const wall = new Map<K, number[]>(keys.map((key) => [key, []]));
  const cpu = new Map<K, number[]>(keys.map((key) => [key, []]));
  for (let round = 0; round < WARM_UP_ROUNDS + rounds; round++)
    for (const key of keys) {
      const cpuStart = cpuNow();
      const wallStart = performance.now();
      await actions[key]();
      if (round < WARM_UP_ROUNDS) continue;
      wall.get(key)!.push(performance.now() - wallStart);
      cpu.get(key)!.push(cpuNow() - cpuStart);
    }
  const [first] = keys;
  const paired = (series: Map<K, number[]>, key: K): number =>
    median(series.get(key)!.map((value, index) => value / series.get(first!)![index]!));
  const figures = {} as Record<K, InProcessFigures>;
  for (const key of keys)
    figures[key] = {
      wallMs: median(wall.get(key)!),
      cpuMs: median(cpu.get(key)!),
      ...(key === first ? {} : { wallRatio: paired(wall, key), cpuRatio: paired(cpu, key) }),
    };
  return figures;
}
