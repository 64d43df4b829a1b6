import { describe, expect, it } from 'vitest';
import en from '../../i18n/en.json';
import { DEVICE_PROBLEMS } from './deviceErrors';

const setup = en.voice.setup as Record<string, string>;

/** The wizard builds some of its keys from the device and the problem; the literal-key test cannot see those. */
describe('setup wizard texts', () => {
  it('exist for every device, state and problem', () => {
    const keys = ['mic', 'cam'].flatMap((device) => [
      `${device}_device`,
      `${device}_n`,
      `${device}_unplugged`,
      `${device}_pending`,
      `${device}_ok`,
      ...[...DEVICE_PROBLEMS, 'missing'].flatMap((problem) => [`${device}_${problem}`, `${device}_${problem}_help`]),
      ...['mic', 'cam', 'receive'].map((step) => `step_${step}`),
    ]);
    expect(keys.filter((key) => typeof setup[key] !== 'string')).toEqual([]);
    expect(setup.mic_n).toContain('{{n}}');
  });
});
