import { useEffect } from 'react';
import { useShortcuts } from '../session/useShortcuts';
import { SHORTCUTS } from '../ui/shortcuts';
import { setVoicePrefs, talk, toggleDeafen, useVoiceStore } from './voiceStore';

/** The talk key of push-to-talk: the microphone's own key (spec 3 §9 "." mute mic), held. */
const TALK_KEY = Object.keys(SHORTCUTS).find((key) => SHORTCUTS[key] === 'muteMic');

/**
 * Spec 3 §9: "." mutes the microphone, "," the camera, "d" deafens. With push-to-talk on, the mute
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
      if (event.key === TALK_KEY) talk.release();
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
