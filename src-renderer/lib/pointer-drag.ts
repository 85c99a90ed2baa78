/** A drag's moves: `move` gets each pointer move on `target` until the pointer is let go, then both listeners go. */
export function followPointer(target: EventTarget, move: (m: PointerEvent) => void): void {
  const onMove = (e: Event) => move(e as PointerEvent);
  const up = () => {
    target.removeEventListener('pointermove', onMove);
    target.removeEventListener('pointerup', up);
  };
  target.addEventListener('pointermove', onMove);
  target.addEventListener('pointerup', up);
}
