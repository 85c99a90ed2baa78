/**
 * The commands the emulated shell knows. Each returns the text to print (lines joined with \r\n
 * by the shell) or asks the shell to do something (clear, exit, flood). Small on purpose: enough
 * to see that the terminal works, and `flood` for throughput benchmarks.
 */
export interface ShellEnv {
  name: string;
  kind: 'container' | 'microvm';
  now(): number;
  vars(): Record<string, string>;
  size(): { cols: number; rows: number };
}

export type Outcome = { print: string[] } | { clear: true } | { exit: number } | { flood: number } | { error: string };

const DIRS: Record<string, string[]> = {
  '/': ['app', 'bin', 'dev', 'etc', 'home', 'proc', 'root', 'tmp', 'usr', 'var'],
  '/root': ['notes.txt'],
  '/app': ['package.json', 'server.js', 'node_modules'],
  '/etc': ['hostname', 'hosts', 'os-release', 'resolv.conf'],
  '/tmp': [],
  '/var': ['log'],
  '/var/log': ['app.log'],
};

export interface ShellState {
  cwd: string;
}

const DAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** `date` in the classic C locale form, from the sandbox clock. */
function dateText(ms: number): string {
  const d = new Date(ms);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${DAYS[d.getUTCDay()]} ${MONTHS[d.getUTCMonth()]} ${p(d.getUTCDate())} ${p(d.getUTCHours())}:${p(d.getUTCMinutes())}:${p(d.getUTCSeconds())} UTC ${d.getUTCFullYear()}`;
}

function environment(env: ShellEnv, st: ShellState): Record<string, string> {
  return {
    HOME: '/root',
    HOSTNAME: env.name,
    PATH: '/usr/local/bin:/usr/bin:/bin',
    PWD: st.cwd,
    TERM: 'xterm-256color',
    ...env.vars(),
  };
}

function resolve(cwd: string, arg: string | undefined): string {
  if (!arg || arg === '~') return '/root';
  const raw = arg.startsWith('/') ? arg : `${cwd === '/' ? '' : cwd}/${arg}`;
  const parts: string[] = [];
  for (const p of raw.split('/')) {
    if (p === '..') parts.pop();
    else if (p && p !== '.') parts.push(p);
  }
  return `/${parts.join('/')}`;
}

/** A byte count like 1000000, 64k, 10M (decimal multipliers). */
export function parseCount(arg: string | undefined): number | undefined {
  if (arg === undefined) return 1_000_000;
  const m = /^(\d+)([kKmMgG]?)$/.exec(arg);
  if (!m) return undefined;
  const mult = { '': 1, k: 1e3, m: 1e6, g: 1e9 }[m[2]!.toLowerCase() as '' | 'k' | 'm' | 'g'];
  const n = Number(m[1]) * mult;
  return n <= 1e10 ? n : undefined;
}

/** Splits on spaces, keeping "quoted words", and expands $NAME from the environment. */
export function words(line: string, vars: Record<string, string>): string[] {
  const out: string[] = [];
  for (const m of line.matchAll(/"([^"]*)"|'([^']*)'|(\S+)/g)) {
    if (m[2] !== undefined) out.push(m[2]);
    else out.push((m[1] ?? m[3] ?? '').replace(/\$([A-Za-z_][A-Za-z0-9_]*)/g, (_, k: string) => vars[k] ?? ''));
  }
  return out;
}

export function run(line: string, env: ShellEnv, st: ShellState): Outcome {
  const envVars = environment(env, st);
  const [cmd, ...args] = words(line, envVars);
  switch (cmd) {
    case undefined:
      return { print: [] };
    case 'echo':
      return { print: [args.join(' ')] };
    case 'hostname':
      return { print: [env.name] };
    case 'whoami':
      return { print: ['root'] };
    case 'pwd':
      return { print: [st.cwd] };
    case 'cd': {
      const to = resolve(st.cwd, args[0]);
      if (!DIRS[to]) return { error: `sh: cd: ${args[0]}: No such file or directory` };
      st.cwd = to;
      return { print: [] };
    }
    case 'ls': {
      // Options (-la, -h …) are accepted and ignored: the listing is always the short form.
      const target = args.find((a) => !a.startsWith('-'));
      const dir = resolve(st.cwd, target ?? st.cwd);
      const list = DIRS[dir];
      return list
        ? { print: list.length ? [list.join('  ')] : [] }
        : { error: `ls: cannot access '${target}': No such file or directory` };
    }
    case 'date':
      return { print: [dateText(env.now())] };
    case 'env':
      return {
        print: Object.entries(envVars)
          .sort(([a], [b]) => a.localeCompare(b))
          .map(([k, v]) => `${k}=${v}`),
      };
    case 'uname':
      return {
        print: [args[0] === '-a' ? `Linux ${env.name} 6.1.0-sandbox #1 SMP PREEMPT_DYNAMIC x86_64 GNU/Linux` : 'Linux'],
      };
    case 'stty':
      return args[0] === 'size'
        ? { print: [`${env.size().rows} ${env.size().cols}`] }
        : { print: ['speed 38400 baud; line = 0;'] };
    case 'clear':
      return { clear: true };
    case 'exit':
      return { exit: Number(args[0] ?? 0) || 0 };
    case 'flood': {
      const n = parseCount(args[0]);
      return n === undefined
        ? { error: 'flood: usage: flood [BYTES]  (e.g. flood 1000000, flood 64k, flood 10M)' }
        : { flood: n };
    }
    case 'help':
      return { print: ['commands: echo hostname whoami pwd cd ls date env uname stty clear exit flood help'] };
    default:
      return { error: `sh: ${cmd}: not found` };
  }
}
