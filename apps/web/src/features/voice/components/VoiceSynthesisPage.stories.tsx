import type { Decorator, Meta, StoryObj } from '@storybook/react-vite';
import type { VoiceClip } from '@studio/contracts';
import { http } from 'msw';
import { useState } from 'react';
import { expect, fireEvent, screen, userEvent, waitFor, within } from 'storybook/test';
import { memoryVisitorStorage } from '../../../lib/visitor/memoryStorage';
import { VisitorStorageContext } from '../../../lib/visitor/useVisitorCollection';
import type { VisitorEntry } from '../../../lib/visitor/visitorStorage';
import { speechLikeSamples, spokenSeconds, wavBytes } from '../../../mocks/audio';
import { sampleClips, voiceHandlers } from '../../../mocks/handlers/voice';
import { failWith, serverError } from '../../../mocks/responses';
import { applyAppHandlers, withAppProviders } from '../../../testing/storybook';
import { VISITOR_CLIPS } from '../../../lib/visitor/collections';
import { VoiceSynthesisPage } from './VoiceSynthesisPage';

/** A visitor's clips kept in memory (none by default), so no story leaves clips for the next. */
function visitorClips(entries: VisitorEntry<VoiceClip>[] = []): Decorator {
  return function VisitorClips(Story) {
    const [storage] = useState(() => memoryVisitorStorage({ [VISITOR_CLIPS]: entries }));
    return (
      <VisitorStorageContext value={storage}>
        <Story />
      </VisitorStorageContext>
    );
  };
}

const meta = {
  title: 'App/Voice/VoiceSynthesisPage',
  component: VoiceSynthesisPage,
  decorators: [visitorClips(), withAppProviders],
  beforeEach: applyAppHandlers,
  args: { account: null, plan: null },
  parameters: { app: { route: '/voice-synthesis' } },
} satisfies Meta<typeof VoiceSynthesisPage>;

export default meta;
type Story = StoryObj<typeof meta>;

const english = 'Welcome to the studio. This is a short test of the voice. It has three sentences.';
const vietnamese = 'Xin chào các bạn. Hôm nay trời Hà Nội rất đẹp. Chúng ta đi dạo nhé.';

async function typeText(canvasElement: HTMLElement, text: string, label = 'Text') {
  const canvas = within(canvasElement);
  const field = await canvas.findByLabelText(label);
  // Pasted, not typed letter by letter: the same text, far quicker on a loaded machine.
  await userEvent.click(field);
  await userEvent.paste(text);
  return field;
}

async function typeAndGenerate(canvasElement: HTMLElement, text: string) {
  await typeText(canvasElement, text);
  await userEvent.click(within(canvasElement).getByRole('button', { name: 'Generate' }));
}

/** The clip just made, its waveform drawn from the decoded sound. */
async function finishedClip(canvasElement: HTMLElement) {
  const canvas = within(canvasElement);
  const result = await canvas.findByRole('region', { name: 'Your clip' });
  const slider = within(result).getByRole('slider');
  await waitFor(() => expect(slider.querySelectorAll('rect').length).toBeGreaterThan(50));
  await waitFor(() => expect(slider).not.toHaveAttribute('aria-busy'));
  return result;
}

export const FirstVisit: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      await canvas.findByRole('heading', { level: 1, name: 'Voice synthesis' }),
    ).toBeVisible();
    await expect(await canvas.findByText('0 of 1000 characters · 4200 left today')).toBeVisible();
    await expect(canvas.getByText('Rms · Offline · natural')).toBeVisible();
    await expect(canvas.getByText(/Voices marked “stand-in”/)).toBeVisible();
    await expect(await canvas.findByRole('heading', { name: 'No clips yet' })).toBeVisible();
    await expect(canvas.getByText(/Type a text above and press Generate/)).toBeVisible();
    // Nothing typed: Generate says what is missing.
    await userEvent.click(canvas.getByRole('button', { name: 'Generate' }));
    await expect(await canvas.findByText('Type the text to speak.')).toBeVisible();
  },
};

