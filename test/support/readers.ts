/**
 * Rows in unit tests as a list makes them: one reader of the kind from the records at hand and an
 * empty dictionary (contract/dictionary/kind-reader.ts), so a test writes no reader by hand.
 */
import { kindReader, type KindReader } from '../../src-main/contract/dictionary/kind-reader';

type Raw = Record<string, unknown>;

/** `toRow` for one record alone: its reader is inferred from that record. */
export function oneRow<R>(toRow: (raw: Raw, i: number, reader: KindReader) => R, kind: string) {
  return (raw: Raw, i = 0): R => toRow(raw, i, kindReader(undefined, [raw], kind));
}
