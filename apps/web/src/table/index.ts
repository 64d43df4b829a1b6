/** The public face of table/: what other folders may use. */
import './Grimoire.css';
import './Game.css';
export { AddSeatButton } from './AddSeatButton';
export { ConnectionStatus, ReconnectBanner } from './ConnectionStatus';
export { GameDialogs } from './GameDialogs';
export { GameMenu } from './menu/GameMenu';
export { NightBackdrop, showsNightBackdrop } from './NightBackdrop';
export { SeatCircle } from './SeatCircle';
export { SessionCode } from './SessionCode';
export { SessionMenu } from './SessionMenu';
export { BoostWarningBanner, BootleggerWarning, OtherTabBanner, StorytellerOfflineBanner } from './SessionNotices';
export { VersionBar } from './VersionBar';
export { useGameEffects } from './useGameEffects';
export { useHiddenCams } from './useHiddenCams';
export { SecretPrompt } from './SecretPrompt';
export { Tour } from './Tour';
