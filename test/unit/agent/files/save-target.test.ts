/** Save-as targets that cannot be written are refused as file errors in words, never internal errors. */
import { mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { AgentError } from '../../../../src-main/contract/errors';
import { checkSaveTarget, realFolder } from '../../../../src-main/agent/files/save-target';

const home = mkdtempSync(path.join(os.tmpdir(), 'zd-save-'));

async function refusal(chosen: string): Promise<AgentError> {
  try {
    await checkSaveTarget(home, chosen);
  } catch (e) {
    expect(e).toBeInstanceOf(AgentError);
    return e as AgentError;
  }
  throw new Error(`${chosen} was accepted`);
}

describe('checkSaveTarget', () => {
  it('refuses the root folder as a folder, in words', async () => {
    const e = await refusal('/');
    expect(e.code).toBe('protected_path');
    expect(e.message).toMatch(/is a folder/);
  });

  it('refuses a NUL in the path as a file error', async () => {
    const e = await refusal(path.join(home, 'a\0b.yaml'));
    expect(e.code).toBe('file_write_failed');
    expect(e.message).toMatch(/NUL character/);
  });

  it('refuses a NUL in a folder to save into (a skill to a folder) as a file error, not internal_error', async () => {
    const e = (await realFolder(path.join(home, '\0')).catch((err: unknown) => err)) as AgentError;
    expect(e).toBeInstanceOf(AgentError);
    expect(e.code).toBe('file_write_failed');
  });

  it('says why a path through a file is refused (ENOTDIR), not internal_error', async () => {
    writeFileSync(path.join(home, 'plain'), 'x');
    const e = await refusal(path.join(home, 'plain', 'inside', 'k.yaml'));
    expect(e.code).not.toBe('internal_error');
  });

  it('follows a link to a hidden folder in home and refuses it', async () => {
    mkdirSync(path.join(home, '.ssh'), { recursive: true });
    symlinkSync(path.join(home, '.ssh'), path.join(home, 'innocent'));
    const e = await refusal(path.join(home, 'innocent', 'config'));
    expect(e.code).toBe('protected_path');
  });
});
