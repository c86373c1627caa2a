// Percentile checks. Every check in these rules is a 1d100 roll-under (digest §11); the seeds never
// define critical and fumble ranges, so they come from PersonaConfig (default 01–05 / 96–100).
import type { RandomSource } from '../random.js';
import type { PersonaConfig } from './types.js';

export interface PercentileCheck {
  roll: number;
  target: number;
  success: boolean;
  critical: boolean;
  fumble: boolean;
}

/** 1d100 against target: a critical always succeeds, a fumble always fails, otherwise roll ≤ target. */
export function percentile(target: number, rng: RandomSource, config: Pick<PersonaConfig, 'criticalMax' | 'fumbleMin'>): PercentileCheck {
  const roll = rng.die(100);
  const critical = roll <= config.criticalMax;
  const fumble = !critical && roll >= config.fumbleMin;
  return { roll, target, success: critical || (!fumble && roll <= target), critical, fumble };
}

/** A plain 1d100 ≤ chance with no critical or fumble (escape, natural recovery, Down resistance, infliction). */
export function chanceRoll(chance: number, rng: RandomSource): { roll: number; chance: number; success: boolean } {
  const roll = rng.die(100);
  return { roll, chance, success: roll <= chance };
}
