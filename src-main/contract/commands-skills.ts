/**
 * Commands of the skills area: only what a plain API call cannot do. Reading and editing a
 * skill's files goes through api.call; writing them to disk is the agent's job, so it has a command.
 */

/** One file the agent would not write, with the reason in words. */
export interface SkillFileRefused {
  path: string;
  reason: string;
}

export interface SkillFolderSaved {
  /** The folder the skill's files went into (`<chosen>/<skill name>`). */
  folder: string;
  /** How many files were written. */
  written: number;
  /** Their paths relative to `folder`, as the zone named them. */
  files: string[];
  /** Files refused because their names would escape the folder (or could not be written); the rest were written. */
  refused: SkillFileRefused[];
}

export interface SkillsCommands {
  /**
   * "Save skill to folder…": the agent lists the skill's files and reads each one from the zone
   * itself, then writes them under `dir` (default Downloads; in Electron `pick: true` asks for a
   * folder) in a subfolder named for the skill: atomic, 0600 files, 0700 folders. Null when cancelled.
   */
  'skills.saveToFolder': {
    input: { zone: string; skillId: string; skillName?: string; dir?: string; pick?: boolean };
    output: SkillFolderSaved | null;
  };
}
