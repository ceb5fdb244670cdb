import { describe, expect, it } from 'vitest';
import { isTrustedEvent, readHostMessage, readScannerMessage, scannerUrl } from './protocol.ts';

const ORIGIN = 'https://pointage.example';
const frame = {} as MessageEventSource;
const other = {} as MessageEventSource;

describe('scanner message protocol', () => {
  it('accepts a message only from the same origin and the expected window', () => {
    expect(isTrustedEvent({ origin: ORIGIN, source: frame }, frame, ORIGIN)).toBe(true);
    expect(isTrustedEvent({ origin: 'https://evil.example', source: frame }, frame, ORIGIN)).toBe(false);
    expect(isTrustedEvent({ origin: ORIGIN, source: other }, frame, ORIGIN)).toBe(false);
    expect(isTrustedEvent({ origin: 'null', source: frame }, frame, ORIGIN)).toBe(false);
  });

  it('the host reads only scanner messages, the scanner only host messages', () => {
    const result = {
      type: 'fingerprint-attendance',
      status: 'matched',
      action: 'check-in',
      employee: null,
      score: 50,
    };
    expect(readScannerMessage({ origin: ORIGIN, source: frame, data: result }, frame, ORIGIN)).toEqual(
      result,
    );
    expect(
      readScannerMessage({ origin: ORIGIN, source: frame, data: { type: 'start' } }, frame, ORIGIN),
    ).toBeNull();
    expect(readScannerMessage({ origin: ORIGIN, source: frame, data: 'matched' }, frame, ORIGIN)).toBeNull();
    const start = { type: 'start', mode: 'attendance', action: 'check-out' };
    expect(readHostMessage({ origin: ORIGIN, source: frame, data: start }, frame, ORIGIN)).toEqual(start);
    expect(
      readHostMessage({ origin: 'https://evil.example', source: frame, data: start }, frame, ORIGIN),
    ).toBeNull();
    expect(readHostMessage({ origin: ORIGIN, source: frame, data: result }, frame, ORIGIN)).toBeNull();
  });

  it('names the mode in the URL as the spec does', () => {
    expect(scannerUrl('attendance')).toBe('/fingerprint/index.html?mode=attendance');
    expect(scannerUrl('attendance', 'check-out')).toBe(
      '/fingerprint/index.html?mode=attendance&action=check-out',
    );
  });
});
