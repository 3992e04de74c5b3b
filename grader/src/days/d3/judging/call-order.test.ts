import { describe, expect, it } from 'vitest';
import { describeFedBack } from './call-order';

describe('describeFedBack', () => {
  it('says each result by its tool and size, in order', () => {
    expect(
      describeFedBack([
        { name: 'glob', chars: 50 },
        { name: 'grep', chars: 361 },
      ]),
    ).toBe('glob (50), grep (361)');
    expect(describeFedBack([])).toBe('no tool results');
  });

  it('says a run of identical results once, with its count, and keeps apart runs apart', () => {
    const nameless = { name: '<call without a name>', chars: 57 };
    expect(
      describeFedBack([
        { name: 'glob', chars: 185 },
        ...Array(7).fill(nameless),
        { name: 'grep', chars: 194 },
        nameless,
        { name: 'glob', chars: 185 },
        { name: 'glob', chars: 186 },
      ]),
    ).toBe(
      'glob (185), <call without a name> (57) ×7, grep (194), <call without a name> (57), glob (185), glob (186)',
    );
  });
});
