import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { DayPaths } from './day-paths';
import type { GeneratedStarter } from './generate-starter';
import { listPackageFiles } from './list-package-files';
import { LAB_OWNED_FILES } from './starter-rules';

/** One way the committed lab differs from its generated form. */
export interface StarterDifference {
  /** The lab file, relative to the repository root. */
  path: string;
  /** changed: content differs; missing: generated but absent; extra: only in the lab. */
  kind: 'changed' | 'missing' | 'extra';
  /** One sentence for people, naming the file and the solution counterpart. */
  message: string;
}

/** What bringing the lab in line with the generated starter takes. */
export interface StarterPlan {
  /** Package-relative files to (re)write, with their content. */
  writes: Array<{ relativePath: string; content: Buffer }>;
  /** Package-relative files to delete because the solution no longer has them. */
  removals: string[];
  /** How many generated files already match the lab byte for byte. */
  unchanged: number;
  /** Every difference that --check reports (lab-owned files never appear here). */
  differences: StarterDifference[];
}

/** Compares the generated starter with the lab on disk; reads only, so --check and write share it. */
export async function planStarter(options: {
  paths: DayPaths;
  generated: GeneratedStarter;
}): Promise<StarterPlan> {
  const { paths, generated } = options;
  const labFiles = new Set(await listPackageFiles(paths.lab));
  const plan: StarterPlan = { writes: [], removals: [], unchanged: 0, differences: [] };
  const labPath = (relativePath: string) => `${paths.labRelative}/${relativePath}`;
  const solutionPath = (relativePath: string) => `${paths.solutionRelative}/${relativePath}`;

  for (const [relativePath, content] of generated.files) {
    const labOwned = LAB_OWNED_FILES.includes(relativePath);
    if (!labFiles.has(relativePath)) {
      plan.writes.push({ relativePath, content });
      if (!labOwned) {
        plan.differences.push({
          path: labPath(relativePath),
          kind: 'missing',
          message: `${labPath(relativePath)} is missing (generated from ${solutionPath(relativePath)})`,
        });
      }
      continue;
    }
    if (labOwned) continue;
    const current = await readFile(path.join(paths.lab, relativePath));
    if (current.equals(content)) {
      plan.unchanged += 1;
      continue;
    }
    plan.writes.push({ relativePath, content });
    plan.differences.push({
      path: labPath(relativePath),
      kind: 'changed',
      message: `${labPath(relativePath)} differs from what ${solutionPath(relativePath)} generates`,
    });
  }

  for (const relativePath of labFiles) {
    if (generated.files.has(relativePath) || LAB_OWNED_FILES.includes(relativePath)) continue;
    plan.removals.push(relativePath);
    plan.differences.push({
      path: labPath(relativePath),
      kind: 'extra',
      message: `${labPath(relativePath)} exists only in the lab (${solutionPath(relativePath)} does not exist)`,
    });
  }
  return plan;
}
