/** Small deterministic PRNG (mulberry32) with helpers. */
export class Random {
  private state: number;
  constructor(seed: number) {
    this.state = (seed ^ 0x9e3779b9) >>> 0;
    for (let i = 0; i < 4; i++) this.next();
  }
  /** Uniform in [0, 1). */
  next(): number {
    let t = (this.state = (this.state + 0x6d2b79f5) >>> 0);
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }
  range(lo: number, hi: number): number {
    return lo + (hi - lo) * this.next();
  }
  int(lo: number, hi: number): number {
    return Math.floor(this.range(lo, hi + 1));
  }
  gaussian(): number {
    const u = Math.max(1e-12, this.next());
    return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * this.next());
  }
}

/** A smooth random field: a sum of a few random low-frequency cosines, values roughly in [-1, 1]. */
export class SmoothField {
  private readonly fx: number[] = [];
  private readonly fy: number[] = [];
  private readonly ph: number[] = [];
  private readonly amp: number[] = [];
  constructor(rng: Random, wavelength: number, terms = 4) {
    for (let i = 0; i < terms; i++) {
      const a = rng.range(0, 2 * Math.PI);
      const k = (2 * Math.PI) / (wavelength * rng.range(0.7, 1.4));
      this.fx.push(Math.cos(a) * k);
      this.fy.push(Math.sin(a) * k);
      this.ph.push(rng.range(0, 2 * Math.PI));
      this.amp.push(1 / Math.sqrt(terms));
    }
  }
  at(x: number, y: number): number {
    let s = 0;
    for (let i = 0; i < this.fx.length; i++)
      s += this.amp[i]! * Math.cos(this.fx[i]! * x + this.fy[i]! * y + this.ph[i]!);
    return s;
  }
}
