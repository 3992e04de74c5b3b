import type { ScriptStep, StreamQuirks } from './scripted-model';

/** What the offline model plays for a day: its scripted turns and how its stream misbehaves. */
export interface Scenario {
  /** The turns to play, each reacting to what it was fed back; `inject` adds a troubled start. */
  steps(inject: string | undefined): ScriptStep[];
  /** Each trouble INJECT can cause, by name, with what it does, as `--help` shows it. */
  injections: Record<string, string>;
  /** Where fragments are split: the same seed splits the same fragments at the same places. */
  seed: number;
  /** The provider habits the offline stream imitates, so the lab meets them without a key. */
  quirks: StreamQuirks;
}
