export { Avatar, avatarSizes, getInitials } from './Avatar';
export type { AvatarProps, AvatarSize } from './Avatar';
