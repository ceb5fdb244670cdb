import { describe, expect, it } from 'vitest';
import { keepUntilLogin, takePending, type CapturedFinger } from './capture.ts';

const capture: CapturedFinger = {
  finger: 'right_index',
  templates: ['a', 'b', 'c'],
  quality: 70,
  consentVersion: 'v1',
};

describe('a capture waiting for the first login', () => {
  it('is taken once, by the same e-mail, within the hour', () => {
    keepUntilLogin(' Ada@Acme.test ', capture, 0);
    expect(takePending('someone@else.test', 1000)).toBeNull();
    expect(takePending('ada@acme.test', 1000)).toBe(capture);
    expect(takePending('ada@acme.test', 2000)).toBeNull();
  });

  it('expires after an hour', () => {
    keepUntilLogin('ada@acme.test', capture, 0);
    expect(takePending('ada@acme.test', 61 * 60 * 1000)).toBeNull();
  });
});
