import type { Decorator, Meta, StoryObj } from '@storybook/react-vite';
import type { MusicPiecesPage } from '@studio/contracts';
import { http, HttpResponse } from 'msw';
import { useState } from 'react';
import { expect, screen, userEvent, waitFor, within } from 'storybook/test';
import { memoryVisitorStorage } from '../../../lib/visitor/memoryStorage';
import { VisitorStorageContext } from '../../../lib/visitor/useVisitorCollection';
import type { VisitorEntry } from '../../../lib/visitor/visitorStorage';
import { musicLikeSamples, wavBytes } from '../../../mocks/audio';
import {
  musicHandlers,
  resetMusicMocks,
  samplePiece,
  samplePieces,
  sampleSuggestedPrompt,
} from '../../../mocks/handlers/music';
import { failWith, never, serverError } from '../../../mocks/responses';
import { applyAppHandlers, withAppProviders } from '../../../testing/storybook';
import { findToast } from '../../../testing/storyHelpers';
import { pieceFileKinds } from '../../../lib/media/pieceFiles';
import { VISITOR_PIECES, type StoredMusicEntry } from '../../../lib/visitor/collections';
import { MusicCreatorPage } from './MusicCreatorPage';

/** A visitor's pieces kept in memory (none by default), so no story leaves pieces for the next. */
function visitorPieces(entries: VisitorEntry<StoredMusicEntry>[] = []): Decorator {
  return function VisitorPieces(Story) {
    const [storage] = useState(() => memoryVisitorStorage({ [VISITOR_PIECES]: entries }));
    return (
      <VisitorStorageContext value={storage}>
        <Story />
      </VisitorStorageContext>
    );
  };
}

/** A visitor's kept piece with every file, as the page keeps one. */
function keptPiece(): VisitorEntry<StoredMusicEntry>[] {
  const piece = samplePiece({
    id: 'job-music-kept',
    title: 'Hà Nội autumn walk',
    settings: { genre: 'folk', mood: 'romantic', tempo: 96, durationSeconds: 20 },
    base: '/api/music/jobs/job-music-kept',
  });
  const sound = new Blob([wavBytes(musicLikeSamples(20, { seed: 3, tempo: 96, sections: 4 }))], {
    type: 'audio/wav',
  });
  return pieceFileKinds(piece).map((kind) => ({
    item: kind === 'audio' ? piece : { id: `${piece.id}#${kind}`, pieceId: piece.id, kind },
    file: sound,
  }));
}

const meta = {
  title: 'App/Music/MusicCreatorPage',
  component: MusicCreatorPage,
  decorators: [visitorPieces(), withAppProviders],
  beforeEach: (context) => {
    resetMusicMocks();
    applyAppHandlers(context);
  },
  args: { account: null },
  parameters: { app: { route: '/music-creator' } },
} satisfies Meta<typeof MusicCreatorPage>;

export default meta;
type Story = StoryObj<typeof meta>;

const signedIn = {
  args: { account: 'user-linh' },
  parameters: { app: { route: '/music-creator', auth: 'signedIn' } },
} as const;

/** Short pieces keep the stories quick: 20 seconds instead of the default minute. */
async function shortPiece(canvasElement: HTMLElement) {
  const canvas = within(canvasElement);
  const length = await canvas.findByLabelText(/Length/);
  await userEvent.clear(length);
  await userEvent.type(length, '0:20');
}

async function create(canvasElement: HTMLElement) {
  await userEvent.click(within(canvasElement).getByRole('button', { name: 'Create the piece' }));
}

/** The new piece's card once its waveform is drawn from the decoded sound. */
async function finishedPiece(canvasElement: HTMLElement) {
  const canvas = within(canvasElement);
  const results = await canvas.findByRole('list', { name: 'New pieces' }, { timeout: 8000 });
  const card = within(results).getAllByRole('listitem')[0] as HTMLElement;
  await userEvent.click(within(card).getByRole('button', { name: /^Play / }));
  const slider = within(card).getByRole('slider');
  await waitFor(() => expect(slider.querySelectorAll('rect').length).toBeGreaterThan(50), {
    timeout: 8000,
  });
  await waitFor(() => expect(slider).not.toHaveAttribute('aria-busy'));
  // Playback is stopped so the picture holds still for the snapshot.
  const pause = within(card).queryByRole('button', { name: /^Pause / });
  if (pause) await userEvent.click(pause);
  return card;
}

