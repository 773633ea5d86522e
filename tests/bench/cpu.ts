/**
 * CPU time of whole processes (all threads), read from Linux's /proc: how the benchmark tells what
 * one purchase costs the platform's process and DynamoDB Local's Java. Elsewhere it reads nothing
 * and the benchmark prints "n/a".
 */
import { readdirSync, readFileSync } from 'node:fs';

/** Clock ticks per second of /proc/<pid>/stat (USER_HZ, 100 on Linux). */
const TICKS_PER_SECOND = 100;

/** User + system CPU milliseconds of a process so far, or undefined if it cannot be read. */
export function processCpuMs(pid: number | undefined): number | undefined {
  if (!pid) return undefined;
  try {
    // Fields after the ")" that closes the command name: state is the 1st, utime the 12th, stime the 13th.
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
  } catch {
    return undefined;
  }
}

/** The process of DynamoDB Local listening on `port` (its command line names the jar and the port). */
export function dynamoDbLocalPid(port: number): number | undefined {
  let entries: string[];
  try {
    entries = readdirSync('/proc').filter((name) => /^\d+$/.test(name));
  } catch {
    return undefined;
  }
  for (const entry of entries) {
    try {
      const args = readFileSync(`/proc/${entry}/cmdline`, 'utf8').split('\0');
      if (args.some((arg) => arg.endsWith('DynamoDBLocal.jar')) && args[args.indexOf('-port') + 1] === String(port)) return Number(entry);
    } catch {
      // The process ended while we looked.
    }
  }
  return undefined;
}

/** CPU milliseconds that each of some processes spends from now until the returned function is called. */
export function cpuMeter<Name extends string>(pids: Record<Name, number | undefined>): () => Record<Name, number | undefined> {
  const entries = Object.entries<number | undefined>(pids);
  const start = new Map(entries.map(([name, pid]) => [name, processCpuMs(pid)]));
  return () =>
    Object.fromEntries(
      entries.map(([name, pid]) => {
        const end = processCpuMs(pid);
        const begin = start.get(name);
        return [name, end === undefined || begin === undefined ? undefined : end - begin];
      }),
    ) as Record<Name, number | undefined>;
}
