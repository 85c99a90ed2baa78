/**
 * A rollout stage written as one line, the same in the CLI (`--stage`) and the screen's form:
 * zones (comma-separated, as typed: the caller resolves them), then after a colon the stage's
 * rules — `canary=20` (else a straight deploy), `suite`, `soak=3runs` or `soak=10m`, `approve`.
 */
import type { StagePlan } from './commands-rollouts';

/** The stage, or why the text is not one (in words naming the rule). */
export function readStage(text: string): { stage: StagePlan } | { error: string } {
  const [zonesPart = '', rulesPart = ''] = text.split(':', 2);
  const zones = zonesPart
    .split(',')
    .map((z) => z.trim())
    .filter(Boolean);
  if (!zones.length) return { error: `A stage names its zones: eu-1,us-1[:rules], not “${text}”.` };
  const stage: StagePlan = { zones, canaryWeight: null, suiteMustPass: false, approval: false };
  for (const rule of rulesPart
    .split(',')
    .map((r) => r.trim())
    .filter(Boolean)) {
    const [key, value = ''] = rule.split('=', 2);
    if (key === 'suite') stage.suiteMustPass = true;
    else if (key === 'approve') stage.approval = true;
    else if (key === 'canary') {
      const n = Number(value);
      if (!Number.isInteger(n) || n < 1 || n > 100)
        return { error: `canary= takes a percent from 1 to 100, not “${value}”.` };
      stage.canaryWeight = n;
    } else if (key === 'soak') {
      const m = /^(\d+(?:\.\d+)?)\s*(runs?|m|min|minutes?)$/i.exec(value);
      if (!m) return { error: `soak= takes runs or minutes (soak=3runs, soak=10m), not “${value}”.` };
      stage.soak = /^r/i.test(m[2]!) ? { runs: Math.round(Number(m[1])) } : { minutes: Number(m[1]) };
    } else return { error: `“${rule}” is no stage rule: canary=<percent>, suite, soak=<n>runs|<n>m, approve.` };
  }
  return { stage };
}
