// The check process loads a day-3 lab through this file before its first check (see beside-lab/drive-lab.ts).
export { loadD3Lab as loadLab } from '../d3-lab';
