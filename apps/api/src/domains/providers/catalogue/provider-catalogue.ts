import { type CatalogueEntry, type Modality, onlySandbox } from './model-catalogue.ts';

/** What a modality's registry hands the catalogue (a model catalogue is one). */
export interface CataloguePart {
  readonly modality: Modality;
  entries(): CatalogueEntry[];
}

/**
 * The one catalogue of every configured model, whatever its modality: what each can do, the
 * plan it needs, whether it is a sandbox stand-in. A tool, /api/health or a sandbox banner asks
 * it, never each registry in its own way.
 */
export interface ProviderCatalogue {
  /** A registry's models join the catalogue (its plugin adds them once, at start). */
  add(part: CataloguePart): void;
  /** Every model, modality by modality in the order their plugins added them. */
  all(): CatalogueEntry[];
  of(modality: Modality): CatalogueEntry[];
  /** True when the modality has models and every one is a sandbox stand-in. */
  sandboxOnly(modality: Modality): boolean;
}

export function createProviderCatalogue(): ProviderCatalogue {
  const parts: CataloguePart[] = [];
  const of = (modality: Modality) =>
    parts.filter((part) => part.modality === modality).flatMap((part) => part.entries());
  return {
    add: (part) => void parts.push(part),
    all: () => parts.flatMap((part) => part.entries()),
    of,
    sandboxOnly: (modality) => onlySandbox(of(modality)),
  };
}
