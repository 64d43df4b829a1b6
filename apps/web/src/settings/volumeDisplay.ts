/**
 * Spec 3 §9: the volume is shown on a logarithmic scale multiplied by 15, so the steps a listener
 * hears as equal look equal: 0 shows 0, full volume shows 15 (log10 of 1 + 9 × volume, times 15).
 */
export const volumeLevel = (volume: number): number => Math.round(Math.log10(1 + 9 * Math.max(0, volume)) * 15);

export const volumeDisplay = (volume: number): string => String(volumeLevel(volume));
