/** Fingerprint engine: decode → extract → template → compare / identify / enrol; synthetic fingers. */
export * from './messages.ts';
export { fromRaw, type GrayImage } from './image.ts';
export {
  decodeImage,
  decodeBase64Image,
  decodeTiff,
  decodeBmp,
  decodePng,
  encodeTiff,
  encodeBmp,
  encodePng,
} from './decode/index.ts';
export { extract, extractWithDebug, type ExtractOptions } from './extract/index.ts';
export { MinutiaType, type Minutia, type Template } from './template/types.ts';
export { encodeTemplate, decodeTemplate, templateToBase64, templateFromBase64 } from './template/binary.ts';
export { toIso, fromIso } from './template/iso.ts';
export { compare, compareDetail, prepareProbe, Matcher, pack, buildProbeIndex } from './match/index.ts';
export { calibrate } from './match/calibration.ts';
export { Gallery, type GalleryEntry, type GalleryData, type IdentifyResult } from './identify/gallery.ts';
export { ShardedIdentifier, createBrowserIdentifier, type WorkerFactory } from './identify/pool.ts';
export { enrol, type Enrolment, type EnrolOptions } from './enrol/enrol.ts';
export {
  generateMaster,
  renderImpression,
  syntheticImpression,
  syntheticFinger,
  randomImpressionOptions,
  enrolmentImpressions,
} from './synth/index.ts';
export { errorRates, median } from './metrics.ts';
