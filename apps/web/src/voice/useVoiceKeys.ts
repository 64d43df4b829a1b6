import { useEffect } from 'react';
import { useShortcuts } from '../session/useShortcuts';
import { currentBindings } from '../ui/keybindings';
import { normalizeKey } from '../ui/shortcuts';
import { setVoicePrefs, talk, toggleDeafen, useVoiceStore } from './voiceStore';

/** The talk keys of push-to-talk: the microphone's own keys (spec 3 §9 "." mute mic, as bound now), held. */
const isTalkKey = (key: string): boolean => currentBindings().muteMic.includes(normalizeKey(key));

/**
 * Spec 3 §9: "." mutes the microphone, "," the camera, "d" deafens (or the keys the user bound). With push-to-talk on, the mute
 * is inert (spec 2 §4) and "." is held to talk instead; letting go, or leaving the window, ends it
 * after the grace.
 */
export const useVoiceKeys = (): void => {
  useShortcuts((action) => {
    const voice = useVoiceStore.getState();
    if (action === 'muteMic') {
      if (voice.pushToTalk) talk.press();
      else setVoicePrefs({ micOn: !voice.micOn });
      return true;
    }
    if (action === 'muteCam') {
      setVoicePrefs({ camOn: !voice.camOn });
      return true;
    }
    if (action === 'deafen') {
      toggleDeafen();
      return true;
    }
    return false;
  });
  useEffect(() => {
    const onKeyUp = (event: KeyboardEvent) => {
      if (isTalkKey(event.key)) talk.release();
    };
    const onBlur = () => talk.release();
    document.addEventListener('keyup', onKeyUp);
    window.addEventListener('blur', onBlur);
    return () => {
      document.removeEventListener('keyup', onKeyUp);
      window.removeEventListener('blur', onBlur);
      talk.reset();
    };
  }, []);
};