export const EmptyPage: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      await canvas.findByRole('heading', { level: 1, name: 'Music creator' }),
    ).toBeVisible();
    await expect(
      await canvas.findByText(
        'Composer · MIDI played with a sound font (not AI audio) · Up to 6:00',
      ),
    ).toBeVisible();
    await expect(canvas.getByText('AI music · made by fal · Up to 0:47')).toBeVisible();
    await expect(canvas.getByRole('radio', { name: /^Offline composer/ })).toBeChecked();
    await expect(await canvas.findByRole('heading', { name: 'No pieces yet' })).toBeVisible();
    // The composer cannot sing: lyrics are off, with the reason.
    await expect(canvas.getByLabelText(/^Lyrics/)).toBeDisabled();
  },
};

export const ModelsLoading: Story = {
  beforeEach: ({ msw }) => msw.use(musicHandlers.catalogueLoading),
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText('Loading the music models…')).toBeVisible();
  },
};

/** The music models cannot be loaded: 'The music models could not be loaded: …' with Try again. */
export const CatalogueFailed: Story = {
  beforeEach: ({ msw }) => msw.use(musicHandlers.catalogueFailure),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const alert = await canvas.findByRole('alert');
    await expect(alert).toHaveTextContent(
      'The music models could not be loaded: Server error. Please try again later.',
    );
    await expect(within(alert).getByRole('button', { name: 'Try again' })).toBeVisible();
    await expect(
      canvas.queryByRole('button', { name: 'Create the piece' }),
    ).not.toBeInTheDocument();
  },
};

export const DescribeFilledByTheModel: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(
      await canvas.findByLabelText('Your description'),
      'lofi for a rainy night',
    );
    await userEvent.click(canvas.getByRole('button', { name: 'Fill in the settings' }));
    await expect(
      await canvas.findByText(/The settings below were filled in from your description/),
    ).toBeVisible();
    await expect(canvas.getByRole('combobox', { name: 'Genre' })).toHaveValue('lofi');
    await expect(canvas.getByRole('combobox', { name: 'Key' })).toHaveValue('F');
    await expect(canvas.getByLabelText(/Tempo/)).toHaveValue('78');
    await expect(canvas.getByLabelText(/Length/)).toHaveValue('1:30');
    await expect(canvas.getByRole('checkbox', { name: 'Electric piano' })).toBeChecked();
    await expect(canvas.getAllByRole('listitem').length).toBeGreaterThanOrEqual(5);
  },
};

export const DescribeFilledFromKeywords: Story = {
  beforeEach: ({ msw }) => msw.use(musicHandlers.describeRules),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(await canvas.findByLabelText('Your description'), 'calm lofi');
    await userEvent.click(canvas.getByRole('button', { name: 'Fill in the settings' }));
    await expect(
      await canvas.findByText(/guessed from keywords in your description/),
    ).toBeVisible();
    await expect(canvas.getByRole('combobox', { name: 'Mood' })).toHaveValue('calm');
    await expect(canvas.getByText('No sections chosen: the composer will decide.')).toBeVisible();
  },
};

export const LyricsCapableModel: Story = {
  ...signedIn,
  beforeEach: ({ msw }) => msw.use(musicHandlers.lyricsCatalogue, musicHandlers.noPieces),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('radio', { name: /^Eleven Music/ }));
    await userEvent.click(canvas.getByRole('checkbox', { name: 'Instrumental (no singing)' }));
    const lyrics = canvas.getByLabelText(/^Lyrics/);
    await expect(lyrics).toBeEnabled();
    await userEvent.type(lyrics, 'Mưa rơi trên phố cũ');
    // Eleven Music takes no seed: the field and the dice are off, with the reason.
    await expect(canvas.getByLabelText(/^Seed/)).toBeDisabled();
    await expect(canvas.getByText(/Eleven Music does not take a seed/)).toBeVisible();
    await expect(canvas.getByText(/gets genre, mood, tempo, key/)).toBeVisible();
  },
};

export const JobInProgress: Story = {
  beforeEach: ({ msw }) => msw.use(musicHandlers.running),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await shortPiece(canvasElement);
    await create(canvasElement);
    await expect(await canvas.findByRole('progressbar', { name: 'Composing…' })).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Cancel' })).toBeEnabled();
  },
};

export const Cancelled: Story = {
  beforeEach: ({ msw }) => msw.use(musicHandlers.running),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await shortPiece(canvasElement);
    await create(canvasElement);
    await canvas.findByRole('progressbar', { name: 'Composing…' });
    await userEvent.click(canvas.getByRole('button', { name: 'Cancel' }));
    await expect(await canvas.findByText('Cancelled. Nothing was made.')).toBeVisible();
    await expect(canvas.queryByRole('progressbar')).not.toBeInTheDocument();
    await expect(canvas.getByLabelText(/Length/)).toHaveValue('0:20');
  },
};

