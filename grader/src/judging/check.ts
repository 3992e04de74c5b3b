import type { DayCheck } from '@agent-course/course';
import type { StopKind } from './blame-throw';
import type { NotRun } from './judged-result';
import type { RealRun, RealRunRequest } from '../process-control/start-real-run';

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
  /**
   * How the lab's real run of its command line ended, for a check whose judging part asks for one
   * (`realRun`); it rejects for any other check. Call it once the check's steps are over: the check
   * drives no more, and the check process goes on to the next check while this one waits, so the
   * run, started with the grade, never holds the other checks up.
   */
  realRun(): Promise<RealRun>;
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
      /** Set when the lab stopped the check before it could run (see collectNotRun). */
      notRun?: NotRun;
      /** The scenario's tool calls and results, shown with --verbose. */
      transcript?: string[];
    };

/**
 * The judging part of a check, `days/<day>/judging/<check id>.ts`, listed in the day's
 * `judging/index.ts`: loaded only in the grader. It generates the inputs, has the check process
 * drive the lab with them, and judges the answers.
 */
export interface JudgingPart {
  judge(context: JudgeContext): Promise<CheckOutcome>;
  /** Set when the check also judges a real run of the lab's command line (see start-real-run.ts). */
  realRun?: RealRunRequest;
}

/** One graded behaviour of a day: what the day's manifest says about it, and its judging part. */
export type Check = DayCheck & JudgingPart;
