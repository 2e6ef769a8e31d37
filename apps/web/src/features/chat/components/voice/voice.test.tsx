import type { SpokenReply } from '@studio/contracts';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { conversationsHandlers } from '../../../../mocks/handlers/conversations';
import { createMemoryStore } from '../../../../lib/storage';
import { renderInApp } from '../../../../test/render';
import { server } from '../../../../test/server';
import { SpokenReplyPlayer } from './SpokenReplyPlayer';
import { useVoiceSettings } from './useVoiceSettings';
import { VoiceSettings } from './VoiceSettings';
import { readVoiceSettings, voiceSettingsKey, type VoiceSettingsValue } from './voiceSettingsValue';

function Controlled({ initial }: { initial: VoiceSettingsValue }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <VoiceSettings value={value} onChange={setValue} />
      <output data-testid="value">{JSON.stringify(value)}</output>
    </>
  );
}

const current = () => JSON.parse(screen.getByTestId('value').textContent ?? '{}') as unknown;

describe('VoiceSettings', { timeout: 20_000 }, () => {
  it('groups the voices by language and changes each setting', async () => {
    const { user } = renderInApp(
      <Controlled initial={{ enabled: false, voice: null, speed: 1, pitch: 1 }} />,
    );
    const voice = screen.getByRole('combobox', { name: 'Voice' });
    // Off: nothing to choose yet.
    expect(voice).toBeDisabled();
    expect(screen.getByRole('slider', { name: 'Speed' })).toBeDisabled();
    await user.click(screen.getByRole('switch', { name: 'Read replies aloud' }));
    expect(current()).toEqual({ enabled: true, voice: null, speed: 1, pitch: 1 });
    await waitFor(() => expect(voice).toBeEnabled());
    const groups = within(voice).getAllByRole('group');
    expect(groups.map((group) => group.getAttribute('label'))).toEqual(['English', 'Vietnamese']);
    expect(
      within(groups[1] as HTMLElement)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Tiếng Việt (miền Bắc)', 'Tiếng Việt (miền Nam)']);
    await user.selectOptions(voice, 'espeak:vi-vn-x-south');
    expect(current()).toMatchObject({ voice: 'espeak:vi-vn-x-south' });
    const speed = screen.getByRole('slider', { name: 'Speed' });
    expect(speed).toHaveAttribute('min', '0.5');
    expect(speed).toHaveAttribute('max', '2');
    // jsdom moves no range thumb with keys: set the value as the browser would.
    fireEvent.change(speed, { target: { value: '1.5' } });
    fireEvent.change(screen.getByRole('slider', { name: 'Pitch' }), { target: { value: '0.5' } });
    expect(current()).toEqual({
      enabled: true,
      voice: 'espeak:vi-vn-x-south',
      speed: 1.5,
      pitch: 0.5,
    });
    expect(screen.getByText('1.5×')).toBeVisible();
    expect(screen.getByText('0.5×')).toBeVisible();
  });

  it('says when the voices cannot be loaded, and tries again', async () => {
    server.use(conversationsHandlers.voicesFailure);
    const { user } = renderInApp(
      <Controlled initial={{ enabled: true, voice: null, speed: 1, pitch: 1 }} />,
    );
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent("We couldn't load the voices");
    server.use(conversationsHandlers.voices);
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Voice' })).toBeEnabled());
  });
});

describe('useVoiceSettings', () => {
  it('keeps the settings in local storage and ignores what it cannot read', () => {
    const store = createMemoryStore();
    function Probe() {
      const [value, change] = useVoiceSettings(store);
      return (
        <button type="button" onClick={() => change({ ...value, enabled: true, speed: 1.5 })}>
          {JSON.stringify(value)}
        </button>
      );
    }
    renderInApp(<Probe />);
    act(() => screen.getByRole('button').click());
    expect(JSON.parse(store.get(voiceSettingsKey) ?? '')).toEqual({
      enabled: true,
      voice: null,
      speed: 1.5,
      pitch: 1,
    });
    expect(readVoiceSettings(store).speed).toBe(1.5);
    store.set(voiceSettingsKey, '{"enabled":true,"speed":9}');
    expect(readVoiceSettings(store)).toEqual({ enabled: false, voice: null, speed: 1, pitch: 1 });
    store.set(voiceSettingsKey, 'not json');
    expect(readVoiceSettings(store).enabled).toBe(false);
  });
});

describe('SpokenReplyPlayer', () => {
  const audio: SpokenReply = {
    format: 'mp3',
    mimeType: 'audio/mpeg',
    data: btoa('ID3 fake mp3 bytes'),
    voice: 'flite:rms',
  };
  let created: Blob[];
  let revoked: string[];

  beforeEach(() => {
    created = [];
    revoked = [];
    Object.assign(URL, {
      createObjectURL: vi.fn((blob: Blob) => {
        created.push(blob);
        return `blob:reply-${created.length}`;
      }),
      revokeObjectURL: vi.fn((url: string) => revoked.push(url)),
    });
    vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(() => {});
  });
  afterEach(() => vi.restoreAllMocks());

  it('turns the base64 into a typed blob URL, plays and pauses, and frees it on unmount', async () => {
    const play = vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(function (
      this: HTMLMediaElement,
    ) {
      this.dispatchEvent(new Event('play'));
      return Promise.resolve();
    });
    const { user, unmount } = renderInApp(<SpokenReplyPlayer audio={audio} />);
    const group = await screen.findByRole('group', { name: 'Spoken reply' });
    expect(group).toHaveTextContent('Ready to play');
    expect(created).toHaveLength(1);
    expect(created[0]?.type).toBe('audio/mpeg');
    expect(await created[0]?.text()).toBe('ID3 fake mp3 bytes');
    await user.click(screen.getByRole('button', { name: 'Play spoken reply' }));
    expect(play).toHaveBeenCalledOnce();
    expect(group).toHaveTextContent('Playing');
    const pause = screen.getByRole('button', { name: 'Pause spoken reply' });
    const audioElement = group.querySelector('audio') as HTMLAudioElement;
    await user.click(pause);
    act(() => void audioElement.dispatchEvent(new Event('pause')));
    expect(group).toHaveTextContent('Paused');
    act(() => void audioElement.dispatchEvent(new Event('ended')));
    expect(group).toHaveTextContent('Finished');
    unmount();
    expect(revoked).toEqual(['blob:reply-1']);
  });

  it('shows a play button when the browser refuses to autoplay', async () => {
    vi.spyOn(HTMLMediaElement.prototype, 'play').mockRejectedValue(
      new DOMException('play() failed', 'NotAllowedError'),
    );
    renderInApp(<SpokenReplyPlayer audio={audio} autoPlay />);
    const group = await screen.findByRole('group', { name: 'Spoken reply' });
    await waitFor(() => expect(group).toHaveTextContent('Press play to listen'));
    expect(screen.getByRole('button', { name: 'Play spoken reply' })).toBeEnabled();
  });

  it('says when the audio is unreadable', async () => {
    renderInApp(<SpokenReplyPlayer audio={{ ...audio, data: '%%%not base64' }} />);
    const group = await screen.findByRole('group', { name: 'Spoken reply' });
    expect(group).toHaveTextContent("This audio can't be played");
    expect(screen.getByRole('button', { name: 'Play spoken reply' })).toBeDisabled();
  });
});
