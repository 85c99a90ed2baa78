/**
 * The local sandbox as a host runs it for the agent: started on first use on a free loopback
 * port, and loaded only then, so a normal launch never pays for it. The agent sees its zones only.
 */
import type { SandboxHandle } from './server';

export interface SandboxRunnerOptions {
  /** Where the sandbox keeps its state between launches; in memory when absent. */
  dataDir?: string;
  /** Containers seeded per zone (benchmarks: a 20,000-row list). */
  scale?: number;
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

export function createSandboxRunner(opts: SandboxRunnerOptions = {}): SandboxRunner {
  let handle: Promise<SandboxHandle> | undefined;
  return {
    async start() {
      handle ??= import('./server')
        .then(({ startSandbox }) => startSandbox({ port: 0, ...opts }))
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
