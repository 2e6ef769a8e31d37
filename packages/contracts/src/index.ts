export * from './common.ts';
export * from './preferences.ts';
export * from './contact.ts';
export * from './newsletter.ts';
export * from './system.ts';
export * from './mailbox.ts';
export * from './share.ts';
export * from './payments.ts';
