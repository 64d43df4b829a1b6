import { useEffect, useState } from 'react';
import { classifyDeviceError, type DeviceProblem } from './deviceErrors';

export interface TestStream {
  stream: MediaStream | null;
  problem: DeviceProblem | null;
  /** Neither a stream nor a problem yet. */
  pending: boolean;
  retry: () => void;
}

const stop = (stream: MediaStream | null) => stream?.getTracks().forEach((track) => track.stop());

/**
 * The wizard's own capture of a microphone or camera, for the meter and the preview. It never reaches
 * the call (the connection opens its own), and its tracks stop as soon as the constraints change, the
 * step closes or the dialogue does, so no camera light stays on. `constraints` null: open nothing.
 */
export const useTestStream = (constraints: MediaStreamConstraints | null): TestStream => {
  const [attempt, setAttempt] = useState(0);
  const key = constraints ? JSON.stringify(constraints) : null;
  const tag = `${attempt}:${key}`;
  // Tagged with what it was opened for, so a stale result never shows while the next one opens.
  const [result, setResult] = useState<{ tag: string; stream: MediaStream | null; problem: DeviceProblem | null }>();
  const supported = typeof navigator !== 'undefined' && !!navigator.mediaDevices?.getUserMedia;

  useEffect(() => {
    if (key === null || !supported) return;
    let live = true;
    let opened: MediaStream | null = null;
    const ended = () => live && setResult({ tag, stream: null, problem: 'capture' });
    navigator.mediaDevices.getUserMedia(JSON.parse(key) as MediaStreamConstraints).then(
      (stream) => {
        if (!live) return stop(stream);
        opened = stream;
        // A device unplugged or taken by the system ends its track: say so rather than show a frozen picture.
        for (const track of stream.getTracks()) track.addEventListener('ended', ended);
        setResult({ tag, stream, problem: null });
      },
      (error: unknown) => live && setResult({ tag, stream: null, problem: classifyDeviceError(error) }),
    );
    return () => {
      live = false;
      for (const track of opened?.getTracks() ?? []) track.removeEventListener('ended', ended);
      stop(opened);
    };
  }, [key, tag, supported]);

  const current = result?.tag === tag ? result : null;
  if (key !== null && !supported) return { stream: null, problem: 'unsupported', pending: false, retry: () => {} };
  return {
    stream: current?.stream ?? null,
    problem: current?.problem ?? null,
    pending: key !== null && !current,
    retry: () => setAttempt((n) => n + 1),
  };
};
