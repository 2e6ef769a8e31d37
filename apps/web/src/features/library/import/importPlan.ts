import {
  libraryImportTexts,
  type LibraryImportResponse,
  type LibraryItem,
} from '@studio/contracts';
import { isHttpFailure, serverMessage } from '../../../lib/api/errorText';

/*
 * Moving a visitor's things from this browser into their account: one at a time, oldest first,
 * so that a thing's parent (a picture it was edited from, a piece it extends) has its account id
 * before the thing is sent, and is named as its parentId. A thing leaves the browser only once
 * the server has answered that it holds it (200 or 201).
 */

/** Its browser parent, when it has one (a clip has none). */
export function parentOf(item: LibraryItem): string | null {
  if (item.kind === 'image') return item.image.parentId;
  if (item.kind === 'piece') return item.piece.parentId;
  return null;
}

/** Oldest first (the reverse of the library's order), every parent before its children. */
export function planImport(items: readonly LibraryItem[]): LibraryItem[] {
  const oldestFirst = [...items].sort((a, b) => {
    if (a.createdAt !== b.createdAt) return a.createdAt < b.createdAt ? -1 : 1;
    return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
  });
  const byId = new Map(oldestFirst.map((item) => [item.id, item]));
  const placed = new Set<string>();
  const plan: LibraryItem[] = [];
  // A parent dated after its child (clocks disagree) still goes first; a loop ends where it began.
  const place = (item: LibraryItem, visiting: Set<string>) => {
    if (placed.has(item.id) || visiting.has(item.id)) return;
    visiting.add(item.id);
    const parentId = parentOf(item);
    const parent = parentId === null ? undefined : byId.get(parentId);
    if (parent) place(parent, visiting);
    placed.add(item.id);
    plan.push(item);
  };
  for (const item of oldestFirst) place(item, new Set());
  return plan;
}

export type ImportReasonKey = keyof typeof libraryImportTexts;

/** Why a thing was not moved: the server's refusal, or no answer (which can be tried again). */
export type ImportFailure =
  | { kind: 'refused'; reason: ImportReasonKey | null; message: string | null }
  | { kind: 'unanswered' };

const reasonKeys = Object.keys(libraryImportTexts) as ImportReasonKey[];

/** Sorts a failed import: the contract's words are translated, anything else shown as said. */
export function importFailureOf(error: unknown): ImportFailure {
  if (!isHttpFailure(error) || !error.response || error.response.status >= 500) {
    return { kind: 'unanswered' };
  }
  const message = serverMessage(error.response.data);
  const reason = reasonKeys.find((key) => libraryImportTexts[key] === message) ?? null;
  return { kind: 'refused', reason, message };
}

/** A failure that stops the move: the next things would fail the same way. */
const stopsTheMove = (failure: ImportFailure) =>
  failure.kind === 'unanswered' || failure.reason === 'tooMany';

export interface ImportSteps {
  /** Sends one thing (its files read from the browser) with its parent's account id. */
  upload(item: LibraryItem, parentId: string | null): Promise<LibraryImportResponse>;
  /** Forgets the thing in this browser (called only after the server holds it). */
  removeFromBrowser(item: LibraryItem): Promise<void>;
  /** After each thing, moved or not: how many of the plan are done. */
  onProgress?(done: number, total: number): void;
}

export interface ImportOutcome {
  moved: LibraryItem[];
  failed: { item: LibraryItem; failure: ImportFailure }[];
  /** Browser id → account id of every thing moved (a retry passes it on for the parents). */
  accountIds: Map<string, string>;
}

/**
 * Moves the planned things in order. `known` maps things moved in an earlier attempt to their
 * account ids. After a failure that would fail the rest too (no answer, the day's limit), the
 * rest are listed as not moved for the same reason, untouched.
 */
export async function runImport(
  plan: readonly LibraryItem[],
  steps: ImportSteps,
  known: ReadonlyMap<string, string> = new Map(),
): Promise<ImportOutcome> {
  const accountIds = new Map(known);
  const outcome: ImportOutcome = { moved: [], failed: [], accountIds };
  let stopped: ImportFailure | null = null;
  for (const [index, item] of plan.entries()) {
    if (stopped) {
      outcome.failed.push({ item, failure: stopped });
      continue;
    }
    const browserParent = parentOf(item);
    const parentId = browserParent === null ? null : (accountIds.get(browserParent) ?? null);
    let answer: LibraryImportResponse | null = null;
    try {
      answer = await steps.upload(item, parentId);
    } catch (error) {
      const failure = importFailureOf(error);
      outcome.failed.push({ item, failure });
      if (stopsTheMove(failure)) stopped = failure;
    }
    if (answer) {
      accountIds.set(item.id, answer.item.id);
      outcome.moved.push(item);
      // Kept if it cannot be forgotten: moving it again answers the account's copy.
      await steps.removeFromBrowser(item).catch(() => undefined);
    }
    steps.onProgress?.(index + 1, plan.length);
  }
  return outcome;
}
