import type { PartSink } from './partQueue';

/** A moment's margin so the first part's start is never already in the past when scheduled. */
const START_MARGIN_S = 0.05;

export interface WebAudioSink extends PartSink {
  /** How many appended parts have finished playing. */
  heard(): number;
}

/**
 * Plays parts back to back on one AudioContext: each decoded part is scheduled to start exactly
 * when the one before ends (sample-accurate, unlike one <audio> after another), or now if the
 * player has caught up with the job. The context must be created in a click (autoplay rules).
 */
export function webAudioSink(
  context: AudioContext,
  onHeard?: (count: number) => void,
): WebAudioSink {
  let endsAt = 0;
  let heard = 0;
  let stopped = false;
  const sources = new Set<AudioBufferSourceNode>();
  return {
    async append(part) {
      const buffer = await context.decodeAudioData(await part.arrayBuffer());
      if (stopped) return;
      const source = context.createBufferSource();
      source.buffer = buffer;
      source.connect(context.destination);
      const startAt = Math.max(context.currentTime + START_MARGIN_S, endsAt);
      source.start(startAt);
      endsAt = startAt + buffer.duration;
      sources.add(source);
      source.onended = () => {
        sources.delete(source);
        if (stopped) return;
        heard += 1;
        onHeard?.(heard);
      };
    },
    stop() {
      if (stopped) return;
      stopped = true;
      for (const source of sources) source.stop();
      sources.clear();
      void context.close().catch(() => undefined);
    },
    heard: () => heard,
  };
}
