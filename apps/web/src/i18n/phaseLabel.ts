/** An i18n key with its count, so the label is translated where it is shown. */
export interface PhaseLabel {
  key: 'phase.waiting' | 'phase.start' | 'phase.night' | 'phase.day';
  count: number;
}

/** Spec 1 §4 "Phases": odd phases are nights (number ⌈phase/2⌉), even ones days (⌊phase/2⌋), 0 the start. */
export const phaseLabel = (isRunning: boolean, phase: number): PhaseLabel => {
  if (!isRunning) return { key: 'phase.waiting', count: 0 };
  if (phase <= 0) return { key: 'phase.start', count: 0 };
  return phase % 2 === 1
    ? { key: 'phase.night', count: Math.ceil(phase / 2) }
    : { key: 'phase.day', count: Math.floor(phase / 2) };
};
