// Starting Janus without a Janus: what a caller sees when the binary is missing or dies at once. A real
// Janus runs in videoRoom.test.ts.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { findJanusBinary, startJanus } from '../../src/janus/process';

const options = { apiSecret: 'x', rtpPortRange: [20000, 20009] as const, interface: '10.213.0.1' };

describe('Janus process (apps/media/src/janus/process)', () => {
  afterEach(() => vi.unstubAllEnvs());

  it('finds no binary where JANUS_BINARY points at nothing', () => {
    vi.stubEnv('JANUS_BINARY', '/nonexistent/janus');
    expect(findJanusBinary()).toBeNull();
  });

  it("fails fast with the process's last output when Janus exits before its API answers", async () => {
    const started = Date.now();
    const failure = startJanus({ ...options, binary: '/bin/sh', readyTimeoutMs: 10_000 });
    // `/bin/sh -F <dir>` prints a complaint and exits: it stands for a Janus that cannot start.
    await expect(failure).rejects.toThrow(/exited \(code \d+\) before its API answered[\s\S]*last output/);
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('refuses to start without a binary', async () => {
    vi.stubEnv('JANUS_BINARY', '/nonexistent/janus');
    await expect(startJanus(options)).rejects.toThrow(/janus not found/);
  });
});
