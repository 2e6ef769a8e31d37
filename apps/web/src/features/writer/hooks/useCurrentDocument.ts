import type {
  WriterDocument,
  WriterLanguage,
  WriterTemplateId,
  WriterTransform,
  WriterVersion,
} from '@studio/contracts';
import { useState } from 'react';
import { invalidateQueries, queryOptions, useQuery } from '../../../lib/query';
import {
  newestFirst,
  readVisitorWriting,
  VISITOR_WRITINGS,
  type VisitorWriting,
} from '../../../lib/visitor/collections';
import { useVisitorCollection } from '../../../lib/visitor/useVisitorCollection';
import { deleteDocument } from '../../../lib/api/endpoints/writer/deleteDocument';
import { getDocument } from '../api/getDocument';
import { documentsQueryKey } from '../api/listDocuments';
import { listVersions } from '../api/listVersions';
import { restoreVersion } from '../api/restoreVersion';
import { saveEdit } from '../api/saveEdit';
import { addVisitorVersion, newVisitorWriting, type NewVersion } from '../model/documents';
import type { WritingOutcome } from './useWriting';

/** The document in the editor: a user's on the server, a visitor's in this browser, or new. */
export interface CurrentDocument {
  id: string | null;
  title: string | null;
  template: WriterTemplateId | null;
  language: WriterLanguage;
  /** Newest first. */
  versions: WriterVersion[];
  /** The current version's text: an edit differs from it until it is kept. */
  saved: string;
}

const visitorWritingsKey = ['writer', 'visitor-writings'] as const;

const blank = (language: WriterLanguage): CurrentDocument => ({
  id: null,
  title: null,
  template: null,
  language,
  versions: [],
  saved: '',
});

/** What made a run's version, for a visitor's copy (the server says it for a user). */
export interface RunMeta {
  template: WriterTemplateId | null;
  transform: WriterTransform | null;
  language: WriterLanguage;
}

export interface CurrentDocumentControls {
  document: CurrentDocument;
  content: string;
  setContent: (content: string) => void;
  /** A visitor's documents in this browser (null while read); a user's come from the server. */
  visitorWritings: VisitorWriting[] | null;
  /** Why this browser keeps nothing (a private window), or a server call failed. */
  problem: unknown;
  /** This browser keeps nothing for a visitor (a private window, storage turned off). */
  notKept: boolean;
  busy: boolean;
  /** Keeps what a generation or a transform left as the document's newest version. */
  written: (outcome: WritingOutcome, meta: RunMeta) => Promise<void>;
  keepEdit: () => Promise<void>;
  restore: (version: WriterVersion) => Promise<void>;
  open: (id: string) => Promise<void>;
  remove: (id: string) => Promise<void>;
  startNew: () => void;
}

/**
 * The document being written: its text, its versions and where they are kept. A signed-in
 * user's versions are the server's (a generation or a transform keeps one there itself); a
 * visitor's are kept here, in their browser, as the server keeps none of theirs.
 */
