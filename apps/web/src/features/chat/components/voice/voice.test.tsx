import type { SpokenSentencePart } from '@studio/contracts';
import type { AudioOutput } from '../../../../lib/audio/audioQueue';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useState, useSyncExternalStore } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { conversationsHandlers } from '../../../../mocks/handlers/conversations';
import { createMemoryStore } from '../../../../lib/storage';
import { renderInApp } from '../../../../test/render';
import { server } from '../../../../test/server';
import { SpokenReplyPlayer, type SpokenReplyPlayerProps } from './SpokenReplyPlayer';
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
      <Controlled
        initial={{ enabled: false, voice: null, speed: 1, pitch: 1, sendDictation: false }}
      />,
    );
    const voice = screen.getByRole('combobox', { name: 'Voice' });
    // Off: nothing to choose yet.
    expect(voice).toBeDisabled();
    expect(screen.getByRole('slider', { name: 'Speed' })).toBeDisabled();
    await user.click(screen.getByRole('switch', { name: 'Read replies aloud' }));
    expect(current()).toEqual({
      enabled: true,
      voice: null,
      speed: 1,
      pitch: 1,
      sendDictation: false,
    });
    await waitFor(() => expect(voice).toBeEnabled());
    const groups = within(voice).getAllByRole('group');
    expect(groups.map((group) => group.getAttribute('label'))).toEqual(['English', 'Vietnamese']);
    expect(
      within(groups[1] as HTMLElement)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual([
      'Tiếng Việt (miền Bắc) (offline, sounds robotic)',
      'Tiếng Việt (miền Nam) (offline, sounds robotic)',
    ]);
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
      sendDictation: false,
    });
    expect(screen.getByText('1.5×')).toBeVisible();
    expect(screen.getByText('0.5×')).toBeVisible();
    await user.click(screen.getByRole('switch', { name: 'Send dictated messages at once' }));
    expect(current()).toMatchObject({ sendDictation: true });
  });

  it('says when the voices cannot be loaded, and tries again', async () => {
    server.use(conversationsHandlers.voicesFailure);
    const { user } = renderInApp(
      <Controlled
        initial={{ enabled: true, voice: null, speed: 1, pitch: 1, sendDictation: false }}
      />,
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
      sendDictation: false,
    });
    expect(readVoiceSettings(store).speed).toBe(1.5);
    // Settings kept before dictation existed still read, with dictation sent for review.
    store.set(voiceSettingsKey, '{"enabled":true,"voice":null,"speed":1.2,"pitch":1}');
    expect(readVoiceSettings(store)).toMatchObject({ speed: 1.2, sendDictation: false });
    store.set(voiceSettingsKey, '{"enabled":true,"speed":9}');
    expect(readVoiceSettings(store)).toEqual({
      enabled: false,
      voice: null,
      speed: 1,
      pitch: 1,
      sendDictation: false,
    });
    store.set(voiceSettingsKey, 'not json');
    expect(readVoiceSettings(store).enabled).toBe(false);
  });
});

describe('SpokenReplyPlayer', () => {
  const part = (index: number, data = btoa(`sentence ${index}`)): SpokenSentencePart => ({
    index,
    text: `Sentence ${index}.`,
    format: 'wav',
    mimeType: 'audio/wav',
    data,
    voice: 'flite:rms',
  });

  /** Web Audio as the queue uses it: each piece lasts a second; the test ends pieces itself. */
  function fakeOutput(refuse = false) {
    const started: { bytes: string; source: { onended: (() => void) | null; stop: () => void } }[] =
      [];
    const output = {
      currentTime: 0,
      state: 'suspended',
      destination: {},
      decodeAudioData: async (data: ArrayBuffer) =>
        ({ duration: 1, bytes: new TextDecoder().decode(data) }) as unknown as AudioBuffer,
      createBufferSource() {
        const source = {
          buffer: null as null | { bytes: string },
          onended: null as (() => void) | null,
          connect() {},
          start() {
            started.push({ bytes: source.buffer?.bytes ?? '', source });
          },
          stop: vi.fn(),
        };
        return source;
      },
      resume: async () => {
        if (!refuse) output.state = 'running';
      },
      suspend: async () => {
        output.state = 'suspended';
      },
      close: async () => {},
    };
    return { output: () => output as unknown as AudioOutput, started };
  }

  /** The player with props the test changes later (a rerender would mount a new one). */
  function renderLive(first: SpokenReplyPlayerProps) {
    let props = first;
    const listeners = new Set<() => void>();
    const store = {
      subscribe: (listener: () => void) => {
        listeners.add(listener);
        return () => listeners.delete(listener);
      },
      read: () => props,
    };
    function Live() {
      const current = useSyncExternalStore(store.subscribe, store.read);
      return <SpokenReplyPlayer {...current} />;
    }
    renderInApp(<Live />);
    return (next: SpokenReplyPlayerProps) =>
      act(() => {
        props = next;
        for (const listener of listeners) listener();
      });
  }

  it('plays the sentences as they arrive, in order, and finishes after the last', async () => {
    const { output, started } = fakeOutput();
    const update = renderLive({ parts: [part(0)], live: true, autoPlay: true, output });
    const group = await screen.findByRole('group', { name: 'Spoken reply' });
    await waitFor(() => expect(started.map((s) => s.bytes)).toEqual(['sentence 0']));
    update({ parts: [part(0), part(1)], live: true, autoPlay: true, output });
    await waitFor(() => expect(started.map((s) => s.bytes)).toEqual(['sentence 0', 'sentence 1']));
    update({ parts: [part(0), part(1)], live: false, autoPlay: true, output });
    act(() => started[0]?.source.onended?.());
    act(() => started[1]?.source.onended?.());
    await waitFor(() => expect(group).toHaveTextContent('Finished'));
    expect(screen.getByRole('button', { name: 'Play spoken reply' })).toBeEnabled();
  });

  it('goes silent at once when the reply is stopped', async () => {
    const { output, started } = fakeOutput();
    const update = renderLive({ parts: [part(0)], live: true, autoPlay: true, output });
    await waitFor(() => expect(started).toHaveLength(1));
    update({ parts: [part(0)], halted: true, autoPlay: true, output });
    await waitFor(() => expect(started[0]?.source.stop).toHaveBeenCalled());
    expect(screen.getByRole('group', { name: 'Spoken reply' })).toHaveTextContent('Stopped');
  });

  it('shows a play button when the browser refuses to start sound by itself', async () => {
    const { output } = fakeOutput(true);
    renderInApp(<SpokenReplyPlayer parts={[part(0)]} live autoPlay output={output} />);
    const group = await screen.findByRole('group', { name: 'Spoken reply' });
    await waitFor(() => expect(group).toHaveTextContent('Press play to listen'));
    expect(screen.getByRole('button', { name: 'Play spoken reply' })).toBeEnabled();
  });

  it('says when the audio is unreadable', async () => {
    renderInApp(
      <SpokenReplyPlayer parts={[part(0, '%%%not base64')]} output={fakeOutput().output} />,
    );
    const group = await screen.findByRole('group', { name: 'Spoken reply' });
    expect(group).toHaveTextContent("This audio can't be played");
    expect(screen.getByRole('button', { name: 'Play spoken reply' })).toBeDisabled();
  });
});
