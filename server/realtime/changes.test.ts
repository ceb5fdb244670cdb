import { describe, expect, it } from 'vitest';
import { inSlices } from './changes.ts';

describe('inSlices', () => {
  it('hands every item once, in order, in slices of at most the size', async () => {
    const seen: number[][] = [];
    await inSlices([1, 2, 3, 4, 5, 6, 7], 3, async (slice) => void seen.push(slice));
    expect(seen).toEqual([[1, 2, 3], [4, 5, 6], [7]]);
  });

  it('calls nothing for no items', async () => {
    let calls = 0;
    await inSlices([], 3, async () => void calls++);
    expect(calls).toBe(0);
  });

  it('lets the event loop run between slices (a request waiting is served before the next slice)', async () => {
    // An immediate queued before the first slice stands for a request waiting on the event loop.
    let served = false;
    setImmediate(() => (served = true));
    const servedBefore: boolean[] = [];
    await inSlices(
      Array.from({ length: 6 }, (_, i) => i),
      2,
      async () => void servedBefore.push(served),
    );
    expect(servedBefore).toEqual([false, true, true]);
  });

  it('without slicing the same work would not let it run (the check above can fail)', async () => {
    let served = false;
    setImmediate(() => (served = true));
    const servedBefore: boolean[] = [];
    await inSlices(
      Array.from({ length: 6 }, (_, i) => i),
      6,
      async () => void servedBefore.push(served),
    );
    expect(servedBefore).toEqual([false]);
  });
});
