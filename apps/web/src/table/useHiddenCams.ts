import { useEffect } from 'react';
import { hideCams } from '../session/gameActions';
import { useVoiceStore } from '../voice';

/**
 * Spec 3 §3 hidden cams are the user's choice, kept in this browser; the game server needs it so the
 * chat server sends no camera the user chose not to see. Told on joining a session and on each change
 * (a choice the server already has changes nothing there).
 */
export const useHiddenCams = (sessionId: string | null, active: boolean): void => {
  const townSquare = useVoiceStore((s) => s.hideTownSquareCams);
  const inPrivate = useVoiceStore((s) => s.hidePrivateCams);
  const reveal = useVoiceStore((s) => s.hideRevealCams);
  useEffect(() => {
    if (!sessionId || !active) return;
    void hideCams({ townSquare, private: inPrivate, reveal });
  }, [sessionId, active, townSquare, inPrivate, reveal]);
};
