import './Voice.css';
export { RemoteAudio } from './RemoteAudio';
export { SeatVideo } from './SeatVideo';
export { SeatVoiceIcons } from './SeatVoiceIcons';
export { LazyVoiceSetup as VoiceSetup } from './setup/LazyVoiceSetup';
export { useVoiceConnection } from './useVoiceConnection';
export { VoiceControls } from './VoiceControls';
export { VolumeSlider } from './VolumeSlider';
export { useVoiceStore } from './voiceStore';
