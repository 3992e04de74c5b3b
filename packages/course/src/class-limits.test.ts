import { describe, expect, it } from 'vitest';
import { CLASS_LIMITS, PLATFORM_CAPS_SECONDS } from './class-limits';

describe('CLASS_LIMITS', () => {
  it("ends install and grade with a clear error well inside each platform's cap", () => {
    const { installSeconds, gradeSeconds, checkSeconds } = CLASS_LIMITS;
    // Classroom 50 installs and grades in one job; Gradescope only grades (setup.sh installed).
    expect(installSeconds + gradeSeconds).toBeLessThanOrEqual(
      PLATFORM_CAPS_SECONDS.classroom50Job * 0.85,
    );
    expect(gradeSeconds).toBeLessThanOrEqual(PLATFORM_CAPS_SECONDS.gradescopeRun * 0.85);
    // A lab that hangs in every check of a seven-check day still gets its grade, one after another.
    expect(7 * checkSeconds).toBeLessThan(gradeSeconds);
  });
});
