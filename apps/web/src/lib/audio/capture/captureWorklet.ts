/**
 * The audio worklet that hands the microphone's samples to the page: it runs on the audio
 * thread, copies each 128-sample block of the first channel and posts them in batches.
 */
declare const sampleRate: number;
declare function registerProcessor(name: string, processor: unknown): void;
declare class AudioWorkletProcessor {
  readonly port: MessagePort;
}

const batch = 2048;

class CaptureProcessor extends AudioWorkletProcessor {
  private buffer = new Float32Array(batch);
  private filled = 0;

  process(inputs: Float32Array[][]): boolean {
    const channel = inputs[0]?.[0];
    if (channel) {
      for (const sample of channel) {
        this.buffer[this.filled] = sample;
        this.filled += 1;
        if (this.filled === batch) {
          this.port.postMessage({ samples: this.buffer, sampleRate }, [this.buffer.buffer]);
          this.buffer = new Float32Array(batch);
          this.filled = 0;
        }
      }
    }
    return true;
  }
}

registerProcessor('studio-capture', CaptureProcessor);
