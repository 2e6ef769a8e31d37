import { describe, expect, it } from 'vitest';
import { downsample, encodeWav } from './wav';
import { createVoiceActivity } from './voiceActivity';

describe('encodeWav', () => {
  it('writes a 16-bit mono PCM WAV with the samples clipped to range', async () => {
    const wav = encodeWav(new Float32Array([0, 1, -1, 2]), 16_000);
    const view = new DataView(await wav.arrayBuffer());
    expect(wav.type).toBe('audio/wav');
    expect(view.byteLength).toBe(44 + 8);
    expect(String.fromCharCode(...new Uint8Array(view.buffer, 0, 4))).toBe('RIFF');
    expect(view.getUint32(24, true)).toBe(16_000);
    expect(view.getUint16(34, true)).toBe(16);
    expect([0, 1, 2, 3].map((i) => view.getInt16(44 + i * 2, true))).toEqual([
      0, 32767, -32768, 32767,
    ]);
  });
});

describe('downsample', () => {
  it('averages 48 kHz down to 16 kHz', () => {
    const out = downsample(new Float32Array([0, 0.3, 0.6, 1, 1, 1]), 48_000, 16_000);
    expect(Array.from(out).map((value) => Number(value.toFixed(2)))).toEqual([0.3, 1]);
  });

  it('leaves samples at the same rate alone and refuses to raise the rate', () => {
    const samples = new Float32Array([0.5]);
    expect(downsample(samples, 16_000, 16_000)).toBe(samples);
    expect(() => downsample(samples, 8_000, 16_000)).toThrow();
  });
});

describe('createVoiceActivity', () => {
  const rate = 16_000;
  /** `ms` of a tone at `level` (RMS ≈ level / √2), in 20 ms frames. */
  function* frames(ms: number, level: number) {
    for (let t = 0; t < ms; t += 20) {
      const frame = new Float32Array(rate / 50);
      for (let i = 0; i < frame.length; i += 1) frame[i] = level * Math.sin(i / 3);
      yield frame;
    }
  }
  const run = (activity: ReturnType<typeof createVoiceActivity>, ms: number, level: number) => {
    const events: string[] = [];
    for (const frame of frames(ms, level)) {
      const event = activity.push(frame);
      if (event) events.push(event);
    }
    return events;
  };

  it('hears speech over room noise, and its end after the silence', () => {
    const activity = createVoiceActivity({ sampleRate: rate, silenceMs: 600 });
    expect(run(activity, 500, 0.004)).toEqual([]);
    expect(run(activity, 800, 0.3)).toEqual(['speech-start']);
    expect(activity.speaking()).toBe(true);
    expect(run(activity, 400, 0.004)).toEqual([]);
    expect(run(activity, 400, 0.004)).toEqual(['speech-end']);
    expect(activity.heardSpeech()).toBe(true);
  });

  it('ignores a click shorter than speech, and a steady hum it has learnt', () => {
    const activity = createVoiceActivity({ sampleRate: rate, silenceMs: 600 });
    expect(run(activity, 60, 0.5)).toEqual([]);
    expect(run(activity, 300, 0.004)).toEqual([]);
    expect(activity.heardSpeech()).toBe(false);
    const quiet = createVoiceActivity({ sampleRate: rate, silenceMs: 600 });
    expect(run(quiet, 2000, 0.005)).toEqual([]);
  });
});
