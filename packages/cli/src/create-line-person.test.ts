import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { MAX_LINE_CHARS, createLinePerson } from './create-line-person';

function open(options: { first?: string } = {}) {
  const input = new PassThrough();
  const shown: string[] = [];
  const notices: string[] = [];
  const run = new AbortController();
  const line = createLinePerson({
    input,
    write: (text) => shown.push(text),
    signal: run.signal,
    onNotice: (message) => notices.push(message),
    ...(options.first === undefined ? {} : { first: options.first }),
  });
  return { input, shown, notices, run, ...line };
}

describe('createLinePerson', () => {
  it('hands out each non-empty piped line as a turn, echoed after the prompt, then ends', async () => {
    const { input, shown, person } = open();
    input.end('first\n\n  second  \r\nthird');
    expect((await person.nextLine())?.text).toBe('first');
    expect((await person.nextLine())?.text).toBe('second');
    expect((await person.nextLine())?.text).toBe('third');
    expect(await person.nextLine()).toBeUndefined();
    expect(shown.join('')).toBe('? first\n? second\n? third\n');
  });

  it('sends the typed question first, echoed like the rest, then reads', async () => {
    const { input, shown, person } = open({ first: 'typed' });
    expect((await person.nextLine())?.text).toBe('typed');
    const pending = person.nextLine();
    input.write('from the pipe\n');
    expect((await pending)?.text).toBe('from the pipe');
    expect(shown.join('')).toBe('? typed\n? from the pipe\n');
  });

  it('Ctrl-C stops the answer to the last line only; the next line has a signal of its own', async () => {
    const { input, person, interrupt } = open();
    input.write('one\ntwo\n');
    const one = await person.nextLine();
    expect(interrupt()).toBe(true);
    expect(one?.signal.aborted).toBe(true);
    // A second Ctrl-C in the same turn is not the answer's: the caller then stops the chat.
    expect(interrupt()).toBe(false);
    const two = await person.nextLine();
    expect(two?.signal.aborted).toBe(false);
  });

  it('ends the chat when the run is stopped while the person is being waited for', async () => {
    const { person, run } = open();
    const pending = person.nextLine();
    run.abort();
    expect(await pending).toBeUndefined();
  });

  it('skips a line over the limit whole, however it arrives, and goes on with the next', async () => {
    const { input, person, notices } = open();
    const long = 'x'.repeat(MAX_LINE_CHARS + 1);
    input.write(long.slice(0, 70_000));
    input.write(`${long.slice(70_000)}still the long line\nshort\n`);
    input.end();
    expect((await person.nextLine())?.text).toBe('short');
    expect(await person.nextLine()).toBeUndefined();
    expect(notices).toEqual(['a line of over 100,000 characters was skipped; send a shorter one']);
  });

  it('reads no further than the line it hands out while a long pipe waits', async () => {
    const { input, person } = open();
    const lines = Array.from({ length: 1_000 }, (_, index) => `line ${index}`).join('\n');
    input.write(`${lines}\n`);
    expect((await person.nextLine())?.text).toBe('line 0');
    // Paused: what was read in one chunk is queued, nothing more is pulled from the pipe.
    expect(input.isPaused()).toBe(true);
  });
});
