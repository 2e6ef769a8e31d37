/**
 * The offline composer: writes a real arrangement from the music settings (chords, melody, bass,
 * accompaniment, drums, in the structure asked), as a Standard MIDI File, and renders it with a
 * General MIDI sound font. Not AI audio: README.md says what it is and is not.
 */
export {
  type Arrangement,
  arrangement as arrangementSchema,
  type ArrangementNote,
  type ArrangementPart,
  type ArrangementSection,
  barMs,
  DRUM_CHANNEL,
  type PartRole,
  partRoles,
  PPQ,
  TICKS_PER_BAR,
} from './arrangement.ts';
export {
  allocateBars,
  assignRoles,
  composeArrangement,
  type ComposeOptions,
  extendArrangement,
  planStructure,
  rewriteSection,
} from './compose.ts';
export { arrangementToMidi, type MidiOptions } from './midi.ts';
export {
  CHANNELS,
  loadSoundFont,
  peakDbfs,
  renderArrangement,
  renderedFrames,
  type RenderedAudio,
  type RenderOptions,
  SAMPLE_RATE,
  type SoundFont,
  TARGET_PEAK_DBFS,
} from './render.ts';
export { soundFontPath, soundFontVariable } from './sound-font.ts';
export { chordPitchClasses, inScale, keySignatureOf, scalePitchClasses } from './theory.ts';
