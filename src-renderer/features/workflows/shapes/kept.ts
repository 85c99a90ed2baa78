/**
 * "Is what the zone kept what was sent?" after saving something the user typed. The reply is
 * the zone's word when it carries the value (under any name: the caller's reader finds it); when
 * it is silent (an ack, a 204, a record without the field) the value is read back. Only a
 * difference the zone shows is reported; a zone that shows nothing leaves the save unverified.
 */
export type Kept<T> =
  | { said: 'same'; by: 'reply' | 'readBack' }
  | { said: 'differs'; kept: T; by: 'reply' | 'readBack' }
  | { said: 'unknown' };

export async function whatWasKept<T>(
  sent: T,
  fromReply: T | undefined,
  readBack: () => Promise<T | undefined>,
  same: (a: T, b: T) => boolean = Object.is,
): Promise<Kept<T>> {
  let kept = fromReply;
  let by: 'reply' | 'readBack' = 'reply';
  if (kept === undefined) {
    by = 'readBack';
    try {
      kept = await readBack();
    } catch {
      kept = undefined;
    }
  }
  if (kept === undefined) return { said: 'unknown' };
  return same(sent, kept) ? { said: 'same', by } : { said: 'differs', kept, by };
}
