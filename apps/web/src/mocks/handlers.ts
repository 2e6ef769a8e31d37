import { authHandlers, defaultAuthHandlers } from './handlers/auth';
import { chatHandlers, defaultChatHandlers } from './handlers/chat';
import { configHandlers } from './handlers/config';
import { defaultImageGalleryHandlers, imageGalleryHandlers } from './handlers/imageGallery';
import { defaultImagesHandlers, imagesHandlers } from './handlers/images';
import { defaultVoiceHandlers, voiceHandlers } from './handlers/voice';
import { defaultMusicHandlers, musicHandlers } from './handlers/music';
import { defaultOfficeHandlers, officeHandlers } from './handlers/office';
import { defaultLibraryHandlers, libraryHandlers } from './handlers/library';
import { defaultVisionHandlers, visionHandlers } from './handlers/vision';
import { defaultWriterHandlers, writerHandlers } from './handlers/writer';
import { contactHandlers } from './handlers/contact';
import { conversationsHandlers, defaultConversationsHandlers } from './handlers/conversations';
import { newsletterHandlers } from './handlers/newsletter';
import { defaultJobsHandlers, jobsHandlers } from './handlers/jobs';
import { defaultPaymentsHandlers, paymentsHandlers } from './handlers/payments';
import { preferencesHandlers } from './handlers/preferences';
import { defaultProfileHandlers, profileHandlers } from './handlers/profile';
import { defaultShareHandlers, shareHandlers } from './handlers/share';
import { defaultWebauthnHandlers, webauthnHandlers } from './handlers/webauthn';

export {
  configHandlers,
  contactHandlers,
  newsletterHandlers,
  paymentsHandlers,
  preferencesHandlers,
};
export { shareHandlers };
export { authHandlers, profileHandlers };
export { chatHandlers, conversationsHandlers, jobsHandlers };
export { webauthnHandlers };
export { imageGalleryHandlers, imagesHandlers };
export { voiceHandlers };
export { musicHandlers };
export { officeHandlers };
export { libraryHandlers };
export { visionHandlers };
export { writerHandlers };

/**
 * The happy path of every endpoint the app calls: what `pnpm dev` with VITE_API_MOCKS=msw and
 * every test start from. Tests and stories swap in a failure variant with `use(...)`.
 */
export const handlers = [
  configHandlers.default,
  preferencesHandlers.anonymous,
  newsletterHandlers.success,
  contactHandlers.success,
  ...defaultShareHandlers,
  ...defaultAuthHandlers,
  ...defaultProfileHandlers,
  ...defaultChatHandlers,
  ...defaultConversationsHandlers,
  // Before the jobs' and the gallery's: their job events and new pictures answer first, and
  // pass every other job and file on.
  ...defaultImagesHandlers,
  ...defaultVoiceHandlers,
  ...defaultMusicHandlers,
  ...defaultVisionHandlers,
  ...defaultOfficeHandlers,
  ...defaultWriterHandlers,
  ...defaultJobsHandlers,
  ...defaultPaymentsHandlers,
  ...defaultWebauthnHandlers,
  ...defaultImageGalleryHandlers,
  ...defaultLibraryHandlers,
];
