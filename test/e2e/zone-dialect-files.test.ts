/**
 * Part 1 of 2 of the any-zone file, log and console journeys (support/dialect-files.ts:
 * kubeconfig, VPN profile, the palette's grab, logs, console) against every dialect, split over two
 * files so two workers share them.
 */
import { describeDialectFiles } from './support/dialect-files';

describeDialectFiles(1, 2);
