import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createTerminalPerson } from './create-terminal-person';

/** A terminal made of two streams: what the person types, and what the terminal shows. */
function openTerminal(first?: string) {
  const input = Object.assign(new PassThrough(), { isTTY: true, setRawMode: () => {} });
  const output = new PassThrough();
  let shown = '';
  output.on('data', (chunk: Buffer) => {
    shown += chunk.toString();
  });
  const run = new AbortController();
  let ctrlC = 0;
  const terminal = createTerminalPerson({
    input,
    output,
    signal: run.signal,
    onCtrlC: () => {
      ctrlC += 1;
    },
    onNotice: () => {},
    ...(first === undefined ? {} : { first }),
  });
  return { input, run, terminal, shown: () => shown, ctrlC: () => ctrlC };
}

describe('createTerminalPerson', () => {
  it('prompts, reads what is typed, and hands Ctrl-C to the chat as a key, not a signal', async () => {
    const { input, terminal, shown, ctrlC } = openTerminal();
    const pending = terminal.person.nextLine();
    input.write('hello\r');
    const line = await pending;
    expect(line?.text).toBe('hello');
    expect(shown()).toContain('? ');
    input.write('\x03');
    expect(ctrlC()).toBe(1);
    // The chat decides what Ctrl-C means: here, the answer to the last line stops.
    expect(terminal.interrupt()).toBe(true);
    expect(line?.signal.aborted).toBe(true);
    terminal.close();
  });

  it('shows the question typed on the command line, then ends on Ctrl-D at an empty line', async () => {
    const { input, terminal, shown } = openTerminal('typed');
    expect((await terminal.person.nextLine())?.text).toBe('typed');
    expect(shown()).toContain('? typed\n');
    const pending = terminal.person.nextLine();
    input.write('\x04');
    expect(await pending).toBeUndefined();
  });

  it('ends the chat when the run is stopped while the person types', async () => {
    const { run, terminal } = openTerminal();
    const pending = terminal.person.nextLine();
    run.abort();
    expect(await pending).toBeUndefined();
  });
});
