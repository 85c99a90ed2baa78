/** Identity's screens (see views/screens.ts). */
import type { ScreenTable } from '../screens';

export const IDENTITY_SCREENS: ScreenTable = {};
