import workletUrl from './captureWorklet.ts?worker&url';
import { downsample } from './wav';

/** What recognisers take: 16 kHz mono. */
export const captureSampleRate = 16_000;

export type MicrophoneErrorKind = 'denied' | 'missing' | 'unsupported' | 'failed';

/** Why the microphone could not be opened, in a kind the page words for the user. */
export class MicrophoneError extends Error {
  constructor(
    readonly kind: MicrophoneErrorKind,
    options?: ErrorOptions,
  ) {
    super(`Microphone: ${kind}`, options);
    this.name = 'MicrophoneError';
  }
}

export interface Microphone {
  stop(): void;
}

/**
 * Opens the microphone with the browser's echo cancellation, noise suppression and gain control
 * (so a reply spoken through the speakers is not heard back as the user), and hands its samples,
 * at 16 kHz, to `onSamples` until stopped. Nothing is recorded or sent anywhere by this: what to
 * keep is the caller's choice.
 */
export async function openMicrophone(
  onSamples: (samples: Float32Array) => void,
): Promise<Microphone> {
  if (!navigator.mediaDevices?.getUserMedia || typeof AudioWorkletNode === 'undefined') {
    throw new MicrophoneError('unsupported');
  }
  let stream: MediaStream;
  try {
    stream = await navigator.mediaDevices.getUserMedia({
      audio: {
        echoCancellation: true,
        noiseSuppression: true,
        autoGainControl: true,
        channelCount: 1,
      },
    });
  } catch (error) {
    const name = error instanceof DOMException ? error.name : '';
    if (name === 'NotAllowedError' || name === 'SecurityError') {
      throw new MicrophoneError('denied', { cause: error });
    }
    if (name === 'NotFoundError' || name === 'OverconstrainedError') {
      throw new MicrophoneError('missing', { cause: error });
    }
    throw new MicrophoneError('failed', { cause: error });
  }
  // The device's own rate: Firefox refuses to connect a microphone to a context at another one.
  const context = new AudioContext();
  try {
    await context.audioWorklet.addModule(workletUrl);
    const source = context.createMediaStreamSource(stream);
    const capture = new AudioWorkletNode(context, 'studio-capture');
    capture.port.onmessage = (event: MessageEvent<{ samples: Float32Array; sampleRate: number }>) =>
      onSamples(downsample(event.data.samples, event.data.sampleRate, captureSampleRate));
    source.connect(capture);
    return {
      stop() {
        capture.port.onmessage = null;
        source.disconnect();
        for (const track of stream.getTracks()) track.stop();
        void context.close();
      },
    };
  } catch (error) {
    for (const track of stream.getTracks()) track.stop();
    void context.close();
    throw new MicrophoneError('failed', { cause: error });
  }
}
