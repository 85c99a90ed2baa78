/**
 * The local agent: wires the zone registry, secret store, zone sessions, streams and the zones of
 * the sandbox its host injects behind one command table. Plain Node; both hosts (Electron, browser) drive it the same way.
 */
import { LinkInbox } from './link-inbox';
import { mkdirSync } from 'node:fs';
import os from 'node:os';
import type { AgentEventName, Reply } from '../contract/protocol';
import type { EmitEvent } from '../contract/events';
import { AGENT_CODES, AgentError } from '../contract/errors';
import type { CommandName } from '../contract/commands';
import type { Agent, AgentOptions, Connection, StreamIn } from './agent-types';
import { COMMANDS } from './commands';
import { MAX_INPUT_DEPTH, nestedDeeperThan } from './commands/define';
import { invalidInput } from '../contract/invalid-input';
import type { AgentContext } from './context';
import { SandboxZones } from './sandbox-zones';
import { openSecretStore } from './secrets/secret-store';
import { ChosenSecretStore } from './secrets/chosen-store';
import { DeviceCookies } from './session/device-cookies';
import { StreamHub } from './streams/stream-hub';
import { ListSnapshots } from './lists/list-snapshots';
import { ZoneRuntimes } from './zone-runtimes';
import { ZoneRegistry } from './zones/zone-registry';
import { zoneViews } from './commands/zones';
import { tlsChecksOff } from './commands/app';
import { type Logger, silentLogger } from './log';
import { RendererLog } from './log/renderer-log';
import { ChangeJournal } from './journal/change-journal';
import { AppSettingsStore } from './settings/app-settings';
import { mark } from './marks';
import { RolloutEngine } from './rollouts/engine';
import { RolloutStore } from './rollouts/rollout-store';

