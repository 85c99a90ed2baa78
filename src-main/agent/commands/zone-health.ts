/** zones.health: every zone's health now (the `zones.health` event then carries what changes). */
import { command, empty } from './define';

export const zonesHealth = command<'zones.health'>(empty, async (_i, ctx) => ctx.zones.health.all());
