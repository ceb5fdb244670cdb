// CPU time by process (Linux /proc): where the cycles of a benchmark phase go, and how much
// of the machine other work took meanwhile. Elsewhere every figure is null.
import { execFileSync } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import { round } from './stats.ts';

let ticksPerSecond: number | undefined;
function clockTicks(): number {
  if (ticksPerSecond === undefined) {
    try {
      ticksPerSecond = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
    } catch {
      ticksPerSecond = 100;
    }
  }
  return ticksPerSecond;
}

interface ProcStat {
  pid: number;
  ppid: number;
  comm: string;
  /** user + system, in seconds */
  cpu: number;
}

function readStat(pid: number): ProcStat | undefined {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // comm is in parentheses and may contain spaces.
    const open = text.indexOf('(');
    const close = text.lastIndexOf(')');
    const comm = text.slice(open + 1, close);
    const fields = text.slice(close + 2).split(' ');
    // fields[0] = state (field 3); utime = field 14, stime = field 15 → indexes 11 and 12 here.
    return {
      pid,
      ppid: Number(fields[1]),
      comm: comm === 'postgres' ? postgresRole(pid) : comm,
      cpu: (Number(fields[11]) + Number(fields[12])) / clockTicks(),
    };
  } catch {
    return undefined;
  }
}

/**
 * A PostgreSQL process by what it does, from its title: `postgres: authenticator …` (a PostgREST
 * connection), `postgres: walsender …` (logical decoding for realtime), `postgres: postgres …`
 * (superuser connections: the stack's pool, the benchmark), `postgres: checkpointer`, ….
 */
function postgresRole(pid: number): string {
  try {
    const title = readFileSync(`/proc/${pid}/cmdline`, 'utf8').replace(/\0/g, ' ').trim();
    const match = /^postgres: (\S+)(?: (writer|launcher|worker))?/.exec(title);
    return match ? `postgres: ${match[1]}${match[2] ? ` ${match[2]}` : ''}` : 'postgres';
  } catch {
    return 'postgres';
  }
}

/** CPU seconds used so far by the process tree under rootPid, summed by command name. */
function treeCpu(rootPid: number): Map<string, number> {
  const all: ProcStat[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = readStat(Number(entry));
    if (stat) all.push(stat);
  }
  const children = new Map<number, ProcStat[]>();
  for (const p of all) children.set(p.ppid, [...(children.get(p.ppid) ?? []), p]);
  const byName = new Map<string, number>();
  const root = all.find((p) => p.pid === rootPid);
  const stack = root ? [root] : [];
  while (stack.length > 0) {
    const p = stack.pop()!;
    byName.set(p.comm, (byName.get(p.comm) ?? 0) + p.cpu);
    stack.push(...(children.get(p.pid) ?? []));
  }
  return byName;
}

/** Busy and total CPU seconds of the whole machine (/proc/stat). */
function machineCpu(): { busy: number; total: number } | undefined {
  try {
    const line = readFileSync('/proc/stat', 'utf8').split('\n')[0]!;
    const v = line.trim().split(/\s+/).slice(1).map(Number);
    const idle = (v[3] ?? 0) + (v[4] ?? 0); // idle + iowait
    const total = v.slice(0, 8).reduce((a, b) => a + b, 0);
    return { busy: (total - idle) / clockTicks(), total: total / clockTicks() };
  } catch {
    return undefined;
  }
}

export interface CpuReport {
  wallSeconds: number;
  /** CPU seconds of the stack's processes by command (node = gateway, auth, realtime; postgres; postgrest). */
  stackSeconds: Record<string, number> | null;
  benchSeconds: number;
  /** Whole machine: busy CPU seconds, and what processes outside this benchmark used. */
  machineBusySeconds: number | null;
  otherProcessesSeconds: number | null;
  machineCores: number | null;
}

/** Starts measuring; call the returned function at the end of the phase. */
export function cpuMeter(stackPid: number | undefined): () => CpuReport {
  const supported = process.platform === 'linux';
  const t0 = process.hrtime.bigint();
  const bench0 = process.cpuUsage();
  const stack0 = supported && stackPid ? treeCpu(stackPid) : undefined;
  const machine0 = supported ? machineCpu() : undefined;
  return () => {
    const wall = Number(process.hrtime.bigint() - t0) / 1e9;
    const benchUsage = process.cpuUsage(bench0);
    const benchSeconds = (benchUsage.user + benchUsage.system) / 1e6;
    let stackSeconds: Record<string, number> | null = null;
    let stackTotal = 0;
    if (stack0 && stackPid) {
      const stack1 = treeCpu(stackPid);
      stackSeconds = {};
      for (const [name, cpu] of stack1) {
        // Processes started during the phase count from zero.
        const used = Math.max(0, cpu - (stack0.get(name) ?? 0));
        if (used >= 0.005) stackSeconds[name] = round(used);
        stackTotal += used;
      }
    }
    const machine1 = supported ? machineCpu() : undefined;
    const busy = machine0 && machine1 ? machine1.busy - machine0.busy : null;
    const cores = machine0 && machine1 ? (machine1.total - machine0.total) / wall : null;
    return {
      wallSeconds: round(wall),
      stackSeconds,
      benchSeconds: round(benchSeconds),
      machineBusySeconds: busy === null ? null : round(busy),
      otherProcessesSeconds: busy === null ? null : round(Math.max(0, busy - stackTotal - benchSeconds)),
      machineCores: cores === null ? null : round(cores, 1),
    };
  };
}
