// The course check's proof that a day runs on a student's own earlier day: on a stand-in for a
// finished one (the solution with its modules moved, create-stand-in-day.ts) the day's solution
// still scores full marks, and on the earlier day's untouched starter it falls short and the grade
// names that day.
import { rm } from 'node:fs/promises';
import path from 'node:path';
import type { DayManifest } from '@agent-course/course';
import { createStandInDay } from './create-stand-in-day';
import type { Invariant } from './course-invariants';
import type { RunGrader } from './run-grader';

export async function checkOwnEarlierDay({
  root,
  manifest,
  earlier,
  runGrader,
}: {
  root: string;
  manifest: DayManifest;
  /** The earlier day, one of manifest.buildsOn. */
  earlier: string;
  runGrader: RunGrader;
}): Promise<Invariant> {
  const day = manifest.id;
  const solution = `solutions/${day}`;
  const name = `day ${earlier.slice(1)}`;
  const standIn = await createStandInDay({ solution: path.join(root, 'solutions', earlier) });
  try {
    const onStandIn = await runGrader({ root, day, labDir: solution, on: { [earlier]: standIn } });
    const onStarter = await runGrader({
      root,
      day,
      labDir: solution,
      on: { [earlier]: path.join(root, 'labs', earlier) },
    });
    const failures: string[] = [];
    if (!onStandIn.ok) failures.push(`on a stand-in ${name}: ${onStandIn.error}`);
    else {
      const { score, max, ranOn = [] } = onStandIn.value;
      const own = ranOn.find((ran) => ran.day === earlier);
      if (!own || own.score !== own.max)
        failures.push(
          `the stand-in ${name} (solutions/${earlier}, its modules moved) scores ${own ? `${own.score}/${own.max}` : 'nothing'} as ${earlier}`,
        );
      if (score !== max)
        failures.push(
          `${solution} scores ${score}/${max} on a full-marks ${name} of other modules: it depends on the kit's finished ${earlier} beyond what it exports`,
        );
    }
    if (!onStarter.ok) failures.push(`on labs/${earlier}: ${onStarter.error}`);
    else {
      const { score, max, ranOn = [] } = onStarter.value;
      const own = ranOn.find((ran) => ran.day === earlier);
      if (!own || own.score === own.max)
        failures.push(
          `run on labs/${earlier}, the grade does not name it below full marks (${own ? `${own.score}/${own.max}` : 'not graded'})`,
        );
      // The starter's unfinished loop must show: else the lab never ran on the day it was given.
      if (score === max)
        failures.push(
          `${solution} still scores ${score}/${max} on labs/${earlier}'s unfinished starter: the grade did not run it on the day given`,
        );
    }
    if (failures.length > 0)
      return {
        passed: false,
        summary: `${solution} does not run as it should on a student's own ${name}`,
        details: failures,
      };
    const starter = onStarter.ok
      ? onStarter.value.ranOn?.find((ran) => ran.day === earlier)
      : undefined;
    return {
      passed: true,
      summary: `${solution} runs on a student's own ${name}: full marks on a full-marks one of other modules; on labs/${earlier} (${starter?.score}/${starter?.max}) it falls short and the grade names it`,
      details: [],
    };
  } finally {
    await rm(standIn, { recursive: true, force: true });
  }
}
