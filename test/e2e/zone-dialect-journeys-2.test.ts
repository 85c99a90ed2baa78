/**
 * Part 2 of 2 of the any-zone journeys (support/dialect-journeys.ts: compute, skills, the
 * workflow editor, production, live runs, CMS, workspaces) against every dialect: the dialects are
 * split over two files so two workers share what was the e2e level's longest file (~6 min).
 */
import { describeDialectJourneys } from './support/dialect-journeys';

describeDialectJourneys(2, 2);
