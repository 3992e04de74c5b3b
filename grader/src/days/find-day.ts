import type { Day } from '../day';
import { day3 } from './d3';

/** Every graded day, by id. */
export const DAYS: readonly Day[] = [day3];

/** The day with this id, or undefined. */
export function findDay(id: string): Day | undefined {
  return DAYS.find((day) => day.id === id);
}
