/**
 * Messages, error codes and tunable constants of the fingerprint engine, in one place.
 */

export type FingerprintErrorCode =
  | 'unknown-format'
  | 'truncated'
  | 'unsupported'
  | 'too-small'
  | 'too-large'
  | 'blank-image'
  | 'too-few-minutiae'
  | 'bad-argument'
  | 'corrupt-template'
  | 'inconsistent-impressions'
  | 'duplicate-finger';

export const MESSAGES: Record<FingerprintErrorCode, string> = {
  'unknown-format': 'The file is not a supported image (TIFF, BMP, PNG or raw greyscale).',
  truncated: 'The file is truncated or its headers point outside the data.',
  unsupported: 'This image encoding is not supported (use uncompressed 8-bit TIFF, 8/24/32-bit BMP or PNG).',
  'too-small': 'The image is too small to hold a fingerprint.',
  'too-large': 'The image is too large for a fingerprint scan.',
  'blank-image': 'No finger was found in the image (blank or uniform image).',
  'too-few-minutiae': 'Too few ridge features were found: place the finger flat and press a little harder.',
  'bad-argument': 'Invalid argument.',
  'corrupt-template': 'The fingerprint template is corrupt or truncated.',
  'inconsistent-impressions': 'The impressions do not match each other: place the same finger again.',
  'duplicate-finger': 'This finger is already enrolled for another person.',
};

/** Typed error of every public function of the library. `detail` says what exactly was wrong. */
export class FingerprintError extends Error {
  readonly code: FingerprintErrorCode;
  readonly detail: string | undefined;
  constructor(code: FingerprintErrorCode, detail?: string) {
    super(detail ? `${MESSAGES[code]} (${detail})` : MESSAGES[code]);
    this.name = 'FingerprintError';
    this.code = code;
    this.detail = detail;
  }
}

/** Internal working resolution of the extractor. */
export const TARGET_DPI = 500;
/** Smallest accepted image side, in pixels at 500 dpi (about 5 mm). */
export const MIN_IMAGE_SIDE = 96;
/** Largest accepted image side, in pixels (before rescaling). */
export const MAX_IMAGE_SIDE = 4096;
/** Largest number of minutiae kept in a template. */
export const MAX_MINUTIAE = 100;
/** Fewest minutiae for a usable template. */
export const MIN_MINUTIAE = 8;

/**
 * Decision threshold on the calibrated score. The score is -10·log10(FMR) as estimated from impostor
 * comparisons, so 40 ≈ one false match in 10,000 impostor comparisons (see README: calibration).
 */
export const MATCH_THRESHOLD = 40;
/** Enrolment: every pair of the three impressions must score at least this. */
export const ENROL_CONSISTENCY_THRESHOLD = 30;

/** Tunable constants of the extractor (pixels at 500 dpi unless said otherwise). */
export const EXTRACTION = {
  /** Block size of the orientation / period / mask grid. */
  BLOCK: 8,
  /** Foreground blocks need this smoothed orientation coherence (0–1)… */
  MIN_COHERENCE: 0.2,
  /** …and a contrast above this share of the 95th-percentile block contrast (and ≥ 6 grey levels). */
  CONTRAST_SHARE: 0.3,
  /** Gabor envelope: σ across the ridges and along them, as shares of the local ridge period. */
  GABOR_SIGMA_ACROSS: 0.3,
  GABOR_SIGMA_ALONG: 0.5,
  /** Longest branch trace from a minutia. */
  TRACE_MAX: 24,
  /** Direction: from the minutia to the ridge point this many steps away. */
  DIRECTION_STEPS: 16,
  /** Ending ↔ bifurcation closer than this along the ridge: a spur (both removed). */
  SPUR_LENGTH: 14,
  /** Ending ↔ ending along the ridge: a short fragment or dot. */
  FRAGMENT_LENGTH: 22,
  /** Bifurcation ↔ bifurcation: a bridge or a hole. */
  BRIDGE_LENGTH: 12,
  /** Bifurcation pixels this close are one junction. */
  MERGE_LENGTH: 2,
  /** Two endings facing each other across a gap this short: a broken ridge. */
  GAP_DISTANCE: 18,
  /**
   * Minutiae closer than this to the background are dropped. 12 rather than 14 keeps the minutiae
   * near the edge of a small or dry press, where it overlaps the enrolled impressions least: one-press
   * FNIR on FVC2002 at 500 people 8 % → 6.5 %, with generated strangers' tail unchanged (bench:fingerprint).
   */
  BORDER_DISTANCE: 12,
  /** A minutia with two others within this radius is part of a noisy cluster. */
  CLUSTER_RADIUS: 9,
} as const;

