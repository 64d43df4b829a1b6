import { useEffect } from 'react';
import { VoiceConnection } from './voiceConnection';

/**
 * Voice and video while the Grimoire screen shows a session: leaving the screen ends the connection,
 * which also stops the microphone and camera (spec 2 §4: leaving the Grimoire mutes).
 */
export const useVoiceConnection = (sessionId: string | null, active: boolean, chatServer: string): void =>
  useEffect(() => {
    if (!sessionId || !active) return;
    const connection = new VoiceConnection(sessionId);
    return () => connection.close();
  }, [sessionId, active, chatServer]);
