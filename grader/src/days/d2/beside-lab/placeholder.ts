import type { DrivingPart } from '../../../beside-lab/driving-part';
import { importLabFile } from '../../../beside-lab/import-lab-file';

/** The placeholder check's driving part: it only loads the lab, and says nothing of it. */
export const operations = {
  async load(_input: unknown, { labDir }) {
    await importLabFile({ labDir, file: 'src/index.ts' });
    return {};
  },
} satisfies DrivingPart['operations'];
