/** Each kind of notification in words, as the Settings screen lists them. */
import type { NoticeKind } from '@contract/settings';

export const NOTICE_LABELS: Record<NoticeKind, { short: string; long: string }> = {
  gate: { short: 'Approval', long: 'Run waiting for approval' },
  run: { short: 'Run ended', long: 'Run finished or failed' },
  deploy: { short: 'Deploy failed', long: 'CI/CD deployment failed' },
  health: { short: 'Down / back', long: 'Zone down or back' },
};
