import { describe, expect, it } from 'vitest';
import { platformTestName } from './platform-test-name';

describe('platformTestName', () => {
  it('names a check by its id once, then what it checks', () => {
    expect(platformTestName({ id: 'tool-schemas', title: 'tool schemas: verb_noun names' })).toBe(
      'tool-schemas: verb_noun names',
    );
    expect(platformTestName({ id: 'timeout-group', title: 'stopping: SIGTERM first' })).toBe(
      'timeout-group: stopping: SIGTERM first',
    );
  });
});
