import { type ModelsConfig, modelPullCommand } from '../models-config.ts';
import { defaultModel } from './default-model.ts';

/** What the offer needs to know from the configuration (config.ts's Config has both). */
export interface OfferSituation {
  models: ModelsConfig;
  localModel: { dir: string; file: string | null };
}

/**
 * The lines printed once at start-up when nothing chats for real: no CHAT_MODELS and no local
 * model installed. It says what the chat uses meanwhile and the one command that fixes it; it
 * never waits for an answer (the server may run unattended). Null when there is nothing to offer.
 */
export function firstStartOffer(situation: OfferSituation): string[] | null {
  const { models, localModel } = situation;
  if (localModel.file !== null) return null;
  let now: string;
  if (models.pullCommand !== null) {
    // models-config.ts sets it exactly when the sandbox stands in for a missing local model.
    now =
      'No chat model is installed: the chat uses the sandbox model, which gives canned answers.';
  } else if (models.models.length === 0) {
    // Production without CHAT_MODELS refuses the sandbox: nothing answers until a model is there.
    now = 'No chat model is installed or configured (CHAT_MODELS): chat is unavailable.';
  } else {
    return null;
  }
  return [
    now,
    `To chat with a real model on this computer, run \`${models.pullCommand ?? modelPullCommand}\`, then restart:`,
    `  it downloads ${defaultModel.title}, licence ${defaultModel.licence},`,
    `  into ${localModel.dir}.`,
  ];
}

export function printFirstStartOffer(
  situation: OfferSituation,
  print: (line: string) => void = console.log,
): void {
  firstStartOffer(situation)?.forEach((line) => print(line));
}
