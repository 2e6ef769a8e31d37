import { languageCodes } from '@studio/contracts/options';

/** The shell's own namespace: header, menus, footer, preferences, errors, account pages. */
export const commonNamespace = 'common';

/**
 * Every namespace under public/locales, one per feature. Pages load theirs on first use
 * (useTranslation suspends until /locales/{lng}/{ns}.json has arrived).
 */
export const webNamespaces = [
  commonNamespace,
  'home',
  'about',
  'legal',
  'help',
  'services',
  'vnpay',
  'contact',
  // Sign-in, registration, password reset and the profile: loaded with the login modal or page.
  'auth',
  // The chat (composer, messages, models, spoken replies): loaded with the chat.
  'chat',
  // Conversation list, sharing and export around the chat: loaded with /home and /profile.
  'conversations',
  // The Pro upgrade modal and its payment step: loaded with the modal.
  'payments',
  // Plans & Pricing, the payment return page and membership: loaded with those pages.
  'billing',
  // Passkeys: payment verification and the device manager, loaded with the modal and /profile.
  'biometrics',
  // The image tools (generator, Imagen, Anime): the form, results, viewer and mask editor.
  'images',
  // The image gallery and an image's family tree: loaded with the image tools.
  'imageGallery',
  // Dictation (recording, its errors, the browser's recogniser): loaded when a microphone is pressed.
  'dictation',
  // The voice synthesis page: the form, the voices, the player and the clips.
  'voice',
  // The music creator: the description, the settings, the models, the pieces and their family.
  'music',
  // The vision page: reading a picture's text, its boxes, its table, and answers about it.
  'vision',
  // The content writer: templates, transforms, the editor, versions, documents, saved templates.
  'writer',
  // The office tools: reading a document, its answers, viewer, tables, translations,
  // conversions and generated documents.
  'office',
  // The library: everything made with the tools, and moving a visitor's things into an account.
  'library',
  // What the tools and the library show alike: a picture's and a piece's family, the music's
  // genres, moods, instruments and files. Loaded with the music creator and the library, and
  // with a family dialog.
  'media',
] as const;
export type WebNamespace = (typeof webNamespaces)[number];

export const supportedLanguages = languageCodes;
export const fallbackLanguage = 'en';
