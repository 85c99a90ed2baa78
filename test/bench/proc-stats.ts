/**
 * What a process costs, read from Linux's /proc: CPU time (user + system) and resident memory, and
 * Chromium's renderer processes found among a browser's descendants. Linux only; the benches that
 * use it say so and skip elsewhere.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';

export const hasProc = (): boolean => process.platform === 'linux' && existsSync('/proc/self/stat');

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

/** The fields of /proc/<pid>/stat after the command name (which may hold spaces and parentheses). */
function statFields(pid: number): string[] | undefined {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return text.slice(text.lastIndexOf(')') + 2).split(' ');
  } catch {
    return undefined; // gone meanwhile
  }
}

/** CPU time the process has used so far (user + system), in ms; 0 once it is gone. */
export function cpuMs(pid: number): number {
  const f = statFields(pid);
  // After the name: state is field 3 of stat(5), so utime (14) and stime (15) sit at 11 and 12.
  return f ? ((Number(f[11]) + Number(f[12])) / clockTicks()) * 1000 : 0;
}

/** Resident set size in MiB (VmRSS), or 0 once the process is gone. */
export function rssMib(pid: number): number {
  try {
    const m = /^VmRSS:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) / 1024 : 0;
  } catch {
    return 0;
  }
}

/** Every living descendant of `root` (children, their children, …). */
function descendants(root: number): number[] {
  const parent = new Map<number, number>();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    const f = statFields(Number(name));
    if (f) parent.set(Number(name), Number(f[1]));
  }
  const out: number[] = [];
  const walk = (pid: number) => {
    for (const [child, p] of parent) {
      if (p !== pid) continue;
      out.push(child);
      walk(child);
    }
  };
  walk(root);
  return out;
}

/** Chromium's processes under `browserPid`, by their --type (renderer, gpu-process, utility, zygote…). */
export function chromiumProcesses(browserPid: number): { pid: number; type: string }[] {
  return descendants(browserPid).flatMap((pid) => {
    try {
      // Chromium rewrites its command line as one space-separated string, so no split on NUL.
      const type = /--type=([\w-]+)/.exec(readFileSync(`/proc/${pid}/cmdline`, 'utf8'))?.[1] ?? 'other';
      return [{ pid, type }];
    } catch {
      return [];
    }
  });
}