export const FinishedPiece: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await shortPiece(canvasElement);
    await create(canvasElement);
    const card = await finishedPiece(canvasElement);
    const slider = within(card).getByRole('slider');
    await expect(slider).toHaveTextContent(/Intro.*Verse.*Chorus.*Outro/);
    await expect(within(card).getByRole('button', { name: 'Loop Calm pop' })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
    await userEvent.click(within(card).getByRole('button', { name: 'Download Calm pop' }));
    const menu = await screen.findByRole('menu');
    await waitFor(() => expect(menu).toBeVisible());
    await expect(within(menu).getByRole('menuitem', { name: 'MIDI (notes)' })).toBeVisible();
    await expect(within(menu).getByRole('menuitem', { name: 'All stems (zip)' })).toBeVisible();
    await expect(within(menu).getByRole('menuitem', { name: 'Drums alone (WAV)' })).toBeVisible();
    // The visitor's piece is kept in this browser and listed too.
    await userEvent.keyboard('{Escape}');
    const kept = await canvas.findByRole('list', { name: 'Your pieces' });
    await expect(within(kept).getAllByRole('listitem')).toHaveLength(1);
  },
};

export const FamilyView: Story = {
  ...signedIn,
  beforeEach: ({ msw }) => msw.use(musicHandlers.signedInCatalogue),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const list = await canvas.findByRole('list', { name: 'Your pieces' });
    const extended = within(list).getAllByRole('listitem')[0] as HTMLElement;
    await userEvent.click(
      within(extended).getByRole('button', { name: 'More actions for Rainy night lo-fi' }),
    );
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Family' }));
    const dialog = await screen.findByRole('dialog', { name: "The piece's family" });
    await waitFor(() => expect(dialog).toBeVisible());
    const tree = await within(dialog).findByRole('list', { name: 'Family of Rainy night lo-fi' });
    const members = within(tree).getAllByRole('listitem');
    await expect(members).toHaveLength(3);
    await expect(members[0]).toHaveTextContent('First piece');
    await expect(within(tree).getByText('This piece')).toBeVisible();
  },
};

/** Opens the menu of the first listed piece with this title and chooses an action. */
async function pieceMenu(canvasElement: HTMLElement, title: string, action: string) {
  const list = await within(canvasElement).findByRole('list', { name: 'Your pieces' });
  const [menu] = within(list).getAllByRole('button', { name: `More actions for ${title}` });
  await userEvent.click(menu as HTMLElement);
  await userEvent.click(await screen.findByRole('menuitem', { name: action }));
}

/** Opens the family of the extended piece and returns its dialog. */
async function openPieceFamily(canvasElement: HTMLElement) {
  await pieceMenu(canvasElement, 'Rainy night lo-fi', 'Family');
  const dialog = await screen.findByRole('dialog', { name: "The piece's family" });
  await waitFor(() => expect(dialog).toBeVisible());
  return dialog;
}

/** The family is on its way: the dialog shows 'Loading the family…'. */
export const FamilyLoading: Story = {
  ...signedIn,
  beforeEach: ({ msw }) =>
    msw.use(musicHandlers.signedInCatalogue, http.get('*/api/music/pieces/:id/family', never)),
  play: async ({ canvasElement }) => {
    const dialog = await openPieceFamily(canvasElement);
    await expect(await within(dialog).findByText('Loading the family…')).toBeVisible();
  },
};

/** The family cannot be read: 'The family could not be loaded: …' with Try again. */
export const FamilyLoadFailed: Story = {
  ...signedIn,
  beforeEach: ({ msw }) =>
    msw.use(
      musicHandlers.signedInCatalogue,
      http.get('*/api/music/pieces/:id/family', () => failWith(serverError, 500)),
    ),
  play: async ({ canvasElement }) => {
    const dialog = await openPieceFamily(canvasElement);
    const alert = await within(dialog).findByRole('alert');
    await expect(alert).toHaveTextContent(
      'The family could not be loaded: Server error. Please try again later.',
    );
    await expect(within(alert).getByRole('button', { name: 'Try again' })).toBeVisible();
  },
};

const seaPiece = 'Sunrise over Hạ Long bay';

/** Menu → Delete on a piece; returns the 'Delete this piece?' dialog. */
async function askToDelete(canvasElement: HTMLElement) {
  await pieceMenu(canvasElement, seaPiece, 'Delete');
  const dialog = await screen.findByRole('alertdialog', { name: 'Delete this piece?' });
  await waitFor(() => expect(dialog).toBeVisible());
  return dialog;
}

