// The mean of a square window of a row-major grid, shared by the ridge-period smoothing of the
// extractor and the blur and grain of the synthetic impressions.

export interface WindowOptions {
  /** The window reaches this many cells to each side of its centre. */
  radius: number;
  /** The centre cell counts this many times (a mild blur weights it above its neighbours). */
  centreWeight?: number;
  /** Leaves out the cells whose value it refuses (e.g. an outlier or a missing measure). */
  keep?: (value: number) => boolean;
  /** Fewer cells than this (outside the grid or refused by `keep`) give NaN. */
  minCount?: number;
}

/** The weighted mean of the window around (x, y); cells outside the grid are left out. */
export function windowMean(
  grid: ArrayLike<number>,
  width: number,
  height: number,
  x: number,
  y: number,
  options: WindowOptions,
): number {
  const { radius, centreWeight = 1, keep, minCount = 1 } = options;
  let sum = 0;
  let weight = 0;
  let count = 0;
  for (let dy = -radius; dy <= radius; dy++) {
    const yy = y + dy;
    if (yy < 0 || yy >= height) continue;
    for (let dx = -radius; dx <= radius; dx++) {
      const xx = x + dx;
      if (xx < 0 || xx >= width) continue;
      const value = grid[yy * width + xx]!;
      if (keep && !keep(value)) continue;
      const w = dx === 0 && dy === 0 ? centreWeight : 1;
      sum += value * w;
      weight += w;
      count++;
    }
  }
  return count >= minCount ? sum / weight : NaN;
}
