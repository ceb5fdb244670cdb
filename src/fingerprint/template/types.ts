/** Minutia type: ridge ending or bifurcation (ISO codes 1 and 2; 0 = other/unknown). */
export const MinutiaType = { other: 0, ending: 1, bifurcation: 2 } as const;
export type MinutiaType = (typeof MinutiaType)[keyof typeof MinutiaType];

/**
 * One minutia, in pixels of the 500 dpi image, y downwards. `angle` is in radians in [0, 2π), measured
 * in image coordinates (atan2(dy, dx), so clockwise on screen), pointing into the ridge for an ending
 * and into the valley between the two branches for a bifurcation.
 */
export interface Minutia {
  x: number;
  y: number;
  angle: number;
  type: MinutiaType;
  /** 0–100 */
  quality: number;
}

/** A fingerprint template: what is stored, compared and exported. */
export interface Template {
  /** Image size at 500 dpi. */
  width: number;
  height: number;
  /** Always 500 for templates we extract; ISO imports are rescaled to 500 dpi. */
  dpi: number;
  /** 0–100 */
  quality: number;
  minutiae: Minutia[];
}
