/**
 * The danger confirmation (components/confirm-danger.ts) for one named thing of one zone: a card or
 * tab that asks before its moves on the same workflow or workspace says that zone and name once.
 */
import { useConfirmDanger, type DangerAsk } from '../components/confirm-danger';

export function useConfirmAbout(
  subject: () => { zone: string; name: string },
): (ask: Omit<DangerAsk, 'zone' | 'name'>) => Promise<boolean> {
  const { confirm } = useConfirmDanger();
  return (ask) => confirm({ ...subject(), ...ask });
}
