/** The public face of lobby/: what other folders may use. */
import './Lobby.css';
export { CreateGameForm } from './CreateGameForm';
export { HelpModal } from './HelpModal';
export { JoinGameForm } from './JoinGameForm';
export { SessionTable } from './SessionTable';
export { SubscriptionNotice } from './SubscriptionNotice';
export { lobbyStats, visibleSessions } from './lobbyTable';
export { useSessionList } from './useSessionList';
