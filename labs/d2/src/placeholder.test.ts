import { expect, it } from 'vitest';
import { placeholder } from './placeholder';

it('returns done', () => {
  expect(placeholder()).toBe('done');
});