/** The question: 'Delete this piece?' with what goes with it, Cancel and Delete. */
export const DeleteAsks: Story = {
  ...signedIn,
  beforeEach: ({ msw }) => msw.use(musicHandlers.signedInCatalogue),
  play: async ({ canvasElement }) => {
    const dialog = await askToDelete(canvasElement);
    await expect(dialog).toHaveTextContent('Its files (MP3, WAV, MIDI and stems) are deleted too.');
    await expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
  },
};

/** The server refuses: the dialog stays open with 'The piece could not be deleted. …'. */
export const DeleteFailed: Story = {
  ...signedIn,
  beforeEach: ({ msw }) =>
    msw.use(
      musicHandlers.signedInCatalogue,
      http.delete('*/api/music/pieces/:id', () => failWith(serverError, 500)),
    ),
  play: async ({ canvasElement }) => {
    const dialog = await askToDelete(canvasElement);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'The piece could not be deleted. Server error. Please try again later.',
    );
  },
};

/**
 * Deleted: the dialog closes, 'Piece deleted.' is said and the piece leaves the list. The
 * deletion is this story's own (the shared handler would keep it for every later story).
 */
export const PieceDeleted: Story = {
  ...signedIn,
  beforeEach: ({ msw }) => {
    const deleted = new Set<string>();
    msw.use(
      musicHandlers.signedInCatalogue,
      http.get('*/api/music/pieces', () =>
        HttpResponse.json<MusicPiecesPage>({
          pieces: samplePieces().filter((piece) => !deleted.has(piece.id)),
          nextCursor: null,
        }),
      ),
      http.delete<{ id: string }>('*/api/music/pieces/:id', ({ params }) => {
        deleted.add(params.id);
        return new HttpResponse(null, { status: 204 });
      }),
    );
  },
  play: async ({ canvasElement }) => {
    const dialog = await askToDelete(canvasElement);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    await findToast('Piece deleted.');
    const list = await within(canvasElement).findByRole('list', { name: 'Your pieces' });
    await waitFor(() => expect(list).not.toHaveTextContent(seaPiece));
  },
};

export const ExtendDialogOpen: Story = {
  ...signedIn,
  beforeEach: ({ msw }) => msw.use(musicHandlers.signedInCatalogue),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const list = await canvas.findByRole('list', { name: 'Your pieces' });
    const cards = within(list).getAllByRole('listitem');
    // A cloud model cannot extend: its card's Extend is off. What a model can do comes with the
    // catalogue, a query of its own that may answer after the pieces (it did on a loaded CI run).
    const cloud = cards.find((item) => item.textContent?.includes('Hạ Long')) as HTMLElement;
    await waitFor(() =>
      expect(within(cloud).getByRole('button', { name: 'Extend' })).toBeDisabled(),
    );
    // Why, where touch and keyboard users can read it too (not only a tooltip).
    await expect(cloud).toHaveTextContent('Not possibleStable Audio Open cannot extend a piece');
    await userEvent.click(within(cards[0] as HTMLElement).getByRole('button', { name: 'Extend' }));
    const dialog = await screen.findByRole('dialog', { name: 'Extend the piece' });
    await waitFor(() => expect(dialog).toBeVisible());
    const seconds = within(dialog).getByLabelText(/Seconds to add/);
    await userEvent.clear(seconds);
    await userEvent.type(seconds, '500');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Extend' }));
    await expect(
      await within(dialog).findByText('Choose a whole number of seconds from 5 to 120.'),
    ).toBeVisible();
  },
};

/** Rewrite a section: the dialog lists the piece's sections by place and time; the new piece says what it is. */
export const SectionDialogOpen: Story = {
  ...signedIn,
  beforeEach: ({ msw }) => msw.use(musicHandlers.signedInCatalogue),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const list = await canvas.findByRole('list', { name: 'Your pieces' });
    const extended = within(list).getAllByRole('listitem')[0] as HTMLElement;
    await userEvent.click(
      within(extended).getByRole('button', { name: 'More actions for Rainy night lo-fi' }),
    );
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Rewrite a section' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rewrite a section' });
    await waitFor(() => expect(dialog).toBeVisible());
    const section = within(dialog).getByRole('combobox', { name: 'Section' });
    const options = within(section).getAllByRole('option');
    await expect(options.length).toBeGreaterThan(2);
    await expect(options[0]).toHaveTextContent(/^1\. Intro \(0:00–/);
    await userEvent.selectOptions(section, options[1] as HTMLOptionElement);
    await expect(section).toHaveValue('1');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Rewrite' }));
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    const results = await canvas.findByRole('list', { name: 'New pieces' }, { timeout: 8000 });
    await expect(
      await within(results).findByText('Section rewritten', undefined, { timeout: 8000 }),
    ).toBeVisible();
  },
};

