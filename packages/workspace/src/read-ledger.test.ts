import { describe, expect, it } from 'vitest';
import { fingerprintBytes } from './file-fingerprint';
import { createReadLedger } from './read-ledger';

describe('createReadLedger', () => {
  it('remembers the last fingerprint per path, under one spelling of the path', () => {
    const ledger = createReadLedger();
    const first = fingerprintBytes(Buffer.from('one'));
    const second = fingerprintBytes(Buffer.from('two'));
    expect(ledger.lookup('src/a.js')).toBeUndefined();
    ledger.record({ path: 'src/./a.js', fingerprint: first });
    expect(ledger.lookup('src/a.js')).toEqual(first);
    ledger.record({ path: 'src/a.js', fingerprint: second });
    expect(ledger.lookup('src/lib/../a.js')).toEqual(second);
    ledger.forget('src/a.js');
    expect(ledger.lookup('src/a.js')).toBeUndefined();
  });

  it('keeps each ledger apart: another conversation has read nothing', () => {
    const one = createReadLedger();
    one.record({ path: 'a.js', fingerprint: fingerprintBytes(Buffer.from('a')) });
    expect(createReadLedger().lookup('a.js')).toBeUndefined();
  });
});
