import './Voice.css';
export { RemoteAudio } from './RemoteAudio';
export { SeatVideo } from './SeatVideo';
export { useVoiceConnection } from './useVoiceConnection';
export { VoiceControls } from './VoiceControls';
export { useVoiceStore } from './voiceStore';