export const RefusalWithSuggestion: Story = {
  beforeEach: ({ msw }) => msw.use(musicHandlers.refused),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(await canvas.findByLabelText(/^Prompt/), 'A song like a famous band');
    await shortPiece(canvasElement);
    await create(canvasElement);
    await expect(
      await canvas.findByText(
        'The piece could not be made: The music service refused this request.',
      ),
    ).toBeVisible();
    await expect(canvas.getByText(`“${sampleSuggestedPrompt}”`)).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Use this prompt' }));
    await expect(canvas.getByLabelText(/^Prompt/)).toHaveValue(sampleSuggestedPrompt);
  },
};

/** The composition job fails: 'The piece could not be made: …', the settings kept. */
export const JobFailed: Story = {
  beforeEach: ({ msw }) => msw.use(musicHandlers.fails),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await shortPiece(canvasElement);
    await create(canvasElement);
    await expect(
      await canvas.findByText(
        'The piece could not be made: The music could not be made. Please try again, or change the settings.',
      ),
    ).toBeVisible();
    await expect(canvas.queryByRole('progressbar')).not.toBeInTheDocument();
    await expect(canvas.queryByRole('button', { name: 'Use this prompt' })).not.toBeInTheDocument();
    await expect(canvas.getByLabelText(/Length/)).toHaveValue('0:20');
    await expect(canvas.getByRole('button', { name: 'Create the piece' })).toBeEnabled();
  },
};

export const QuotaExceeded: Story = {
  beforeEach: ({ msw }) => msw.use(musicHandlers.quotaReached),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await shortPiece(canvasElement);
    await create(canvasElement);
    await expect(
      await canvas.findByText(/Visitors on this network have used today's music/),
    ).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'See the Pro plan' })).toBeVisible();
  },
};

export const BadInput: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const length = await canvas.findByLabelText(/Length/);
    await userEvent.clear(length);
    await userEvent.type(length, '9:99');
    await userEvent.type(canvas.getByLabelText(/Tempo/), '300');
    await create(canvasElement);
    await expect(
      await canvas.findByText('Write the length as minutes:seconds, for example 1:30.'),
    ).toBeVisible();
    await expect(canvas.getByText('The tempo is a whole number from 50 to 200.')).toBeVisible();
  },
};

export const StandInsOnly: Story = {
  beforeEach: ({ msw }) => msw.use(musicHandlers.standInsOnly),
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText(/Models marked “stand-in”/)).toBeVisible();
  },
};

export const Visitor: Story = {
  decorators: [visitorPieces(keptPiece())],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const list = await canvas.findByRole('list', { name: 'Your pieces' });
    await expect(within(list).getAllByRole('listitem')).toHaveLength(1);
    await expect(
      canvas.getByText('Kept in this browser only. Sign in to keep them in your account.'),
    ).toBeVisible();
    const card = within(list).getAllByRole('listitem')[0] as HTMLElement;
    await userEvent.click(within(card).getByRole('button', { name: /^Play / }));
    const slider = within(card).getByRole('slider');
    await waitFor(() => expect(slider.querySelectorAll('rect').length).toBeGreaterThan(50));
    const pause = within(card).queryByRole('button', { name: /^Pause / });
    if (pause) await userEvent.click(pause);
  },
};

export const Vietnamese: Story = {
  globals: { locale: 'vi' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      await canvas.findByRole('heading', { level: 1, name: 'Sáng tác nhạc' }),
    ).toBeVisible();
    await expect(await canvas.findByRole('button', { name: 'Tạo bản nhạc' })).toBeVisible();
    await expect(
      await canvas.findByRole('heading', { name: 'Chưa có bản nhạc nào' }),
    ).toBeVisible();
  },
};

/** A phone: the description, the settings and the pieces in one column. */
export const PhoneWidth: Story = {
  ...signedIn,
  parameters: { ...signedIn.parameters, screen: { width: 390, height: 844 } },
  beforeEach: ({ msw }) => msw.use(musicHandlers.signedInCatalogue),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('list', { name: 'Your pieces' })).toBeVisible();
    await expect(await canvas.findByRole('button', { name: 'Create the piece' })).toBeVisible();
  },
};
