import { describe, expect, it } from 'vitest';
import { createScriptedPerson } from './create-scripted-person';

describe('createScriptedPerson', () => {
  it('sends its lines in order, echoed, and presses Ctrl-C on the piece its line names', async () => {
    const shown: string[] = [];
    const { person, saw } = createScriptedPerson({
      lines: [{ text: 'one' }, { text: 'two', interruptAfterPieces: 2 }],
      write: (text) => shown.push(text),
    });
    const one = await person.nextLine();
    saw({ type: 'text-delta', text: 'a' });
    saw({ type: 'text-delta', text: 'b' });
    expect(one?.signal.aborted).toBe(false);
    const two = await person.nextLine();
    saw({ type: 'text-delta', text: '' });
    saw({ type: 'text-delta', text: 'a' });
    expect(two?.signal.aborted).toBe(false);
    saw({ type: 'text-delta', text: 'b' });
    expect(two?.signal.aborted).toBe(true);
    expect(await person.nextLine()).toBeUndefined();
    expect(shown.join('')).toBe('? one\n? two\n^C');
  });

  it('sends the typed question instead of its first line', async () => {
    const { person } = createScriptedPerson({
      lines: [{ text: 'scripted' }, { text: 'second' }],
      write: () => {},
      first: 'typed',
    });
    expect((await person.nextLine())?.text).toBe('typed');
    expect((await person.nextLine())?.text).toBe('second');
  });
});
