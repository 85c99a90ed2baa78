/**
 * The navigation's shape: areas, their sections, and which screen each section opens. The areas
 * themselves are declared by the features (features/<area>/area.ts) and put in order by the shell
 * (shell/areas.ts), which hands the list here once at start (shell/app-plugin.ts): app-wide state sits below
 * the features in the layer map and may not import them, yet the ui and panes stores need the
 * areas to resolve a place. A section without a screen shows what will be there (never "coming
 * soon").
 */
import type { Component } from 'vue';

export type AreaId =
  | 'zone'
  | 'identity'
  | 'compute'
  | 'storage'
  | 'kubernetes'
  | 'networking'
  | 'applications'
  | 'workflows'
  | 'workspaces'
  | 'limits'
  | 'all-zones';

export interface Section {
  id: string;
  title: string;
  /** The section's screen, loaded lazily so the first paint stays small; it gets the zone as its `zone` prop. */
  screen?: () => Promise<Component | { default: Component }>;
  /** Fixed props the screen gets beside `zone`: one screen serving several sections (containers, microVMs). */
  props?: Readonly<Record<string, unknown>>;
}

export interface Area {
  id: AreaId;
  title: string;
  /** One sentence: what this area is for, shown in its empty state. */
  about: string;
  sections: Section[];
}

/** What a feature's area.ts declares. */
export type AreaManifest = Area;

const registered: Area[] = [];

/** Every area in the rail's order, once the shell has registered them. */
export const AREAS: readonly Area[] = registered;

/** The shell's list of areas, given once at start (again only in tests); replaces any earlier one. */
export function registerAreas(areas: readonly Area[]): void {
  registered.splice(0, registered.length, ...areas);
}

export function findArea(id: string): Area | undefined {
  return AREAS.find((a) => a.id === id);
}

export function findSection(area: Area, sectionId: string): Section {
  return area.sections.find((s) => s.id === sectionId) ?? area.sections[0]!;
}

/** The screen of "area/section" exactly (no fallback to the first section). */
export function screenOf(areaId: string, sectionId: string): Section['screen'] {
  return findArea(areaId)?.sections.find((s) => s.id === sectionId)?.screen;
}

export function hasScreen(areaId: string, sectionId: string): boolean {
  return screenOf(areaId, sectionId) !== undefined;
}

/** Sections that have a screen, across areas: what an empty area can offer instead. */
export function builtSections(): { area: Area; section: Section }[] {
  return AREAS.flatMap((area) =>
    area.sections.filter((s) => s.screen !== undefined).map((section) => ({ area, section })),
  );
}
