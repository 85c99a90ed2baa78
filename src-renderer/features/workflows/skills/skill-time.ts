/** The time to show as "updated …": a zone's clock a little ahead of this machine's reads as now, not "in 13 s". */
export function shownTime(date: Date | undefined, now: number): Date | undefined {
  return date && date.getTime() > now ? new Date(now) : date;
}
