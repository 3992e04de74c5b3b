// The grader loads a day-3 lab through this file before its first check (see grader/src/day.ts).
export { loadD3Lab as loadLab } from './d3-lab';
