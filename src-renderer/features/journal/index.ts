/** The journal's public face: its page reader and how an entry reads and opens (the zone home shows the newest). */
export { readJournal } from './journal';
export { entryTarget, KIND_WORDS, operationWords, outcomeWords } from './journal-targets';
