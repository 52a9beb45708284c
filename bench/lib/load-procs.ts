/** CPU time and memory of processes, read from /proc (Linux only, as the benchmarks are). */
import { readFileSync, readdirSync } from 'node:fs';

/** Clock ticks per second of /proc/<pid>/stat (`getconf CLK_TCK`, 100 on Linux x86-64). */
const CLK_TCK = 100;

interface Stat {
  comm: string;
  ppid: number;
  /**
   * utime + stime, and cutime + cstime: the CPU of its children that ended and were reaped. A
   * PostgreSQL backend that exits takes its CPU time with it; its postmaster then holds it, so
   * a group's sum never falls.
   */
  cpuMs: number;
}

function stat(pid: number): Stat | undefined {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // comm may hold spaces and parentheses: the fields after it start after the last ')'.
    const close = text.lastIndexOf(')');
    const comm = text.slice(text.indexOf('(') + 1, close);
    const fields = text.slice(close + 2).split(' ');
    // fields[0] is field 3 (state): ppid is field 4, utime 14, stime 15, cutime 16, cstime 17.
    const ppid = Number(fields[1]);
    const ticks = Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14]);
    return { comm, ppid, cpuMs: (ticks * 1000) / CLK_TCK };
  } catch {
    return undefined;
  }
}

/** CPU time (user + system) of the processes, ms; a process gone counts 0. */
export function cpuMs(pids: readonly number[]): number {
  let sum = 0;
  for (const pid of pids) sum += stat(pid)?.cpuMs ?? 0;
  return sum;
}

/**
 * CPU time of the processes' threads that are running now, in ns (from each thread's
 * /proc/<pid>/task/<tid>/schedstat): finer than cpuMs's 10 ms ticks, for short stretches. A
 * thread that ended takes its time with it, so use it on processes whose threads stay (Node's).
 */
export function cpuNs(pids: readonly number[]): number {
  let sum = 0;
  for (const pid of pids) {
    let tasks: string[];
    try {
      tasks = readdirSync(`/proc/${pid}/task`);
    } catch {
      continue;
    }
    for (const tid of tasks) {
      try {
        sum += Number(readFileSync(`/proc/${pid}/task/${tid}/schedstat`, 'utf8').split(' ')[0]);
      } catch {
        // the thread ended meanwhile
      }
    }
  }
  return sum;
}

function allPids(): number[] {
  return readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .map(Number);
}

/**
 * Every PostgreSQL process on the machine (postmaster, backends, background workers). The
 * database is shared with whatever else uses it meanwhile, so its CPU is only as clean as the
 * machine is quiet.
 */
export function postgresPids(): number[] {
  return allPids().filter((pid) => stat(pid)?.comm === 'postgres');
}

/** The process and its children (nginx's workers under its master). */
export function withChildren(pid: number): number[] {
  return [pid, ...allPids().filter((p) => stat(p)?.ppid === pid)];
}
