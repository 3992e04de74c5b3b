// The grader loads a day-4 lab through this file before its first check (see grader/src/day.ts).
export { loadD4Lab as loadLab } from '../d4-lab';
