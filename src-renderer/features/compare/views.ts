/** What other features show of compare: the "Compare across zones" / "Copy to zone…" buttons. */
export { default as AcrossZones } from './AcrossZones.vue';
