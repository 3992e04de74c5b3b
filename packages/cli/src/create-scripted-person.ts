import type { AgentEvent, Person, PersonLine } from '@agent-course/core';
import type { ScriptedLine } from '@agent-course/core/offline';
import { PROMPT } from './create-line-person';

/** A person played from a script, and the eyes it watches the answers with. */
export interface ScriptedPerson {
  person: Person;
  /**
   * Hands the person what the terminal shows. A line that says when to press Ctrl-C is
   * interrupted at once, inside this call, when that many pieces of its answer have been shown.
   */
  saw(event: AgentEvent): void;
}

/**
 * The scripted person MOCK=1 plays on a day that chats: it sends the scenario's lines one by one,
 * echoed after the prompt, and presses Ctrl-C where a line says, so the same interrupt lands on the
 * same piece of the same answer every run. `first`, when given, is sent instead of the script's
 * first line (the question typed on the command line).
 */
export function createScriptedPerson(options: {
  lines: readonly ScriptedLine[];
  write: (text: string) => void;
  first?: string;
}): ScriptedPerson {
  const { write } = options;
  const first = options.first?.trim();
  const lines = options.lines.map((line, position) =>
    position === 0 && first ? { text: first } : line,
  );
  let next = 0;
  let current: { line: ScriptedLine; controller: AbortController; pieces: number } | undefined;
  return {
    person: {
      async nextLine(): Promise<PersonLine | undefined> {
        const line = lines[next];
        current = undefined;
        if (line === undefined) return undefined;
        next += 1;
        write(`${PROMPT}${line.text}\n`);
        current = { line, controller: new AbortController(), pieces: 0 };
        return { text: line.text, signal: current.controller.signal };
      },
    },
    saw(event) {
      if (!current || event.type !== 'text-delta' || event.text === '') return;
      current.pieces += 1;
      const after = current.line.interruptAfterPieces;
      if (after === undefined || current.pieces !== after) return;
      // What a terminal shows for Ctrl-C, where the person pressed it.
      write('^C');
      current.controller.abort();
    },
  };
}
