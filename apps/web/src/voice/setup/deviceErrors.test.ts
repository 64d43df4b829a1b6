import { describe, expect, it } from 'vitest';
import { classifyDeviceError } from './deviceErrors';

const domError = (name: string) => new DOMException('test', name);

describe('setup wizard errors (spec 2 §8: blocked, no devices, capture error)', () => {
  it('calls a refusal by the user or the site settings blocked', () => {
    expect(classifyDeviceError(domError('NotAllowedError'))).toBe('blocked');
    expect(classifyDeviceError(domError('SecurityError'))).toBe('blocked');
    expect(classifyDeviceError({ name: 'PermissionDeniedError' })).toBe('blocked');
  });

  it('calls a missing device, or a chosen one that is gone, no device', () => {
    expect(classifyDeviceError(domError('NotFoundError'))).toBe('no_device');
    expect(classifyDeviceError(domError('OverconstrainedError'))).toBe('no_device');
    // Chrome's OverconstrainedError is a plain object with a name and the constraint, not a DOMException.
    expect(classifyDeviceError({ name: 'OverconstrainedError', constraint: 'deviceId' })).toBe('no_device');
    expect(classifyDeviceError({ name: 'DevicesNotFoundError' })).toBe('no_device');
  });

  it('calls a device that would not start, and anything else, a capture error', () => {
    expect(classifyDeviceError(domError('NotReadableError'))).toBe('capture');
    expect(classifyDeviceError(domError('AbortError'))).toBe('capture');
    expect(classifyDeviceError(new TypeError('bad constraints'))).toBe('capture');
    expect(classifyDeviceError('oops')).toBe('capture');
    expect(classifyDeviceError(null)).toBe('capture');
    expect(classifyDeviceError({ name: 42 })).toBe('capture');
  });
});