/** Tunable constants of the comparison. */
export const MATCHING = {
  /** Neighbours per minutia in the edge table, and the shortest edge kept. */
  NEIGHBOURS: 9,
  MIN_EDGE: 8,
  /** Largest number of minutiae per template the matcher reads. */
  MAX_PACKED_MINUTIAE: 128,
  /** Edge hash: length bin (px), angle bins per turn, longest probe edge hashed. */
  LEN_BIN: 16,
  ANG_BINS: 16,
  MAX_HASH_LEN: 160,
  /** Edge tolerance: LEN_TOL_BASE px + LEN_TOL_SLOPE × length; each relative angle ± ANG_TOL. */
  LEN_TOL_BASE: 5,
  LEN_TOL_SLOPE: 0.07,
  /**
   * 0.18 rad (10°) rather than π/14 (13°): fewer chance edge matches between strangers, so the false
   * match tail falls faster. At the roster threshold for 500 people, FVC2002 one-press FNIR 13 → 9 of
   * 200 and generated strangers 1 → 0 false matches in 5,000 (bench:fingerprint).
   */
  ANG_TOL: 0.18,
  /** Root pairs tried per comparison (highest priority first), root hits collected at most. */
  MAX_ROOTS: 40,
  MAX_ROOT_HITS: 600,
  /** Priority bonus of a root pair per extra edge hit. */
  VOTE_WEIGHT: 1,
  /** Global check: a pair is an inlier within INLIER_DISTANCE + INLIER_SLOPE × (distance from the centroid) and INLIER_ANGLE. */
  INLIER_DISTANCE: 8,
  INLIER_SLOPE: 0.04,
  INLIER_ANGLE: Math.PI / 6,
  /** Raw score weights: inlier pairs, supporting edges, paired fraction, type agreement. */
  W_PAIRS: 1,
  W_SUPPORT: 0.6,
  W_FRACTION: 12,
  W_TYPE: 0.3,
  /**
   * Minutia Cylinder-Code (match/cylinders.ts), the paper's constants: radius (px), cells across,
   * direction bins, spatial and directional σ, the contribution at which a cell's bit is set, how far
   * outside the minutiae's hull a cell still counts, the share of valid cells and the neighbours a
   * cylinder needs, the share of common cells two cylinders need, their largest direction difference,
   * the pairs averaged (MIN_PAIRS … MAX_PAIRS by template size), the comparable minutiae below which the
   * score is scaled down, and the relaxation.
   */
  CYLINDER: {
    RADIUS: 70,
    CELLS: 16,
    DIRECTIONS: 6,
    SIGMA_S: 28 / 3,
    SIGMA_D: (2 * Math.PI) / 9,
    SET_AT: 0.01,
    OUTSIDE: 50,
    MIN_VALID_CELLS: 0.75,
    MIN_NEIGHBOURS: 2,
    MIN_COMMON_CELLS: 0.33,
    MAX_TURN: Math.PI / 2,
    MIN_PAIRS: 4,
    MAX_PAIRS: 12,
    FULL_SIZE: 16,
    PAIRS_MU: 20,
    PAIRS_TAU: 0.4,
    RELAX_DISTANCE: 5,
    RELAX_ANGLE: Math.PI / 12,
    RELAX_ROUNDS: 5,
    RELAX_KEEP: 0.5,
  },
  /** Fused raw score = edge-table raw score + CYLINDER_WEIGHT × cylinder score (match/fusion.ts). */
  CYLINDER_WEIGHT: 1500,
} as const;

/**
 * Identification: the screening pass looks up SCREEN_EDGES nearest edges per candidate minutia and
 * tries SCREEN_ROOTS roots; the best SHORTLIST candidates are then compared in full.
 */
export const IDENTIFICATION = {
  SCREEN_EDGES: 5,
  SCREEN_ROOTS: 10,
  SHORTLIST: 24,
} as const;