export const TypingVietnamese: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await typeText(canvasElement, vietnamese);
    await expect(await canvas.findByText('Detected from your text: Vietnamese')).toBeVisible();
    await expect(canvas.getByRole('combobox', { name: 'Language' })).toHaveDisplayValue(
      'Detect from the text (Vietnamese)',
    );
    await expect(
      canvas.getByText('Tiếng Việt (miền Bắc) · Offline · sounds robotic'),
    ).toBeVisible();
    await expect(
      canvas.getByText(`${vietnamese.length} of 1000 characters · 4200 left today`),
    ).toBeVisible();
    // Changing the language by hand changes the voice to that language's default.
    await userEvent.selectOptions(canvas.getByRole('combobox', { name: 'Language' }), 'en');
    await expect(canvas.getByText('Rms · Offline · natural')).toBeVisible();
  },
};

export const VoicePickerOpen: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Choose another voice' }));
    const english = canvas.getByRole('group', { name: 'English voices' });
    const vietnameseGroup = canvas.getByRole('group', { name: 'Vietnamese voices' });
    await expect(within(english).getAllByRole('radio')).toHaveLength(5);
    await expect(within(vietnameseGroup).getAllByRole('radio')).toHaveLength(3);
    await expect(
      within(english).getByText('Offline · sounds robotic · Spoken by eSpeak NG'),
    ).toBeVisible();
    await expect(
      within(english).getByText('Cloud · neural · Spoken by gpt-4o-mini-tts · Needs the Pro plan'),
    ).toBeVisible();
    await expect(within(english).getByText('Stand-in')).toBeVisible();
    await expect(within(vietnameseGroup).getByText('Pro')).toBeVisible();
    await expect(within(english).getByRole('radio', { name: /^Rms/ })).toBeChecked();
  },
};

export const GeneratingWithPartsPlaying: Story = {
  beforeEach: ({ msw }) => msw.use(voiceHandlers.running),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await typeAndGenerate(canvasElement, english);
    const bar = await canvas.findByRole('progressbar', {
      name: 'Speaking… sentence 2 of 3',
    });
    await expect(bar).toBeVisible();
    await expect(canvas.getByText('Playing the sentences as they are spoken')).toBeVisible();
    // Both spoken sentences reach the player, in order, and are heard.
    await expect(await canvas.findByText('2 of 3 sentences played')).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Stop listening' })).toBeEnabled();
    await expect(canvas.getByRole('button', { name: 'Cancel' })).toBeEnabled();
  },
};

export const CancelStopsEverything: Story = {
  beforeEach: ({ msw }) => msw.use(voiceHandlers.running),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await typeAndGenerate(canvasElement, english);
    await canvas.findByRole('progressbar', { name: 'Speaking… sentence 2 of 3' });
    await userEvent.click(canvas.getByRole('button', { name: 'Cancel' }));
    await expect(await canvas.findByText('The synthesis was cancelled.')).toBeVisible();
    await expect(canvas.queryByRole('progressbar')).not.toBeInTheDocument();
    await expect(canvas.getByLabelText('Text')).toHaveValue(english);
  },
};

export const CompletedWithWaveform: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await typeAndGenerate(canvasElement, english);
    const result = await finishedClip(canvasElement);
    await expect(
      within(result).getByRole('button', { name: 'Download welcome-to-the-studio-this-is.mp3' }),
    ).toBeVisible();
    await expect(within(result).getByRole('button', { name: 'Make again' })).toBeVisible();
    // The visitor's clip is kept in this browser and listed.
    const list = await canvas.findByRole('list', { name: 'Your clips' });
    await expect(within(list).getAllByRole('listitem')).toHaveLength(1);
    // Seek to the end with the keyboard.
    const slider = within(result).getByRole('slider');
    slider.focus();
    await userEvent.keyboard('{End}');
    await waitFor(() =>
      expect(slider.getAttribute('aria-valuetext')).toMatch(/^0:0(\d) of 0:0\1$/),
    );
  },
};

