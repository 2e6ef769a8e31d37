export { Waveform, waveformSizes } from './Waveform';
export type { WaveformMarker, WaveformProps, WaveformSize } from './Waveform';
export { computePeaks, decodeAudioPeaks } from './peaks';
export type { DecodedPeaks } from './peaks';
export { formatClock } from './clock';
