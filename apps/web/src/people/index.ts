/** The public face of people/: what other folders may use. */
export { GrimoireAccessIndicator } from './GrimoireAccess';
export { MetaPanel } from './MetaPanel';
export { SessionTagControls } from './SessionTagControls';
export { UsersPanel } from './UsersPanel';
export { needsBootleggerWarning } from './bootlegger';
export { ChatServerField } from './chatServers/ChatServerField';
export { useChatServers } from './chatServers/useChatServers';
export { useServerSwitchOffer } from './chatServers/useServerSwitchOffer';
export { levelKey } from './levels';
export { browserLanguage, defaultSessionName, languageOptions } from './sessionMeta';
export { DEFAULT_TAGS, notableTags, tagShortKey, tagValueKey } from './sessionTags';
export { showUsersList } from './usersListFocus';
export { Avatar } from './avatars/Avatar';
export { ProfileCard } from './ProfileCard';
export { OwnProfileButton } from './profile/OwnProfileButton';
export { ProfileStats } from './profile/ProfileStats';