export function useCurrentDocument(
  account: string | null,
  language: WriterLanguage,
  untitled: string,
  now: () => Date,
): CurrentDocumentControls {
  const signedIn = account !== null;
  const collection = useVisitorCollection(VISITOR_WRITINGS, readVisitorWriting);
  const [document, setDocument] = useState<CurrentDocument>(() => blank(language));
  const [content, setContent] = useState('');
  const [problem, setProblem] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);

  // A visitor's documents, read through the cache so a save reads them again.
  const kept = useQuery(
    queryOptions({
      queryKey: visitorWritingsKey,
      queryFn: async () =>
        (await collection.list()).sort((one, other) =>
          newestFirst(
            { ...one, createdAt: one.updatedAt },
            { ...other, createdAt: other.updatedAt },
          ),
        ),
      enabled: !signedIn,
    }),
  );
  const visitorWritings =
    kept.status === 'success' ? kept.data : kept.status === 'error' ? [] : null;
  const readVisitorWritings = () => invalidateQueries(visitorWritingsKey);

  const showVisitor = (writing: VisitorWriting) => {
    setDocument({
      id: writing.id,
      title: writing.title,
      template: writing.template,
      language: writing.language,
      versions: writing.history,
      saved: writing.content,
    });
    setContent(writing.content);
  };

  /** Adds a version to a visitor's document (a new document for the first) and keeps it. */
  const keepVisitorVersion = async (version: NewVersion, docLanguage: WriterLanguage) => {
    const existing = document.id ? await collection.get(document.id).catch(() => null) : null;
    const writing = existing
      ? addVisitorVersion(existing, version, untitled, now())
      : newVisitorWriting(version, docLanguage, untitled, now());
    showVisitor(writing);
    try {
      await collection.save([{ item: writing }]);
      readVisitorWritings();
    } catch (error) {
      setProblem(error);
    }
  };

  /** A user's document as the server has it now, with its versions. */
  const showUser = async (id: string) => {
    const [loaded, versions] = await Promise.all([getDocument(id), listVersions(id)]);
    setDocument({
      id: loaded.id,
      title: loaded.title,
      template: loaded.template,
      language: loaded.language,
      versions,
      saved: loaded.content,
    });
    setContent(loaded.content);
  };

  const step = async (work: () => Promise<void>) => {
    setBusy(true);
    setProblem(null);
    try {
      await work();
    } catch (error) {
      setProblem(error);
    } finally {
      setBusy(false);
    }
  };

  const written = async (outcome: WritingOutcome, meta: RunMeta) => {
    if (signedIn) {
      const id = outcome.version?.documentId ?? outcome.documentId ?? document.id;
      invalidateQueries(documentsQueryKey);
      if (!id) return;
      // The server kept the version (stopped and failed ones too): read them again.
      await step(async () => {
        const versions = await listVersions(id);
        setDocument((shown) => ({
          ...shown,
          id,
          template: shown.template ?? meta.template,
          language: meta.language,
          versions,
          saved: outcome.content,
        }));
      });
      return;
    }
    if (!outcome.content.trim()) return;
    await keepVisitorVersion(
      {
        kind: meta.transform ? 'transform' : 'generate',
        content: outcome.content,
        state: outcome.state === 'complete' ? 'complete' : outcome.state,
        template: meta.transform ? null : meta.template,
        transform: meta.transform,
        modelName: outcome.modelName,
      },
      meta.language,
    );
  };

  /** The server's answer to an edit or a restore, with the versions read again. */
  const showKept = async (kept: WriterDocument) => {
    const versions = await listVersions(kept.id);
    setDocument((shown) => ({
      ...shown,
      title: kept.title,
      versions,
      saved: kept.content,
    }));
    setContent(kept.content);
    invalidateQueries(documentsQueryKey);
  };

  const keepEdit = () =>
    step(async () => {
      if (signedIn && document.id) {
        await showKept(await saveEdit(document.id, { content }));
      } else if (!signedIn) {
        await keepVisitorVersion({ kind: 'edit', content }, document.language);
      }
    });

  const restore = (version: WriterVersion) =>
    step(async () => {
      if (signedIn && document.id) {
        await showKept(await restoreVersion(document.id, version.id));
      } else if (!signedIn) {
        await keepVisitorVersion(
          { kind: 'restore', content: version.content, restoredFrom: version.number },
          document.language,
        );
      }
    });

  const open = (id: string) =>
    step(async () => {
      if (signedIn) {
        await showUser(id);
        return;
      }
      const writing = await collection.get(id);
      if (writing) showVisitor(writing);
    });

  /** Throws when the deletion fails: the dialog that asked for it says so and stays open. */
  const remove = async (id: string) => {
    if (signedIn) {
      await deleteDocument(id);
      invalidateQueries(documentsQueryKey);
    } else {
      await collection.remove(id);
      readVisitorWritings();
    }
    if (document.id === id) {
      setDocument(blank(language));
      setContent('');
    }
  };

  const startNew = () => {
    setDocument(blank(language));
    setContent('');
  };

  return {
    document,
    content,
    setContent,
    visitorWritings,
    problem,
    notKept: kept.status === 'error',
    busy,
    written,
    keepEdit,
    restore,
    open,
    remove,
    startNew,
  };
}