export async function createAgent(options: AgentOptions): Promise<Agent> {
  mark('agent.create');
  mkdirSync(options.dataDir, { recursive: true, mode: 0o700 });
  const log = options.log ?? silentLogger;
  log.info('agent starting', {
    host: options.host,
    version: options.version,
    platform: os.platform(),
    arch: os.arch(),
    node: process.versions.node,
    logLevel: log.level,
  });
  const listeners = new Set<(name: AgentEventName, payload: unknown) => void>();
  const emit: EmitEvent = (name, payload) => listeners.forEach((l) => l(name, payload));

  const settings = new AppSettingsStore(options.dataDir, log.child('settings'));
  const secrets = await ChosenSecretStore.open({
    // A file only when the person chose it in the settings (never as a fallback).
    file: settings.get().secretStorage === 'file' && !options.memorySecrets,
    dataDir: options.dataDir,
    openKeychain: () =>
      openSecretStore({
        ...(options.keychainService ? { service: options.keychainService } : {}),
        ...(options.memorySecrets ? { memoryOnly: true } : {}),
        probe: 'when-needed',
        log: log.child('secrets'),
      }),
    log: log.child('secrets'),
  });
  mark('keychain.open');
  secrets.onStatus((s) => emit('keychain.changed', s));
  const registry = new ZoneRegistry({ dataDir: options.dataDir, log: log.child('zones') });
  const journal = new ChangeJournal(options.dataDir, options.host === 'cli' ? 'cli' : 'app');
  const zones = new ZoneRuntimes(
    secrets,
    (zone, session) => emit('session.changed', { zone, session }),
    log,
    (changed) => emit('zones.health', changed),
    journal,
  );
  const sandbox = new SandboxZones(
    registry,
    (mail) => emit('sandbox.mail', mail),
    options.sandbox,
    log.child('sandbox'),
  );
  const cookies = new DeviceCookies(secrets, Date.now, log.child('cookies'));
  const base: Omit<AgentContext, 'rollouts'> = {
    options,
    secrets,
    registry,
    zones,
    streams: new StreamHub(log.child('streams')),
    lists: new ListSnapshots(),
    sandbox,
    cookies,
    links: new LinkInbox(),
    journal,
    settings,
    emit,
    log,
    rendererLog: new RendererLog(log.child('renderer')),
  };
  // The engine calls zones through the same context; rollouts left under way come back paused.
  const ctx: AgentContext = Object.assign(base, { rollouts: undefined as unknown as RolloutEngine });
  ctx.rollouts = new RolloutEngine(
    ctx,
    new RolloutStore(options.dataDir, log.child('rollouts')),
    options.rolloutTickMs,
    options.rolloutHooks,
    options.rolloutCallTimeoutMs,
  );
  mark('agent.started');
  log.info('agent started', { keychain: secrets.status().state, zones: registry.list().length });
  if (tlsChecksOff())
    log.warn('NODE_TLS_REJECT_UNAUTHORIZED=0 is set: certificates are not checked on any connection to a zone');

  // One restore per runtime (a re-pointed zone gets a new runtime, so a new restore).
  const restores = new WeakMap<object, Promise<void>>();
  const restore = (rt: { session: { restore(): Promise<void> } }) => {
    let p = restores.get(rt);
    if (!p) restores.set(rt, (p = rt.session.restore()));
    return p;
  };
  const syncZones = () => {
    for (const rt of zones.sync(registry.list())) if (!options.deferRestore) void restore(rt);
    emit('zones.changed', zoneViews(ctx));
  };
  registry.onChange(syncZones);
  syncZones();
  // Nothing read may have proved the keychain (no zone signed in): prove it once the sessions are
  // back, off the start's path, so a keychain that does not work is told before a sign-in.
  if (!options.deferRestore) void Promise.allSettled(zones.all().map(restore)).then(() => secrets.check?.());
  // Sandbox zones from an earlier launch point at a port that is gone: bring the sandbox back.
  if (options.sandbox && registry.list().some((z) => z.sandbox)) {
    void sandbox
      .start()
      .catch((err: unknown) => log.warn('could not bring the local sandbox back; its zones stay unreachable', { err }));
  }

  return {
    async invoke(command: string, input: unknown, conn: Connection, signal = NEVER): Promise<Reply> {
      // A host checks frames (contract/client-frames.ts); this holds for any host that did not.
      if (typeof command !== 'string') command = '(not a name)';
      try {
        if (signal.aborted) throw cancelled();
        if (!Object.hasOwn(COMMANDS, command)) {
          throw new AgentError({
            status: 0,
            code: AGENT_CODES.unknownCommand,
            // The name is the caller's: echo a bounded piece of it, never a megabyte.
            message: `There is no command “${command.length > 100 ? `${command.slice(0, 100)}…` : command}”.`,
          });
        }
        if (nestedDeeperThan(input, MAX_INPUT_DEPTH)) {
          throw new AgentError({
            status: 0,
            code: AGENT_CODES.validation,
            message: `Invalid input for ${command} — nested more than ${MAX_INPUT_DEPTH} levels deep.`,
          });
        }
        const def = COMMANDS[command as CommandName];
        const parsed = def.input.safeParse(input ?? {});
        if (!parsed.success) throw invalidInput(parsed.error.issues, command);
        const run = def.run as (i: unknown, c: AgentContext, n: Connection, s: AbortSignal) => Promise<unknown>;
        const result = await run(parsed.data, ctx, conn, signal);
        if (signal.aborted) throw cancelled();
        return { ok: true, result: result ?? null };
      } catch (err) {
        // However the handler ended, a call the page cancelled is answered as one.
        return { ok: false, error: toErrorData(signal.aborted ? cancelled() : err, command.slice(0, 100), log) };
      }
    },
    streamInput(msg: StreamIn, conn: Connection) {
      ctx.streams.input(msg, conn);
    },
    disconnect(conn: Connection) {
      ctx.streams.closeConnection(conn);
      ctx.lists.drop(conn.id);
      ctx.rendererLog.forget(conn.id);
    },
    openLink(raw: string) {
      const ok = ctx.links.offer(raw);
      if (ok) emit('app.link', null);
      else log.warn('ignored a link that is not a Zonedeck link', { length: raw.length });
      return ok;
    },
    async sessionsRestored(ids) {
      const wanted = zones.all().filter((rt) => !ids || ids.includes(rt.record.id));
      await Promise.allSettled(wanted.map(restore));
    },
    onEvent(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async dispose() {
      await ctx.rollouts.close();
      ctx.streams.closeAll();
      await sandbox.stop();
      await zones.closeAll();
      registry.flush();
      journal.close();
      listeners.clear();
      log.info('agent stopped');
    },
  };
}

/** The signal of a call nobody can cancel (a host that passes none). */
const NEVER = new AbortController().signal;

const cancelled = () => new AgentError({ status: 0, code: AGENT_CODES.cancelled, message: 'Cancelled.' });

function toErrorData(err: unknown, command: string, log: Logger) {
  if (err instanceof AgentError) {
    // The zone's answer or bad input: expected, and the zone client logs its side already.
    log.debug('command failed', { command, status: err.status, error: err.code });
    return err.toJSON();
  }
  // Input is bounded (MAX_INPUT_DEPTH), so a stack overflow comes from a value a zone sent, nested
  // past what JSON.stringify or a reader can walk: that call fails with a clear reason, nothing more.
  if (err instanceof RangeError && /call stack/i.test(err.message)) {
    log.warn('a value nested too deeply to handle', { command });
    return { status: 0, code: AGENT_CODES.unsendable, message: 'The answer is nested too deeply to be handled.' };
  }
  // A bug, not a zone's answer: say so plainly, keep the detail for the log.
  log.error('internal error', { command, err });
  console.error('[agent] internal error', err);
  return {
    status: 0,
    code: AGENT_CODES.internal,
    message: `Something went wrong inside Zonedeck: ${(err as Error)?.message ?? String(err)}`,
  };
}