export const UseTheseSettings: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await typeText(canvasElement, vietnamese);
    await userEvent.selectOptions(canvas.getByRole('combobox', { name: 'Speed' }), '1.25');
    await userEvent.click(canvas.getByRole('button', { name: 'Generate' }));
    const result = await finishedClip(canvasElement);
    await userEvent.clear(canvas.getByLabelText('Text'));
    await userEvent.click(within(result).getByRole('button', { name: 'Use these settings' }));
    await expect(canvas.getByLabelText('Text')).toHaveValue(vietnamese);
    await expect(canvas.getByRole('combobox', { name: 'Speed' })).toHaveValue('1.25');
    await expect(canvas.getByRole('combobox', { name: 'Language' })).toHaveValue('vi');
  },
};

export const TooLong: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const field = await canvas.findByLabelText('Text');
    fireEvent.change(field, { target: { value: 'A long sentence. '.repeat(70) } });
    await userEvent.click(canvas.getByRole('button', { name: 'Generate' }));
    await expect(
      await canvas.findByText(/This text has 1189 characters; you can send up to 1000 at a time/),
    ).toBeVisible();
    await expect(canvas.getByLabelText('Text')).toHaveAttribute('aria-invalid', 'true');
  },
};

export const QuotaRefused: Story = {
  beforeEach: ({ msw }) => msw.use(voiceHandlers.quotaReached),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await typeAndGenerate(canvasElement, english);
    await expect(
      await canvas.findByText(/Visitors on your network have used today's characters/),
    ).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Get more characters' })).toBeVisible();
    await expect(canvas.getByLabelText('Text')).toHaveValue(english);
  },
};

export const TodaysCharactersUsedUp: Story = {
  beforeEach: ({ msw }) => msw.use(voiceHandlers.atLimit),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText(/You have used today's 5000 characters/)).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Get more characters' })).toBeVisible();
  },
};

export const ProVoice: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await typeText(canvasElement, english);
    await userEvent.click(canvas.getByRole('button', { name: 'Choose another voice' }));
    await userEvent.click(canvas.getByRole('radio', { name: /^Nova/ }));
    await expect(canvas.getByText('Nova · Cloud · neural')).toBeVisible();
    // Nova takes instructions, not pitch.
    await expect(canvas.getByLabelText(/How to speak/)).toBeVisible();
    await expect(canvas.queryByRole('combobox', { name: 'Pitch' })).not.toBeInTheDocument();
    await userEvent.click(canvas.getByRole('button', { name: 'Generate' }));
    await expect(await canvas.findByText('This voice needs the Pro plan')).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'See the Pro plan' })).toBeVisible();
  },
};

export const JobFails: Story = {
  beforeEach: ({ msw }) => msw.use(voiceHandlers.fails),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await typeAndGenerate(canvasElement, english);
    await expect(
      await canvas.findByText(/The clip could not be made: The speech engine stopped/),
    ).toBeVisible();
  },
};

const keptSound = (text: string, seed: number) =>
  new Blob([wavBytes(speechLikeSamples(spokenSeconds(text.length), seed))], { type: 'audio/wav' });

const keptClips = sampleClips(3).map((clip, index) => ({
  item: {
    ...clip,
    id: `job-kept-${index + 1}`,
    audioUrl: `/api/voice/jobs/job-kept-${index + 1}/audio`,
  },
  file: keptSound(clip.text, index),
}));

export const VisitorWithKeptClips: Story = {
  decorators: [visitorClips(keptClips)],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const list = await canvas.findByRole('list', { name: 'Your clips' });
    await expect(within(list).getAllByRole('listitem')).toHaveLength(3);
    await expect(canvas.getByText(/Kept in this browser only/)).toBeVisible();
    const first = within(list).getAllByRole('listitem')[0] as HTMLElement;
    await userEvent.click(within(first).getByRole('button', { name: /^Play / }));
    await expect(await within(first).findByRole('button', { name: /^Pause / })).toBeVisible();
    await userEvent.click(within(first).getByRole('button', { name: /^Pause / }));
    await waitFor(() => expect(first.querySelectorAll('rect').length).toBeGreaterThan(50));
    // Delete, confirmed.
    await userEvent.click(within(first).getByRole('button', { name: /^Delete: / }));
    await userEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(2));
    // The toast comes a moment after the list changes: the picture is taken with it (CI once
    // took it before).
    await expect(await screen.findByText('Clip deleted.')).toBeVisible();
  },
};

