export { PresenceAvatar, PresenceAvatars } from './presence-avatars';
export { TypingIndicator } from './typing-indicator';
export { CardPresence } from './card-presence';
