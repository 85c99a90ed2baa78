/**
 * The sandbox's dialect matrix: every alternative of every open point, alone on top of the
 * standard dialect, changes the reply (or the request) exactly where that point says. The probes
 * are typed by the points, so a point without a probe does not compile.
 */
import { describe, expect, it } from 'vitest';
import { POINT_NAMES, POINTS, type Choices, type Point } from '../../../src-main/sandbox/dialect/points';
import { only, type Probe } from './dialect-fakes';
import { RECORD_PROBES } from './dialect-probes-records';
import { STUDIO_PROBES } from './dialect-probes-studio';

const PROBES: Readonly<Record<Point, Probe>> = { ...RECORD_PROBES, ...STUDIO_PROBES };

describe.each(POINT_NAMES)('point %s', (point) => {
  it('has at least two alternatives, the standard one first', () => {
    expect(POINTS[point].length).toBeGreaterThanOrEqual(2);
  });
  it.each([...POINTS[point]])('says %s where the point says', (alt) => {
    PROBES[point](alt, only(point, alt as Choices[typeof point]));
  });
});
