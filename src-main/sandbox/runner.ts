/**
 * The local sandbox as a host runs it for the agent: started on first use on a free loopback
 * port, and loaded only then, so a normal launch never pays for it (its dialects alone are ~90 kB
 * of source: even the check of a dialect's name loads with it). The agent sees its zones only.
 */
import type { Dialect } from './dialect/choose';
import type { SandboxHandle } from './server';

export interface SandboxRunnerOptions {
  /** Where the sandbox keeps its state between launches; in memory when absent. */
  dataDir?: string;
  /** Containers seeded per zone (benchmarks: a 20,000-row list). */
  scale?: number;
  /** Every zone's dialect; default ZONEDECK_SANDBOX_DIALECT, else standard. */
  dialect?: Dialect;
}

export interface SandboxRunner {
  start(): Promise<{ id: string; baseUrl: string }[]>;
  stop(): Promise<void>;
}

/** The benchmark knob: ZONEDECK_SANDBOX_SCALE seeds N containers per zone. Hosts read it, not the agent. */
export function sandboxScaleFromEnv(env: NodeJS.ProcessEnv = process.env): number | undefined {
  const n = Number(env.ZONEDECK_SANDBOX_SCALE);
  return Number.isInteger(n) && n > 0 ? n : undefined;
}

/**
 * The test knob: ZONEDECK_SANDBOX_DIALECT=variant (or seed:N) starts the in-app sandbox in that
 * dialect (end-to-end journeys run against several). Anything but a dialect name is ignored.
 */
async function sandboxDialectFromEnv(env: NodeJS.ProcessEnv = process.env): Promise<Dialect | undefined> {
  const d = env.ZONEDECK_SANDBOX_DIALECT;
  const { isDialect } = await import('./dialect/choose');
  return isDialect(d) ? d : undefined;
}

export function createSandboxRunner(opts: SandboxRunnerOptions = {}): SandboxRunner {
  let handle: Promise<SandboxHandle> | undefined;
  return {
    async start() {
      handle ??= Promise.all([import('./server'), sandboxDialectFromEnv()])
        .then(([{ startSandbox }, dialect]) => startSandbox({ port: 0, dialect, ...opts }))
        .catch((err: unknown) => {
          handle = undefined;
          throw err;
        });
      return (await handle).zones.map((z) => ({ id: z.id, baseUrl: z.baseUrl }));
    },
    async stop() {
      const h = handle;
      handle = undefined;
      await (await h?.catch(() => undefined))?.close();
    },
  };
}
