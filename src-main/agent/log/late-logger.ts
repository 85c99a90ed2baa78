/**
 * A Logger for the moments before the real one exists: the browser host serves its page while the
 * agent and its file logger load (web/cli.ts). What is logged meanwhile waits (at most `limit`
 * entries) and goes to the real logger, under the same component and fields, once it is attached;
 * after that every call goes straight through.
 */
import type { LogLevel } from './levels';
import type { LogFields, Logger } from './logger';

export interface LateLogger extends Logger {
  attach(target: Logger): void;
}

interface Held {
  at: Scope;
  level: LogLevel;
  msg: string;
  fields: LogFields | undefined;
}

interface Scope {
  component: string | undefined;
  bound: LogFields;
  resolved?: Logger;
}

export function lateLogger(limit = 200): LateLogger {
  let target: Logger | null = null;
  let dropped = 0;
  const held: Held[] = [];
  const resolve = (at: Scope, to: Logger): Logger =>
    (at.resolved ??= at.component === undefined ? to : to.child(at.component, at.bound));

  function scoped(at: Scope): Logger {
    const write = (level: LogLevel) => (msg: string, fields?: LogFields) => {
      if (target) return resolve(at, target)[level](msg, fields);
      if (held.length < limit) held.push({ at, level, msg, fields });
      else dropped++;
    };
    return {
      // Until attached every level is taken: the real logger filters them as they are handed on.
      get level() {
        return target?.level ?? 'debug';
      },
      error: write('error'),
      warn: write('warn'),
      info: write('info'),
      debug: write('debug'),
      child: (component, fields) => scoped({ component, bound: { ...at.bound, ...fields } }),
    };
  }

  const root = scoped({ component: undefined, bound: {} });
  return Object.assign(root, {
    attach(to: Logger) {
      if (target) return;
      target = to;
      for (const h of held.splice(0)) resolve(h.at, to)[h.level](h.msg, h.fields);
      if (dropped) to.warn(`${dropped} log entries from the host's start were lost (more than ${limit})`);
    },
  });
}
