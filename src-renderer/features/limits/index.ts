/** Limits' public face: the tenant's limits record as a resource, and how each field reads (the zone home shows them as bars). */
export { useLimits } from './limits';
export { LIMIT_CARDS, type LimitCard } from './limit-cards';
