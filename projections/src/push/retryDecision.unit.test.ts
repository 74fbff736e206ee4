import { describe, expect, it } from 'vitest';
import { pushFamilies } from './families.ts';
import { mayRetry } from './retryDecision.ts';

const flagFamilies = ['ocean', 'terminal', 'air', 'changes'] as const;
const expressFamilies = ['express', 'express-map'] as const;

describe('whether a failed push is tried again (§8 retriable, §9 express)', () => {
  it.each(flagFamilies)(
    'given %s, when the receiver replied retriable:true, then it is retried',
    (family) => {
      expect(mayRetry(family, { kind: 'reply', retriable: true })).toBe(true);
    },
  );

  it.each(flagFamilies)(
    'given %s, when the receiver replied without retriable:true (false, missing, not a boolean), then it is pushed only once',
    (family) => {
      expect(mayRetry(family, { kind: 'reply', retriable: false })).toBe(false);
      expect(mayRetry(family, { kind: 'reply', retriable: undefined })).toBe(false);
      expect(mayRetry(family, { kind: 'reply', retriable: 'true' })).toBe(false);
    },
  );

  it.each(expressFamilies)(
    'given %s, whose reply has no retriable (§3), when it replied a failure, then §9’s two retries follow',
    (family) => {
      expect(mayRetry(family, { kind: 'reply', retriable: undefined })).toBe(true);
    },
  );

  it.each(expressFamilies)(
    'given %s, when the reply says retriable:false anyway, then it is honoured',
    (family) => {
      expect(mayRetry(family, { kind: 'reply', retriable: false })).toBe(false);
    },
  );

  it.each(pushFamilies)(
    'given %s, when the receiver gave no reply (timeout, connection failure), then the family’s schedule retries',
    (family) => {
      expect(mayRetry(family, { kind: 'no-reply' })).toBe(true);
    },
  );

  it.each(pushFamilies)(
    'given %s, when a late reply says retriable:false, then it is not retried',
    (family) => {
      expect(mayRetry(family, { kind: 'no-reply', retriable: false })).toBe(false);
    },
  );

  it.each(pushFamilies)(
    'given %s, when the callback target was refused, then it is never retried',
    (family) => {
      expect(mayRetry(family, { kind: 'refused' })).toBe(false);
    },
  );
});
