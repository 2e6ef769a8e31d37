import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, screen, userEvent, waitFor, within } from 'storybook/test';
import { applyAppHandlers, withAppProviders } from '../../../../testing/storybook';
import { conversationsHandlers } from '../../../../mocks/handlers/conversations';
import { SpokenReplyPlayer } from './SpokenReplyPlayer';
import { VoiceSettings } from './VoiceSettings';
import { VoiceSettingsButton } from './VoiceSettingsButton';
import { defaultVoiceSettings, type VoiceSettingsValue } from './voiceSettingsValue';

/** Spoken replies: the settings (voices from GET /api/chat/voices) and the player. */
const meta = {
  title: 'App/Chat/Voice',
  component: VoiceSettings,
  decorators: [withAppProviders],
  beforeEach: applyAppHandlers,
  args: { value: defaultVoiceSettings, onChange: fn() },
  // Controlled: the story keeps the value, and reports each change to the spy.
  render: function Render({ value, onChange }) {
    const [current, setCurrent] = useState<VoiceSettingsValue>(value);
    return (
      <VoiceSettings
        value={current}
        onChange={(next) => {
          setCurrent(next);
          onChange(next);
        }}
      />
    );
  },
} satisfies Meta<typeof VoiceSettings>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Off: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('switch', { name: 'Read replies aloud' })).not.toBeChecked();
    await expect(canvas.getByRole('slider', { name: 'Speed' })).toBeDisabled();
  },
};

export const TurnOnAndChoose: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('switch', { name: 'Read replies aloud' }));
    const voice = canvas.getByRole('combobox', { name: 'Voice' });
    await waitFor(() => expect(voice).toBeEnabled());
    const groups = within(voice).getAllByRole('group');
    await expect(groups.map((group) => group.getAttribute('label'))).toEqual([
      'English',
      'Vietnamese',
    ]);
    await userEvent.selectOptions(voice, 'espeak:vi');
    await expect(args.onChange).toHaveBeenLastCalledWith(
      expect.objectContaining({ enabled: true, voice: 'espeak:vi' }),
    );
    await expect(canvas.getByRole('slider', { name: 'Speed' })).toBeEnabled();
  },
};

export const Tuned: Story = {
  args: {
    value: { enabled: true, voice: 'flite:slt', speed: 1.5, pitch: 0.8, sendDictation: true },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await waitFor(() =>
      expect(canvas.getByRole('combobox', { name: 'Voice' })).toHaveValue('flite:slt'),
    );
    await expect(canvas.getByRole('slider', { name: 'Speed' })).toHaveValue('1.5');
    await expect(canvas.getByText('1.5×')).toBeVisible();
    await expect(canvas.getByText('0.8×')).toBeVisible();
  },
};

export const VoicesLoading: Story = {
  args: { value: { ...defaultVoiceSettings, enabled: true } },
  beforeEach: ({ msw }) => msw.use(conversationsHandlers.voicesPending),
  play: async ({ canvasElement }) => {
    const voice = within(canvasElement).getByRole('combobox', { name: 'Voice' });
    await expect(voice).toBeDisabled();
    await expect(voice).toHaveDisplayValue('Loading voices…');
  },
};

export const VoicesError: Story = {
  args: { value: { ...defaultVoiceSettings, enabled: true } },
  beforeEach: ({ msw }) => msw.use(conversationsHandlers.voicesFailure),
  play: async ({ canvasElement }) => {
    const alert = await within(canvasElement).findByRole('alert');
    await expect(alert).toHaveTextContent("We couldn't load the voices");
    await expect(within(alert).getByRole('button', { name: 'Try again' })).toBeVisible();
  },
};

export const Vietnamese: Story = {
  globals: { locale: 'vi' },
  args: { value: { ...defaultVoiceSettings, enabled: true } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('switch', { name: 'Đọc to câu trả lời' })).toBeChecked();
    const voice = canvas.getByRole('combobox', { name: 'Giọng đọc' });
    await waitFor(() => expect(voice).toBeEnabled());
    await expect(within(voice).getAllByRole('group')[1]).toHaveAttribute('label', 'Tiếng Việt');
    await expect(canvas.getByRole('slider', { name: 'Tốc độ' })).toBeVisible();
  },
};

/** The chat toolbar's "Spoken replies" button, pressed: the settings in their side sheet. */
export const SettingsSheet: Story = {
  args: { value: { ...defaultVoiceSettings, enabled: true } },
  render: function Render({ value, onChange }) {
    const [current, setCurrent] = useState<VoiceSettingsValue>(value);
    return (
      <VoiceSettingsButton
        value={current}
        onChange={(next) => {
          setCurrent(next);
          onChange(next);
        }}
      />
    );
  },
  play: async ({ canvasElement }) => {
    const button = within(canvasElement).getByRole('button', { name: /Spoken replies/ });
    await userEvent.click(button);
    const sheet = await screen.findByRole('dialog', { name: 'Spoken replies' });
    await waitFor(() => expect(sheet).toBeVisible());
    await expect(button).toHaveAttribute('aria-expanded', 'true');
    const settings = within(sheet);
    await expect(settings.getByRole('switch', { name: 'Read replies aloud' })).toBeChecked();
    await waitFor(() => expect(settings.getByRole('combobox', { name: 'Voice' })).toBeEnabled());
  },
};

/** A short silent WAV (44-byte header, 800 samples), so the player has something real to load. */
function silentWav(): string {
  const samples = 800;
  const buffer = new ArrayBuffer(44 + samples);
  const view = new DataView(buffer);
  const text = (offset: number, value: string) =>
    [...value].forEach((char, i) => view.setUint8(offset + i, char.charCodeAt(0)));
  text(0, 'RIFF');
  view.setUint32(4, 36 + samples, true);
  text(8, 'WAVE');
  text(12, 'fmt ');
  view.setUint32(16, 16, true);
  view.setUint16(20, 1, true);
  view.setUint16(22, 1, true);
  view.setUint32(24, 8000, true);
  view.setUint32(28, 8000, true);
  view.setUint16(32, 1, true);
  view.setUint16(34, 8, true);
  text(36, 'data');
  view.setUint32(40, samples, true);
  for (let i = 0; i < samples; i += 1) view.setUint8(44 + i, 128);
  return btoa(String.fromCharCode(...new Uint8Array(buffer)));
}

const wavSentences = [0, 1].map((index) => ({
  index,
  text: index === 0 ? 'Hello.' : 'Goodbye.',
  format: 'wav' as const,
  mimeType: 'audio/wav',
  data: silentWav(),
  voice: 'flite:rms',
}));

export const Player: StoryObj<typeof SpokenReplyPlayer> = {
  render: () => <SpokenReplyPlayer parts={wavSentences} />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const group = canvas.getByRole('group', { name: 'Spoken reply' });
    await expect(group).toHaveTextContent('Ready to play');
    // Both sentences play through Web Audio, one after the other, and the reply is finished.
    await userEvent.click(canvas.getByRole('button', { name: 'Play spoken reply' }));
    await waitFor(() => expect(group).toHaveTextContent('Finished'), { timeout: 5000 });
    await expect(canvas.getByRole('button', { name: 'Play spoken reply' })).toBeEnabled();
  },
};

export const PlayerUnreadable: StoryObj<typeof SpokenReplyPlayer> = {
  render: () => (
    <SpokenReplyPlayer parts={wavSentences.map((part) => ({ ...part, data: '%%%' }))} />
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('group')).toHaveTextContent("This audio can't be played");
    await expect(canvas.getByRole('button', { name: 'Play spoken reply' })).toBeDisabled();
  },
};
