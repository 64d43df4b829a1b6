import { describe, expect, it } from 'vitest';
import { ClockOffsetEstimator, MAX_SAMPLES, roundTrip, SAMPLE_MAX_AGE_MS, sampleOffset } from './serverClock';

const at = (time: number) => () => time;

describe('sampleOffset (NTP style: serverTime − (sent + received) / 2)', () => {
  it('is exact when both ways take equally long', () => {
    // The server is 5000 ms ahead; 40 ms each way: sent 1000, server answers at 1040 + 5000, back at 1080.
    const sample = { sent: 1000, received: 1080, serverTime: 6040 };
    expect(roundTrip(sample)).toBe(80);
    expect(sampleOffset(sample)).toBe(5000);
  });

  it('is off by at most half the round trip when the ways differ', () => {
    // 10 ms out, 70 ms back: the true offset is 5000; the estimate is off by 30 (< 80 / 2).
    const sample = { sent: 1000, received: 1080, serverTime: 1010 + 5000 };
    expect(sampleOffset(sample)).toBe(4970);
  });
});

describe('ClockOffsetEstimator', () => {
  it('has no offset before the first answer', () => {
    const clock = new ClockOffsetEstimator(at(0));
    expect(clock.offset()).toBeNull();
    expect(clock.roundTrip()).toBeNull();
  });

  it('keeps the sample with the smallest round trip', () => {
    const clock = new ClockOffsetEstimator(at(10_000));
    clock.add({ sent: 1000, received: 1300, serverTime: 1300 }); // rtt 300, offset 150
    clock.add({ sent: 2000, received: 2020, serverTime: 2510 }); // rtt 20, offset 500
    clock.add({ sent: 3000, received: 3100, serverTime: 3000 }); // rtt 100, offset −50
    expect(clock.roundTrip()).toBe(20);
    expect(clock.offset()).toBe(500);
  });

  it('ignores impossible samples (negative round trip, no number)', () => {
    const clock = new ClockOffsetEstimator(at(0));
    clock.add({ sent: 2000, received: 1000, serverTime: 0 });
    clock.add({ sent: 0, received: 10, serverTime: Number.NaN });
    expect(clock.size).toBe(0);
  });

  it(`forgets samples older than ${SAMPLE_MAX_AGE_MS / 60_000} minutes, but always keeps the newest`, () => {
    let now = 0;
    const clock = new ClockOffsetEstimator(() => now);
    clock.add({ sent: 0, received: 10, serverTime: 1005 }); // rtt 10, offset 1000
    now = 60_000;
    clock.add({ sent: 60_000, received: 60_200, serverTime: 62_100 }); // rtt 200, offset 2000
    expect(clock.offset()).toBe(1000);
    // 10 minutes after the first sample it gives way to the newer one, though its round trip was longer.
    now = SAMPLE_MAX_AGE_MS + 30_000;
    clock.add({ sent: now, received: now + 400, serverTime: now + 200 + 3000 }); // rtt 400, offset 3000
    expect(clock.offset()).toBe(2000);
    now += SAMPLE_MAX_AGE_MS * 2;
    clock.add({ sent: now, received: now + 500, serverTime: now + 250 + 4000 });
    expect(clock.size).toBe(1);
    expect(clock.offset()).toBe(4000);
  });

  it(`keeps at most ${MAX_SAMPLES} samples`, () => {
    const clock = new ClockOffsetEstimator(at(0));
    for (let i = 0; i < 40; i++) clock.add({ sent: 0, received: 40 - i, serverTime: 0 });
    expect(clock.size).toBe(MAX_SAMPLES);
    expect(clock.roundTrip()).toBe(1);
  });

  it('starts afresh after clear()', () => {
    const clock = new ClockOffsetEstimator(at(0));
    clock.add({ sent: 0, received: 10, serverTime: 5 });
    clock.clear();
    expect(clock.offset()).toBeNull();
  });
});