export const SignedInWithPagedClips: Story = {
  args: { account: 'user-linh', plan: 'free' },
  parameters: { app: { route: '/voice-synthesis', auth: 'signedIn' } },
  beforeEach: ({ msw }) => msw.use(voiceHandlers.signedInCatalogue),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('0 of 5000 characters · 19200 left today')).toBeVisible();
    const list = await canvas.findByRole('list', { name: 'Your clips' });
    await expect(within(list).getAllByRole('listitem')).toHaveLength(20);
    await userEvent.click(canvas.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(23));
    await expect(canvas.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    // "Use settings" fills the form from a clip.
    const second = within(list).getAllByRole('listitem')[1] as HTMLElement;
    await userEvent.click(within(second).getByRole('button', { name: /^Use settings: / }));
    await expect(canvas.getByLabelText('Text')).toHaveValue(sampleClips(2)[1]?.text);
  },
};

/** The server refuses a deletion: the dialog stays open with 'The clip could not be deleted. …'. */
export const SignedInDeleteFailed: Story = {
  args: { account: 'user-linh', plan: 'free' },
  parameters: { app: { route: '/voice-synthesis', auth: 'signedIn' } },
  beforeEach: ({ msw }) =>
    msw.use(
      voiceHandlers.signedInCatalogue,
      http.delete('*/api/voice/clips/:id', () => failWith(serverError, 500)),
    ),
  play: async ({ canvasElement }) => {
    const list = await within(canvasElement).findByRole('list', { name: 'Your clips' });
    const first = within(list).getAllByRole('listitem')[0] as HTMLElement;
    await userEvent.click(within(first).getByRole('button', { name: /^Delete: / }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete this clip?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'The clip could not be deleted. Server error. Please try again later.',
    );
  },
};

export const SignedInEmpty: Story = {
  args: { account: 'user-linh', plan: 'free' },
  parameters: { app: { route: '/voice-synthesis', auth: 'signedIn' } },
  beforeEach: ({ msw }) => msw.use(voiceHandlers.signedInCatalogue, voiceHandlers.noClips),
  play: async ({ canvasElement }) => {
    await expect(
      await within(canvasElement).findByRole('heading', { name: 'No clips yet' }),
    ).toBeVisible();
  },
};

export const NoVoices: Story = {
  beforeEach: ({ msw }) => msw.use(voiceHandlers.noVoices),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      await canvas.findByRole('heading', { name: 'No voice is set up here yet' }),
    ).toBeVisible();
    await expect(canvas.queryByLabelText('Text')).not.toBeInTheDocument();
  },
};

export const VoicesFailToLoad: Story = {
  beforeEach: ({ msw }) => msw.use(voiceHandlers.catalogueFailure),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      await canvas.findByText(
        'The voices could not be loaded: Server error. Please try again later.',
      ),
    ).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Try again' })).toBeVisible();
  },
};

export const InVietnamese: Story = {
  globals: { locale: 'vi' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      await canvas.findByRole('heading', { level: 1, name: 'Tổng hợp giọng nói' }),
    ).toBeVisible();
    await typeText(canvasElement, vietnamese, 'Văn bản');
    await expect(await canvas.findByText('Nhận biết từ văn bản của bạn: tiếng Việt')).toBeVisible();
    await expect(canvas.getByText('Tiếng Việt (miền Bắc) · Ngoại tuyến · giọng máy')).toBeVisible();
  },
};

/** A phone: the form, the result and the list in one column. */
export const OnAPhone: Story = {
  parameters: { screen: { width: 390, height: 844 }, app: { route: '/voice-synthesis' } },
  decorators: [visitorClips(keptClips.slice(0, 1))],
  play: async ({ canvasElement }) => {
    await typeAndGenerate(canvasElement, english);
    const result = await finishedClip(canvasElement);
    await expect(result.getBoundingClientRect().width).toBeLessThanOrEqual(390);
    await expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(390);
  },
};

export const VoicePickerOpenOnAPhone: Story = {
  args: { pickerOpen: true },
  parameters: { screen: { width: 390, height: 844 }, app: { route: '/voice-synthesis' } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('group', { name: 'English voices' })).toBeVisible();
    await expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(390);
  },
};
