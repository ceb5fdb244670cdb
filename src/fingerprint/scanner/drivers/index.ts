// The capture drivers behind one interface, and which one this device uses (remembered per
// device in localStorage: a kiosk tablet with a SecuGen reader keeps using it).
import { ImageFileDriver } from './file.ts';
import { SecuGenDriver } from './secugen.ts';
import { SimulatorDriver } from './simulator.ts';
import { isDriverKind, type CaptureDriver, type DriverKind } from './types.ts';

export * from './types.ts';
export { SimulatorDriver, unknownFingerSeed } from './simulator.ts';
export { ImageFileDriver } from './file.ts';
export { SecuGenDriver, SECUGEN_URL, secugenError } from './secugen.ts';

export const DRIVER_STORAGE_KEY = 'pointage.scanner.driver';

export function createDriver(kind: DriverKind): CaptureDriver {
  switch (kind) {
    case 'simulator':
      return new SimulatorDriver();
    case 'file':
      return new ImageFileDriver();
    case 'secugen':
      return new SecuGenDriver();
  }
}

/** The device's remembered driver, else the simulator when it is allowed, else the SecuGen reader. */
export function rememberedDriver(
  simulatorAllowed: boolean,
  storage: Pick<Storage, 'getItem'> | null,
): DriverKind {
  const stored = storage?.getItem(DRIVER_STORAGE_KEY);
  if (isDriverKind(stored) && (stored !== 'simulator' || simulatorAllowed)) return stored;
  return simulatorAllowed ? 'simulator' : 'secugen';
}

export function rememberDriver(kind: DriverKind, storage: Pick<Storage, 'setItem'> | null): void {
  storage?.setItem(DRIVER_STORAGE_KEY, kind);
}
