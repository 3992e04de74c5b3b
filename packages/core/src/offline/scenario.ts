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
  /**
   * On a day that chats: what the scripted person sends under MOCK=1, line by line, and where
   * they press Ctrl-C; `inject` can change it like the turns.
   */
  person?: (inject: string | undefined) => ScriptedLine[];
}

/** One line a scripted person sends, and when they stop the answer to it. */
export interface ScriptedLine {
  /** What they type. */
  text: string;
  /** They press Ctrl-C once this many pieces of the answer have been shown; never when absent. */
  interruptAfterPieces?: number;
}
