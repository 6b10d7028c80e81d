/** What a farm's reward period is doing, as the farm index, 'find my farms' and a farm's page all say it. */
export type FarmStatus = 'paused' | 'ended' | 'not started' | 'active';

type FarmState = {
  /** Dual farms only: QuickSwap's pause, which takes no new stake. */
  is_paused?: boolean;
  is_ended: boolean;
  /** ISO instant; 1970-01-01 (0) for a farm never funded. */
  period_finish: string;
};

/** A paused farm says so whatever its period; a farm never funded has not started. */
export function farmStatus(farm: FarmState): FarmStatus {
  if (farm.is_paused) return 'paused';
  if (farm.is_ended) return 'ended';
  if (Date.parse(farm.period_finish) <= 0) return 'not started';
  return 'active';
}

/** The status with the day an ended farm ended: 'ended 2026-11-16'. */
export function describeFarmStatus(farm: FarmState): string {
  const status = farmStatus(farm);
  return status === 'ended' ? `ended ${farm.period_finish.slice(0, 10)}` : status;
}
