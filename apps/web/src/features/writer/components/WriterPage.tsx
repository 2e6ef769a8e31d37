import type { QuotaErrorResponse, WriterSavedTemplate, WriterSelection } from '@studio/contracts';
import { Button, ConfirmDialog, formatMoment, Heading, Inline, Stack, Text } from '@studio/ui';
import { FilePlus, RotateCcw, Save, Square } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { PageHeader } from '../../../components/PageHeader';
import { HttpFailure } from '../../../lib/api/errorText';
import { useErrorText, useServerWords } from '../../../lib/api/useErrorText';
import { paths } from '../../../lib/paths';
import { sharedTemplateLink } from '../model/shareLink';
import { useConfirmedMutation, useMutation } from '../../../lib/query';
import { useUpgradeModal } from '../../../lib/upgradeModal';
import { refreshWriterCatalogue, useWriterCatalogue } from '../api/getWriterCatalogue';
import { deleteTemplateMutation } from '../api/deleteTemplate';
import { useSharedTemplate } from '../api/getSharedTemplate';
import { useDocumentPages } from '../api/listDocuments';
import { useSavedTemplates } from '../api/listSavedTemplates';
import { saveTemplateMutation } from '../api/saveTemplate';
import { shareTemplateMutation } from '../api/shareTemplate';
import { useCurrentDocument } from '../hooks/useCurrentDocument';
import { useWriting, WritingStreamError, type WritingRequest } from '../hooks/useWriting';
import { excerptOf } from '../model/documents';
import { quotaRefusal } from '../model/refusals';
import {
  chosenNetwork,
  defaultSettings,
  generationRequest,
  settingsOf,
  type FieldProblem,
  type WriterSettings,
} from '../model/settings';
import { DocumentsPanel, type ListedDocument } from './DocumentsPanel';
import { ExportActions } from './ExportActions';
import { SavedTemplatesPanel } from './SavedTemplatesPanel';
import { TemplateForm } from './TemplateForm';
import { TransformPanel, type TransformChoice } from './TransformPanel';
import { VersionsPanel } from './VersionsPanel';
import { WriterEditor } from './WriterEditor';
import * as styles from './writer.css';
import { CatalogueStatus } from '../../../components/CatalogueStatus';

export interface WriterPageProps {
  /** The signed-in user's id; null for a visitor (their documents stay in this browser). */
  account: string | null;
  /** The clock a visitor's versions are dated by (stories fix it). */
  now?: () => Date;
}

const systemClock = () => new Date();

/**
 * On a phone the editor is below the form: the result would stream out of sight. When the
 * editor's top is off the screen, it is brought up as writing starts (without the smooth motion
 * for someone who asked for less).
 */
function showEditor(editor: HTMLElement | null) {
  if (!editor) return;
  const { top } = editor.getBoundingClientRect();
  if (top >= 0 && top < window.innerHeight * 0.6) return;
  const still = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
  editor.scrollIntoView?.({ block: 'start', behavior: still ? 'auto' : 'smooth' });
}

type Notice = { tone: 'secondary' | 'critical'; text: string } | null;

/**
 * /content-writer: a piece written from a template (its own fields, a tone, a length, an
 * audience, English or Vietnamese), or any text rewritten, shortened, expanded, put in another
 * tone, corrected or translated, whole or a selected passage, streamed into a Markdown editor
 * with its live preview; every result and edit a version to compare and restore; exports; the
 * caller's documents and saved templates; a shared template opened from ?template=<token>.
 */
