// Phoenix channel frames as realtime-js sends them:
// vsn 2.0.0 → a JSON array [join_ref, ref, topic, event, payload]; vsn 1.0.0 → a JSON object.
export type Vsn = '1.0.0' | '2.0.0';

export interface Frame {
  joinRef: string | null;
  ref: string | null;
  topic: string;
  event: string;
  payload: Record<string, unknown>;
}

export function decodeFrame(text: string, vsn: Vsn): Frame | undefined {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (vsn === '2.0.0') {
    if (!Array.isArray(value) || value.length !== 5) return undefined;
    const [joinRef, ref, topic, event, payload] = value as unknown[];
    if (typeof topic !== 'string' || typeof event !== 'string') return undefined;
    return { joinRef: str(joinRef), ref: str(ref), topic, event, payload: obj(payload) };
  }
  if (typeof value !== 'object' || value === null) return undefined;
  const v = value as Record<string, unknown>;
  if (typeof v.topic !== 'string' || typeof v.event !== 'string') return undefined;
  return {
    joinRef: str(v.join_ref),
    ref: str(v.ref),
    topic: v.topic,
    event: v.event,
    payload: obj(v.payload),
  };
}

export function encodeFrame(frame: Frame, vsn: Vsn): string {
  if (vsn === '2.0.0')
    return JSON.stringify([frame.joinRef, frame.ref, frame.topic, frame.event, frame.payload]);
  return JSON.stringify({
    join_ref: frame.joinRef,
    ref: frame.ref,
    topic: frame.topic,
    event: frame.event,
    payload: frame.payload,
  });
}

const str = (v: unknown) => (v === null || v === undefined ? null : String(v));
const obj = (v: unknown) => (typeof v === 'object' && v !== null ? (v as Record<string, unknown>) : {});
