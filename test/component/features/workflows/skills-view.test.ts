/**
 * Workflows › Skills mounted as the app shows it: the skills listed by name with the first one
 * opened, what a skill is when there are none, and the zone's refusal with Retry.
 */
import { enableAutoUnmount } from '@vue/test-utils';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { scriptedAgentModule } from '../../../support/scripted-agent';

vi.mock('../../../../src-renderer/agent', () => scriptedAgentModule());
const { mountScreen, refused, scriptZone } = await import('../../support/screen-zone');
const SkillsView = (await import('../../../../src-renderer/features/workflows/skills/SkillsView.vue')).default;

enableAutoUnmount(afterEach);

const SKILLS = [
  { id: 's1', name: 'pdf-reader', description: 'Reads PDFs', updated_at: '2026-01-01T00:00:00Z' },
  { id: 's2', name: 'sql-helper', description: 'Writes SQL', updated_at: '2026-01-02T00:00:00Z' },
];

describe('the Skills screen', () => {
  it('filled: each skill by name, the first one opened', async () => {
    scriptZone({ reads: { 'skills.list': SKILLS } });
    const w = await mountScreen(SkillsView);
    const skills = w.find('section[aria-label="Skills"]');
    expect(skills.find('h2').text()).toBe('Skills');
    const names = skills.findAll('[role="list"][aria-label="Skill list"] .name').map((n) => n.text());
    expect(names).toEqual(expect.arrayContaining(['pdf-reader', 'sql-helper']));
    expect(skills.find('[aria-current="true"] .name').text()).toBe('pdf-reader');
    expect(w.text()).not.toContain('Skills live here');
  });

  it('loading: a busy skeleton named for the skills, nothing claimed', async () => {
    scriptZone({ reads: { 'skills.list': new Promise(() => undefined) } });
    const w = await mountScreen(SkillsView);
    expect(w.find('[role="status"][aria-busy="true"]').attributes('aria-label')).toBe('Loading skills');
    expect(w.find('.empty').exists()).toBe(false);
  });

  it('empty: says there are none yet, and offers the first', async () => {
    scriptZone({ reads: { 'skills.list': [] } });
    const w = await mountScreen(SkillsView);
    expect(w.find('.empty').text()).toContain('No skills yet.');
    expect(w.find('.empty button').text()).toBe('Create the first skill');
    expect(w.text()).toContain('Skills live here');
  });

  it('refused: says the skills could not be read, with Retry', async () => {
    scriptZone({ reads: { 'skills.list': refused() } });
    const w = await mountScreen(SkillsView);
    const alert = w.find('[role="alert"]');
    expect(alert.text()).toContain('The skills could not be read');
    expect(alert.find('button').text()).toBe('Retry');
  });
});