export function WriterPage({ account, now = systemClock }: WriterPageProps) {
  const { t, i18n } = useTranslation('writer');
  const describe = useErrorText();
  const serverWords = useServerWords();
  const navigate = useNavigate();
  const upgrade = useUpgradeModal();
  const [search] = useSearchParams();
  const language = i18n.resolvedLanguage === 'vi' ? 'vi' : 'en';
  const signedIn = account !== null;

  const catalogue = useWriterCatalogue(account);
  const data = catalogue.status === 'success' ? catalogue.data : null;
  const writing = useWriting();
  const current = useCurrentDocument(account, language, t('documents.untitled'), now);
  const userDocuments = useDocumentPages(account);
  const savedTemplates = useSavedTemplates(account);
  const saveTemplate = useMutation(saveTemplateMutation(account));
  const shareTemplate = useMutation(shareTemplateMutation(account));
  const shareToken = search.get('template');
  const shared = useSharedTemplate(shareToken);
  const documentDeletion = useConfirmedMutation({
    mutation: { mutationFn: (document: ListedDocument) => current.remove(document.id) },
    errorText: (error) => t('documents.deleteFailed', { reason: describe(error) }),
  });
  const templateDeletion = useConfirmedMutation({
    mutation: deleteTemplateMutation(account),
    errorText: (error) => t('saved.deleteFailed', { reason: describe(error) }),
  });

  const [settings, setSettings] = useState<WriterSettings>(() => defaultSettings(language));
  const [model, setModel] = useState<string | null>(null);
  const [problems, setProblems] = useState<Record<string, FieldProblem>>({});
  const [selection, setSelection] = useState<WriterSelection | null>(null);
  const [refused, setRefused] = useState<QuotaErrorResponse | null>(null);
  const [shareNotice, setShareNotice] = useState<Notice>(null);
  const [appliedShare, setAppliedShare] = useState<string | null>(null);
  const previewRef = useRef<HTMLDivElement>(null);
  const editorRef = useRef<HTMLElement>(null);

  // A document opened from elsewhere (the library's "Open"): /content-writer?document=<id>, the
  // account's on the server or a visitor's in this browser, opened once.
  const documentToOpen = search.get('document');
  const openedFromLink = useRef<string | null>(null);
  const { open } = current;
  useEffect(() => {
    if (!documentToOpen || openedFromLink.current === documentToOpen) return;
    openedFromLink.current = documentToOpen;
    void open(documentToOpen);
  }, [documentToOpen, open]);

  // A shared template's settings fill the form once, when it arrives (adjusted while rendering).
  if (shared.status === 'success' && appliedShare !== shared.data.id) {
    setAppliedShare(shared.data.id);
    setSettings(settingsOf(shared.data));
  }

  const streaming = writing.state === 'streaming';
  const busy = streaming || current.busy;
  const chosenModel = model ?? data?.defaultModel ?? null;

  const run = async (what: WritingRequest) => {
    setRefused(null);
    showEditor(editorRef.current);
    const outcome = await writing.write(what, current.setContent);
    if (!outcome) return;
    refreshWriterCatalogue();
    const refusal = quotaRefusal(outcome.error);
    if (refusal) {
      setRefused(refusal);
      return;
    }
    await current.written(outcome, {
      template: what.kind === 'generate' ? what.request.template : null,
      transform: what.kind === 'transform' ? what.request.transform : null,
      language: what.request.language,
    });
  };

  const write = () => {
    const checked = generationRequest(settings, signedIn ? current.document.id : null, chosenModel);
    if (!checked.ok) {
      setProblems(checked.problems);
      return;
    }
    setProblems({});
    setSelection(null);
    void run({ kind: 'generate', request: checked.request });
  };

  const transform = (choice: TransformChoice) => {
    setSelection(null);
    void run({
      kind: 'transform',
      request: {
        transform: choice.transform,
        text: current.content,
        selection: choice.selection,
        tone: choice.tone,
        language: choice.language,
        instruction: choice.instruction,
        documentId: signedIn ? current.document.id : null,
        model: chosenModel,
      },
    });
  };

  const regenerate = () => {
    const last = writing.last;
    if (!last) return;
    void run(
      last.kind === 'generate'
        ? {
            kind: 'generate',
            request: { ...last.request, documentId: signedIn ? current.document.id : null },
          }
        : last,
    );
  };

  const useTemplate = (template: WriterSavedTemplate) => {
    setSettings(settingsOf(template));
    setProblems({});
  };

  const share = async (template: WriterSavedTemplate) => {
    setShareNotice(null);
    try {
      const token = template.shareToken ?? (await shareTemplate.run(template.id)).shareToken;
      if (!token) throw new Error('No share token.');
      await navigator.clipboard.writeText(sharedTemplateLink(window.location.origin, token));
      setShareNotice({ tone: 'secondary', text: t('saved.copied', { name: template.name }) });
    } catch (error) {
      setShareNotice({
        tone: 'critical',
        text: t('saved.shareFailed', {
          reason: error instanceof HttpFailure ? describe(error) : t('saved.clipboard'),
        }),
      });
    }
  };

  const saveCurrent = async (name: string) => {
    try {
      await saveTemplate.run({ name, ...settings, fields: settings.fields });
      return true;
    } catch {
      return false;
    }
  };

  const network = chosenNetwork(
    current.document.template ?? settings.template,
    current.document.template === 'social-post' || !current.document.id ? settings.fields : {},
  );
  const networkLimit =
    network && data ? { id: network, limit: data.socialNetworkLimits[network] ?? 0 } : null;

  const outOfWriting = data !== null && data.limits.remainingToday === 0;
  const openUpgrade = () => (upgrade ? upgrade.open() : navigate(paths.plans));
  const failure = writing.state === 'failed' && !quotaRefusal(writing.error) ? writing.error : null;
  const failureText =
    failure instanceof WritingStreamError
      ? serverWords(failure.message) || t('result.broken')
      : failure
        ? describe(failure)
        : null;

  const listed: ListedDocument[] | null = signedIn
    ? userDocuments.state.status === 'ready'
      ? userDocuments.state.items
      : null
    : (current.visitorWritings?.map((one) => ({
        id: one.id,
        title: one.title,
        excerpt: excerptOf(one.content),
        versions: one.versions,
        updatedAt: one.updatedAt,
      })) ?? null);
  const documentsProblem =
    signedIn && userDocuments.state.status === 'error'
      ? t('documents.failed', { reason: describe(userDocuments.state.error) })
      : !signedIn && current.notKept
        ? t('documents.notKept')
        : null;

  const edited = current.content !== current.document.saved && !streaming;
  const hasText = current.content.trim() !== '';

  return (
    <div className={styles.page}>
      <PageHeader title={t('title')} intro={t('intro')} />

      <CatalogueStatus
        catalogue={catalogue}
        namespace="writer"
        onRetry={refreshWriterCatalogue}
        reserve="medium"
      />

      {shareToken && shared.status === 'success' ? (
        <Text as="p" role="status">
          {t('saved.opened', { name: shared.data.name })}
        </Text>
      ) : null}
      {shareToken && shared.status === 'error' ? (
        <Text as="p" tone="critical" role="alert">
          {t('saved.openFailed')}
        </Text>
      ) : null}

      {data ? (
        <div className={styles.workspace}>
          <Stack gap="lg">
            <TemplateForm
              settings={settings}
              onChange={setSettings}
              catalogue={data}
              model={chosenModel}
              onModel={setModel}
              problems={problems}
              busy={busy}
              onWrite={write}
            />
            <TransformPanel
              selection={selection}
              language={current.document.language}
              hasText={hasText}
              busy={busy}
              onTransform={transform}
            />
          </Stack>
          <Stack gap="lg">
            <Stack gap="xs">
              <Text as="p" size="sm" tone="secondary">
                {t('allowance.left', {
                  remaining: data.limits.remainingToday,
                  daily: data.limits.dailyGenerations,
                })}
              </Text>
              {refused || outOfWriting ? (
                <Stack gap="xs" role="alert">
                  <Text as="p" size="sm" tone="critical">
                    {refused?.refusedBy === 'address'
                      ? t('allowance.addressReached')
                      : t('allowance.reached', {
                          limit: refused?.limit ?? data.limits.dailyGenerations,
                        })}{' '}
                    {t('allowance.resets', {
                      time: formatMoment(refused?.resetsAt ?? data.limits.resetsAt, i18n.language),
                    })}
                  </Text>
                  <div>
                    <Button size="sm" onClick={openUpgrade}>
                      {t('allowance.upgrade')}
                    </Button>
                  </div>
                </Stack>
              ) : null}
            </Stack>
            <section ref={editorRef} aria-labelledby="writer-editor-title" className={styles.panel}>
              <Stack gap="md">
                <Inline gap="sm" align="center" justify="between">
                  <Heading level={4} as="h2" id="writer-editor-title">
                    {current.document.title ?? t('editor.title')}
                  </Heading>
                  <Button
                    size="sm"
                    variant="ghost"
                    icon={<FilePlus size={16} aria-hidden="true" />}
                    disabled={busy}
                    onClick={() => {
                      current.startNew();
                      setSelection(null);
                    }}
                  >
                    {t('editor.new')}
                  </Button>
                </Inline>
                <WriterEditor
                  content={current.content}
                  onChange={(content) => {
                    current.setContent(content);
                    setSelection(null);
                  }}
                  onSelect={setSelection}
                  streaming={streaming}
                  network={networkLimit}
                  previewRef={previewRef}
                  actions={
                    <Stack gap="sm">
                      {streaming ? (
                        <Text as="p" size="sm" tone="secondary" role="status">
                          {t('result.streaming')}
                        </Text>
                      ) : null}
                      {writing.state === 'stopped' ? (
                        <Text as="p" size="sm" tone="secondary" role="status">
                          {t('result.stopped')}
                        </Text>
                      ) : null}
                      {failureText ? (
                        <Text as="p" size="sm" tone="critical" role="alert">
                          {t('result.failed', { reason: failureText })}
                        </Text>
                      ) : null}
                      {current.problem ? (
                        <Text as="p" size="sm" tone="critical" role="alert">
                          {t('result.notKept', { reason: describe(current.problem) })}
                        </Text>
                      ) : null}
                      <Inline gap="sm">
                        {streaming ? (
                          <Button
                            size="sm"
                            variant="danger"
                            icon={<Square size={16} aria-hidden="true" />}
                            onClick={writing.stop}
                          >
                            {t('result.stop')}
                          </Button>
                        ) : null}
                        {!streaming && writing.last ? (
                          <Button
                            size="sm"
                            variant="secondary"
                            icon={<RotateCcw size={16} aria-hidden="true" />}
                            disabled={busy}
                            onClick={regenerate}
                          >
                            {t('result.regenerate')}
                          </Button>
                        ) : null}
                        {edited && hasText && (!signedIn || current.document.id) ? (
                          <Button
                            size="sm"
                            variant="secondary"
                            icon={<Save size={16} aria-hidden="true" />}
                            disabled={busy}
                            onClick={() => void current.keepEdit()}
                          >
                            {t('result.keepEdit')}
                          </Button>
                        ) : null}
                      </Inline>
                      <ExportActions
                        text={{
                          title: current.document.title ?? t('documents.untitled'),
                          content: current.content,
                          language: current.document.language,
                          documentId: signedIn && !edited ? current.document.id : null,
                        }}
                        previewRef={previewRef}
                        disabled={busy || !hasText}
                      />
                    </Stack>
                  }
                />
              </Stack>
            </section>
            <VersionsPanel
              versions={current.document.versions}
              currentNumber={current.document.versions[0]?.number ?? null}
              busy={busy}
              onRestore={(version) => void current.restore(version)}
            />
          </Stack>
        </div>
      ) : null}

      <div className={styles.sideBySide}>
        <DocumentsPanel
          signedIn={signedIn}
          documents={listed}
          problem={documentsProblem}
          currentId={current.document.id}
          busy={busy}
          onOpen={(id) => void current.open(id)}
          onDelete={documentDeletion.ask}
          more={
            signedIn && userDocuments.hasMore
              ? {
                  loading: userDocuments.loadingMore,
                  problem: userDocuments.loadMoreError
                    ? t('documents.moreFailed', { reason: describe(userDocuments.loadMoreError) })
                    : null,
                  onLoad: userDocuments.loadMore,
                }
              : null
          }
        />
        <SavedTemplatesPanel
          signedIn={signedIn}
          templates={savedTemplates.status === 'success' ? savedTemplates.data : null}
          problem={
            saveTemplate.status === 'error'
              ? t('saved.saveFailed', { reason: describe(saveTemplate.error) })
              : savedTemplates.status === 'error'
                ? t('saved.failed', { reason: describe(savedTemplates.error) })
                : null
          }
          saving={saveTemplate.status === 'pending'}
          onSave={saveCurrent}
          onUse={useTemplate}
          onShare={(template) => void share(template)}
          onDelete={templateDeletion.ask}
          shareNotice={shareNotice}
        />
      </div>
      <ConfirmDialog
        {...documentDeletion.dialog}
        tone="danger"
        title={t('documents.deleteTitle', { title: documentDeletion.target?.title ?? '' })}
        description={t('documents.deleteDescription')}
        confirmLabel={t('documents.deleteConfirm')}
      />
      <ConfirmDialog
        {...templateDeletion.dialog}
        tone="danger"
        title={t('saved.deleteTitle', { name: templateDeletion.target?.name ?? '' })}
        description={t('saved.deleteDescription')}
        confirmLabel={t('saved.deleteConfirm')}
      />
    </div>
  );
}
