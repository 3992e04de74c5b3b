import type { DayCheck } from '@agent-course/course';
import type { StopKind } from './blame-throw';
import type { CompiledLab } from './compiled/compile-lab';

/**
 * One step of a check, carried out by the check's driving part in the check process (see
 * beside-lab/drive-lab.ts): `operation` of `days/<day>/beside-lab/<check>.ts` with `input`. It
 * resolves with what the lab did, as the check process says; it rejects with LabThrew when the
 * lab's code threw, and with CheckProcessStopped when the process ended or broke the protocol,
 * which the grader reports for the check without the judge's help.
 */
export type Drive = (operation: string, input?: unknown) => Promise<unknown>;

/** What the judging part of a check is given. It runs in the grader, where no student code runs. */
export interface JudgeContext {
  /** The lab's files (staged), for reading its sources; never imported here. */
  labDir: string;
  /** The check's scratch folder, made by the grader; the lab's code may write in it. */
  scratchDir: string;
  /** Chooses the generated variants run beside the fixed scenarios; the same seed replays them. */
  seed: number;
  /** Runs one step on the lab in the check process. */
  drive: Drive;
}

/** What a check's process run (see Day.processRuns) is given: it starts the lab's command line itself. */
export interface CheckContext {
  /** The lab to grade, ready to import (its node_modules resolve). */
  labDir: string;
  /** An empty directory for this check alone; removed when the check ends. */
  scratchDir: string;
  /** TMPDIR for the lab processes a check starts: the grade's own folder, removed with it. */
  tempDir: string;
  /** The lab's command line, for the parts of a check that run it as a process (a day's process runs). */
  labCommandLine?: LabCommandLine;
  /** The check's whole time budget; a lab CLI run must end well within it. */
  timeoutMs: number;
  /** Chooses the generated variants run beside the fixed scenarios; the same seed replays them. */
  seed: number;
}

/** What a check found. A failure says what was expected and what happened instead. */
export type CheckOutcome =
  | {
      /** The lab behaved as required. */
      passed: true;
      /** The scenario's tool calls and results, shown with --verbose. */
      transcript?: string[];
    }
  | {
      /** The lab did not behave as required. */
      passed: false;
      /** What the check expected, in a sentence. */
      expected: string;
      /** What happened instead, in a sentence. */
      got: string;
      /**
       * The kind of mistake seen, when the check can tell: a key of the check's `hints` in the
       * day's manifest (e.g. `loop-stop-turn`); the `default` hint otherwise.
       */
      mistake?: string;
      /**
       * Set when the lab's code threw (or, in a real run, exited): `at` is where, as
       * `src/file.ts:line`, when a frame of the lab's names it, and `kind` how it stopped (a throw
       * the check caught unless said). The hint then names that place and the TODO whose code holds
       * it (see blame-throw.ts) instead of the check's own, which may be another exercise's.
       */
      threw?: { at?: string; kind?: StopKind };
      /** Set when the lab could not finish (its CLI timed out or crashed) rather than misbehaved. */
      errorKind?: 'timeout' | 'crashed';
      /** The scenario's tool calls and results, shown with --verbose. */
      transcript?: string[];
    };

/**
 * The judging part of a check, `days/<day>/checks/<check id>.ts`: loaded only in the grader. It
 * generates the inputs, has the check process drive the lab with them, and judges the answers.
 */
export interface CheckModule {
  judge(context: JudgeContext): Promise<CheckOutcome>;
}

/** A check's process run, `days/<day>/process-runs/<check id>.ts`: run in the grader beside the check. */
export interface ProcessRunModule {
  /** Runs the lab's command line as a process and judges how it ended. */
  run(context: CheckContext): Promise<CheckOutcome>;
}

/**
 * One graded behaviour of a day: what the day's manifest says about it, and `load`, which imports
 * its judging part (`grader/src/days/<day>/checks/<id>.ts`) when it is judged.
 */
export type Check = DayCheck & {
  /** Imports the check's code. */
  load(): Promise<CheckModule>;
};

/** The lab's command line for a real run, which may start while the program is still compiling. */
export interface LabCommandLine {
  /**
   * The grader's program that runs it (see launch-lab-program.ts): started by the process run, it
   * is told the program's path and its source's on stdin once it is built, or nothing when it is
   * not.
   */
  launcher: string;
  /** The lab's command line compiled into one program, or why it does not compile. */
  program: Promise<CompiledLab['commandLine']>;
  /**
   * When to start the launcher: once the lab's modules are built, so the check process (whose
   * checks take longest) loads with the cores to itself and the compile, yet never more than the
   * run's own time limit after its turn came, so a compile that does not end cannot hold the
   * grade. The run still ends beside its checks.
   */
  startWhen: Promise<void>;
}
