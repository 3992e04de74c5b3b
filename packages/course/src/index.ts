export { platformTestName } from './platform-test-name';
export { CLASS_LIMITS, PLATFORM_CAPS_SECONDS } from './class-limits';
export {
  BUILT_IN_FIGURES,
  DAY_ID,
  DEFAULT_HINT,
  DayCheck,
  DayManifest,
  defineDay,
  Exercise,
  ExerciseTranslation,
  Figure,
  MAX_TASK_CHARS,
  StretchCheck,
} from './day-manifest';
export {
  findFinishedPackage,
  finishedPackageName,
  OWN_DAYS_FILE,
  OwnDays,
  readOwnDays,
  type ReadOwnDaysResult,
  switchedDays,
} from './own-days';
export {
  LAST_GRADES_FILE,
  LastGrade,
  LastGrades,
  readLastGrades,
  recordLastGrade,
} from './last-grades';
export { MEASURE_FIGURES_FILE, type FigureTools, type MeasureFigures } from './measure-figures';
export { FINISHED_PACKAGES, finishedPackagesFrom, type FinishedPackage } from './finished-packages';
export {
  CheckResult,
  CompileError,
  LoadError,
  GradeResult,
  MAX_PRINTED_LAST_LINES,
  MAX_PRINTED_LINE_CHARS,
  MAX_PRINTED_LINES,
  MAX_REPORT_TEXT_CHARS,
  MAX_TRANSCRIPT_LINES,
  PrintedOutput,
} from './grade-result';
export {
  findDays,
  latestDay,
  loadDayManifest,
  MANIFEST_FILE,
  type FoundDay,
  type ImportModule,
  type LoadDayManifestResult,
} from './load-day-manifest';
