/**
 * The studio's social accounts (§2: discord, telegram, tiktok, twitter, instagram): one list for
 * the footer and the contact page.
 */
export const socialChannels = [
  { id: 'discord', name: 'Discord', url: 'https://discord.gg/aistudio' },
  { id: 'telegram', name: 'Telegram', url: 'https://t.me/aistudio' },
  { id: 'tiktok', name: 'TikTok', url: 'https://www.tiktok.com/@aistudio' },
  { id: 'twitter', name: 'X (Twitter)', url: 'https://x.com/aistudio' },
  { id: 'instagram', name: 'Instagram', url: 'https://www.instagram.com/aistudio' },
] as const;

export type SocialNetwork = (typeof socialChannels)[number]['id'];

export const socialUrls = Object.fromEntries(
  socialChannels.map((channel) => [channel.id, channel.url]),
) as Record<SocialNetwork, string>;
