import { createRequire } from 'node:module';
import type * as ToneMidiModule from '@tonejs/midi';
import { musicInstrumentPrograms } from '@studio/contracts';
import type { Arrangement, MusicInstrument } from './arrangement.ts';
import { BEATS_PER_BAR } from './arrangement.ts';
import { keySignatureOf } from './theory.ts';

/**
 * @tonejs/midi (MIT) writes the file and reads it back (the tests parse what it wrote) with one
 * model of tracks and notes in ticks; midi-writer-js only writes. It is a CommonJS package whose
 * named exports Node's ESM loader cannot see, so it is loaded with require.
 */
type ToneMidi = typeof ToneMidiModule;
const { Midi } = createRequire(import.meta.url)('@tonejs/midi') as ToneMidi;

export interface MidiOptions {
  /** Only this instrument's track (with the tempo, time and key signatures): its stem. */
  only?: MusicInstrument;
}

/**
 * The arrangement as a Standard MIDI File, type 1: tempo, 4/4, key signature, then one track per
 * instrument with its name, channel and General MIDI program (drums on channel 10).
 */
export function arrangementToMidi(arrangement: Arrangement, options: MidiOptions = {}): Uint8Array {
  const { settings } = arrangement;
  const midi = new Midi();
  midi.header.name = `${settings.genre} ${settings.mood}`;
  midi.header.setTempo(settings.tempo);
  midi.header.timeSignatures.push({ ticks: 0, timeSignature: [BEATS_PER_BAR, 4] });
  const signature = keySignatureOf(settings.key);
  // A MIDI key signature names the major key of its sharps and flats, then says minor or major.
  midi.header.keySignatures.push({
    ticks: 0,
    key: signature.name,
    scale: signature.minor ? 'minor' : 'major',
  });
  for (const { instrument, channel } of arrangement.channels) {
    if (options.only && options.only !== instrument) continue;
    const track = midi.addTrack();
    track.name = instrument;
    track.channel = channel;
    track.instrument.number = instrument === 'drums' ? 0 : musicInstrumentPrograms[instrument];
    for (const part of arrangement.parts) {
      if (part.instrument !== instrument) continue;
      for (const note of part.notes) {
        track.addNote({
          midi: note.pitch,
          ticks: note.tick,
          durationTicks: note.ticks,
          velocity: note.velocity / 127,
        });
      }
    }
  }
  return withKeySignature(midi.toArray(), signature.sharps);
}

/**
 * @tonejs/midi 2.0.28 writes a key signature's sharps off by 14 (it adds 7 to an index that is
 * already offset by 7), which no reader understands; the one key-signature event (FF 59 02 sf mi)
 * of the tempo track is set to the right count here. Its reader is right, so the tests read it back.
 */
function withKeySignature(bytes: Uint8Array, sharps: number): Uint8Array {
  for (let index = 0; index + 4 < bytes.length; index += 1) {
    if (bytes[index] === 0xff && bytes[index + 1] === 0x59 && bytes[index + 2] === 0x02) {
      bytes[index + 3] = sharps & 0xff;
      return bytes;
    }
  }
  throw new Error('The MIDI file has no key signature.');
}
