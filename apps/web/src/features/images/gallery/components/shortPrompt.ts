/** How much of a prompt an accessible name reads (a prompt may be 4000 characters). */
const NAME_LENGTH = 60;

/** A prompt's first words, for a button's or a group's accessible name. */
export function shortPrompt(prompt: string): string {
  return prompt.length > NAME_LENGTH ? `${prompt.slice(0, NAME_LENGTH)}…` : prompt;
}
