// The even-symmetric Gabor kernel both the extractor (enhancement, extract/enhance.ts) and the
// finger generator (ridges grown from seeds, synth/master.ts) filter with. Built once per orientation
// and period and cached by its caller, so nothing here runs per pixel.

/** Taps as offsets from the centre pixel with their weights. */
export interface GaborKernel {
  dx: Int8Array;
  dy: Int8Array;
  weight: Float32Array;
}

export interface GaborShape {
  /** Taps lie within [−radius, radius]² of the centre. */
  radius: number;
  /** Envelope σ across the ridges and along them, px. */
  sigmaAcross: number;
  sigmaAlong: number;
  /** Taps whose envelope is below this are left out. */
  cutoff: number;
  /** The weights' absolute values add up to this. */
  gain: number;
}

/**
 * A cosine across ridges of direction `theta` (radians) and `period` (px) under a Gaussian envelope,
 * with its mean response removed so that a flat area gives 0.
 */
export function gaborKernel(theta: number, period: number, shape: GaborShape): GaborKernel {
  const { radius, sigmaAcross: su, sigmaAlong: sv, cutoff, gain } = shape;
  const tx = Math.cos(theta);
  const ty = Math.sin(theta);
  const dxs: number[] = [];
  const dys: number[] = [];
  const ws: number[] = [];
  const env: number[] = [];
  for (let dy = -radius; dy <= radius; dy++)
    for (let dx = -radius; dx <= radius; dx++) {
      const u = -dx * ty + dy * tx; // across the ridges
      const v = dx * tx + dy * ty; // along the ridges
      const e = Math.exp(-(u * u) / (2 * su * su) - (v * v) / (2 * sv * sv));
      if (e < cutoff) continue;
      dxs.push(dx);
      dys.push(dy);
      env.push(e);
      ws.push(e * Math.cos((2 * Math.PI * u) / period));
    }
  // Remove the DC response so that flat areas give 0.
  const sw = ws.reduce((a, b) => a + b, 0);
  const se = env.reduce((a, b) => a + b, 0);
  let norm = 0;
  for (let i = 0; i < ws.length; i++) {
    ws[i] = ws[i]! - (env[i]! * sw) / se;
    norm += Math.abs(ws[i]!);
  }
  return {
    dx: Int8Array.from(dxs),
    dy: Int8Array.from(dys),
    weight: Float32Array.from(ws, (x) => (x / norm) * gain),
  };
}
