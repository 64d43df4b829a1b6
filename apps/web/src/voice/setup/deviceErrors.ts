/**
 * Spec 2 §8: the setup wizard says per step what went wrong — the device is blocked, there is none, or
 * it would not start — because each asks the user for something different (allow it in the browser,
 * plug one in, close the other app holding it). `unsupported`: the page gets no media devices at all
 * (an old browser, or a plain http address, where browsers hide them).
 */
export type DeviceProblem = 'blocked' | 'no_device' | 'capture' | 'unsupported';

export const DEVICE_PROBLEMS: readonly DeviceProblem[] = ['blocked', 'no_device', 'capture', 'unsupported'];

/** Names browsers give a refusal by the user, the site settings or the page's policy (older Chrome too). */
const BLOCKED = new Set(['NotAllowedError', 'SecurityError', 'PermissionDeniedError']);
/**
 * No device, or the chosen one is gone: an exact deviceId that no longer matches fails as overconstrained
 * (Chrome throws an OverconstrainedError, which is no DOMException; only the name is reliable).
 */
const MISSING = new Set([
  'NotFoundError',
  'OverconstrainedError',
  'DevicesNotFoundError',
  'ConstraintNotSatisfiedError',
]);

/** What getUserMedia's failure means to the user; anything unknown is a capture error. */
export const classifyDeviceError = (error: unknown): DeviceProblem => {
  const name =
    error && typeof error === 'object' && 'name' in error && typeof error.name === 'string' ? error.name : '';
  if (BLOCKED.has(name)) return 'blocked';
  if (MISSING.has(name)) return 'no_device';
  return 'capture';
};
