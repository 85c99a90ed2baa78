/** The tour's studio and everyday half: the zone's home page, compute, workflows (editor, production, runs), skills, workspaces, all zones, split panes. */
import { openSection } from '../e2e/support/infra-flows';
import { clearNotifications, type Tour } from './tour-kit';

/** The zone's home page, where a zone opens, once its lists are counted. */
async function zoneHome(t: Tour): Promise<void> {
  const { page } = t;
  await openSection(page, 'Overview');
  const home = page.getByRole('region', { name: /^Overview of / });
  await home.getByRole('button', { name: /^\d+ Containers$/ }).waitFor({ timeout: 20_000 });
  await t.shot('zone-home');
}

async function compute(t: Tour): Promise<void> {
  const { page } = t;
  await openSection(page, 'Compute', 'Containers');
  const table = page.getByRole('table', { name: 'Containers', exact: true });
  await table.getByRole('row', { name: /web-1/ }).first().waitFor({ timeout: 20_000 });
  await t.shot('containers');
  await table.getByRole('row', { name: /web-1/ }).first().click();
  const pane = page.getByRole('complementary', { name: 'Details of web-1' });
  await pane.waitFor();
  await t.shot('container-details');
  for (const tab of ['Config vars', 'Logs', 'Activity', 'Metrics']) {
    const button = pane.getByRole('tab', { name: tab, exact: true });
    if (!(await button.count())) continue;
    await button.click();
    await t.shot(`container-${tab.toLowerCase().replace(/\s+/g, '-')}`, 700);
  }
  await openSection(page, 'Compute', 'MicroVMs');
  await page.getByRole('table', { name: 'MicroVMs', exact: true }).getByRole('row').nth(1).waitFor();
  await t.shot('microvms');
}

async function workflows(t: Tour): Promise<void> {
  const { page } = t;
  await openSection(page, 'Workflows');
  const list = page.getByRole('table', { name: 'Workflows' });
  await list.getByText('triage', { exact: true }).waitFor({ timeout: 20_000 });
  await t.shot('workflows');
  await list.getByText('triage', { exact: true }).click();
  const pane = page.getByRole('complementary', { name: 'Details of triage' });
  await pane.getByRole('region', { name: 'Draft of triage' }).locator('.monaco-editor').waitFor();
  await t.shot('workflow-editor', 900);
  for (const tab of ['Versions', 'Deployment', 'Evals', 'Runs', 'Webhook']) {
    await pane.getByRole('tab', { name: tab, exact: true }).click();
    await t.shot(`workflow-${tab.toLowerCase()}`, 700);
  }
  await pane.getByRole('tab', { name: 'Runs', exact: true }).click();
  await pane.getByLabel('Run input').fill('"tour"');
  await pane.getByRole('button', { name: 'Start run' }).click();
  const detail = pane.getByRole('region', { name: /^Run \S+$/ });
  await detail.getByRole('status', { name: 'Run status' }).waitFor();
  await page.waitForTimeout(1_500);
  await t.shot('workflow-run', 600);
  await clearNotifications(page);
}

async function skills(t: Tour): Promise<void> {
  const { page } = t;
  // The Workflows area is open: its Skills section is one click.
  await page.getByRole('navigation', { name: 'Areas' }).getByRole('button', { name: 'Skills', exact: true }).click();
  await page.getByRole('list', { name: 'Skill list' }).getByRole('button', { name: 'summarize' }).click();
  await page.getByRole('tree', { name: 'Files' }).getByRole('treeitem', { name: 'SKILL.md' }).click();
  await page.getByRole('region', { name: 'Preview of SKILL.md' }).waitFor();
  await t.shot('skills', 900);
}

async function workspaces(t: Tour): Promise<void> {
  const { page } = t;
  await openSection(page, 'Workspaces');
  const table = page.getByRole('table', { name: 'Workspaces' });
  await table.getByText('shop', { exact: true }).waitFor({ timeout: 20_000 });
  await t.shot('workspaces');
  await table.getByText('shop', { exact: true }).click();
  const pane = page.getByRole('complementary', { name: 'Details of shop' });
  for (const tab of ['CI/CD', 'Chats', 'Credentials']) {
    await pane.getByRole('tab', { name: tab, exact: true }).click();
    await t.shot(`workspace-${tab.toLowerCase().replace(/\W+/g, '')}`, 800);
  }
  await table.getByText('company-site', { exact: true }).click();
  const cms = page.getByRole('complementary', { name: 'Details of company-site' });
  await cms.getByRole('tab', { name: 'CMS commands', exact: true }).click();
  await cms.locator('.monaco-editor').waitFor();
  await t.shot('workspace-cms', 900);
}

async function sideBySide(t: Tour): Promise<void> {
  const { page } = t;
  await openSection(page, 'All zones', 'Containers');
  await page.waitForTimeout(800);
  await t.shot('all-zones-containers');
  await openSection(page, 'Compute', 'Containers');
  await page.keyboard.press('Control+Backslash');
  await page.getByRole('region', { name: /^Pane 2: / }).waitFor();
  await t.shot('split-panes', 800);
  await page
    .getByRole('button', { name: /^Close pane/ })
    .first()
    .click()
    .catch(() => undefined);
}

/** The zone's home page, compute, the studio and workspaces, then all zones and a split. */
export async function studioTour(t: Tour): Promise<void> {
  await zoneHome(t);
  await compute(t);
  await workflows(t);
  await skills(t);
  await workspaces(t);
  await sideBySide(t);
}
