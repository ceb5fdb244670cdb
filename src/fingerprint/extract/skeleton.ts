/** Binarisation, clean-up and thinning of the enhanced image. */

/** Ridge pixels (1) where the enhanced image is negative, inside the mask. */
export function binarize(enhanced: Float32Array, mask: Uint8Array): Uint8Array {
  const out = new Uint8Array(enhanced.length);
  for (let i = 0; i < out.length; i++) out[i] = mask[i] && enhanced[i]! < 0 ? 1 : 0;
  return out;
}

/** Flip connected components (4-connected) of value `value` smaller than `minSize` pixels. */
export function removeSmall(img: Uint8Array, w: number, h: number, value: 0 | 1, minSize: number): void {
  const seen = new Uint8Array(img.length);
  const comp: number[] = [];
  const visit = (q: number): void => {
    if (!seen[q] && img[q] === value) {
      seen[q] = 1;
      comp.push(q);
    }
  };
  for (let s = 0; s < img.length; s++) {
    if (seen[s] || img[s] !== value) continue;
    comp.length = 0;
    comp.push(s);
    seen[s] = 1;
    let touchesBorder = false;
    for (let i = 0; i < comp.length; i++) {
      const p = comp[i]!;
      const x = p % w;
      const y = (p / w) | 0;
      if (x === 0 || y === 0 || x === w - 1 || y === h - 1) touchesBorder = true;
      if (x > 0) visit(p - 1);
      if (x < w - 1) visit(p + 1);
      if (y > 0) visit(p - w);
      if (y < h - 1) visit(p + w);
    }
    if (comp.length < minSize && !(value === 0 && touchesBorder))
      for (const p of comp) img[p] = value === 1 ? 0 : 1;
  }
}

// Neighbour bit order: N, NE, E, SE, S, SW, W, NW (bits 0..7).
function neighbourBits(img: Uint8Array, w: number, p: number): number {
  return (
    img[p - w]! |
    (img[p - w + 1]! << 1) |
    (img[p + 1]! << 2) |
    (img[p + w + 1]! << 3) |
    (img[p + w]! << 4) |
    (img[p + w - 1]! << 5) |
    (img[p - 1]! << 6) |
    (img[p - w - 1]! << 7)
  );
}

const bit = (n: number, i: number): number => (n >> i) & 1;

/** Number of 0→1 transitions around the 8-neighbourhood. */
function transitions(n: number): number {
  let t = 0;
  for (let i = 0; i < 8; i++) if (!bit(n, i) && bit(n, (i + 1) & 7)) t++;
  return t;
}

function popcount8(n: number): number {
  let c = 0;
  for (let i = 0; i < 8; i++) c += bit(n, i);
  return c;
}

const ZS1 = new Uint8Array(256);
const ZS2 = new Uint8Array(256);
for (let n = 0; n < 256; n++) {
  const b = popcount8(n);
  const a = transitions(n);
  const N = bit(n, 0);
  const E = bit(n, 2);
  const S = bit(n, 4);
  const W = bit(n, 6);
  const ok = b >= 2 && b <= 6 && a === 1;
  ZS1[n] = ok && !(N && E && S) && !(E && S && W) ? 1 : 0;
  ZS2[n] = ok && !(N && E && W) && !(N && S && W) ? 1 : 0;
}

/** Zhang–Suen thinning followed by removal of staircase corners, in place. Border pixels are cleared. */
export function thin(img: Uint8Array, w: number, h: number): void {
  for (let x = 0; x < w; x++) img[x] = img[(h - 1) * w + x] = 0;
  for (let y = 0; y < h; y++) img[y * w] = img[y * w + w - 1] = 0;
  let pixels: number[] = [];
  for (let p = 0; p < img.length; p++) if (img[p]) pixels.push(p);
  const del: number[] = [];
  let changed = true;
  while (changed) {
    changed = false;
    for (const table of [ZS1, ZS2]) {
      del.length = 0;
      for (const p of pixels) if (img[p] && table[neighbourBits(img, w, p)]) del.push(p);
      for (const p of del) img[p] = 0;
      if (del.length) changed = true;
    }
    pixels = pixels.filter((p) => img[p]);
  }
  for (const p of pixels) {
    if (!img[p]) continue;
    const n = neighbourBits(img, w, p);
    const N = bit(n, 0);
    const NE = bit(n, 1);
    const E = bit(n, 2);
    const SE = bit(n, 3);
    const S = bit(n, 4);
    const SW = bit(n, 5);
    const W = bit(n, 6);
    const NW = bit(n, 7);
    if (
      (N && E && !S && !W && !SW) ||
      (E && S && !N && !W && !NW) ||
      (S && W && !N && !E && !NE) ||
      (W && N && !S && !E && !SE)
    )
      img[p] = 0;
  }
}

/** Crossing number of a skeleton pixel: 1 = ridge ending, 2 = ridge, 3 = bifurcation. */
export function crossingNumber(img: Uint8Array, w: number, p: number): number {
  const n = neighbourBits(img, w, p);
  let c = 0;
  for (let i = 0; i < 8; i++) c += bit(n, i) ^ bit(n, (i + 1) & 7);
  return c >> 1;
}

export const NEIGHBOUR_DX = [0, 1, 1, 1, 0, -1, -1, -1];
export const NEIGHBOUR_DY = [-1, -1, 0, 1, 1, 1, 0, -1];
