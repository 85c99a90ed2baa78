/** A record's own fields in one flat view: the reader lives in the contract, shared with the agent. */
export { recordView } from '@contract/shapes/record-view';
