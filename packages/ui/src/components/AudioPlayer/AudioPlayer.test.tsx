import { fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderUi } from '../../test/render';
import { AudioPlayer } from './AudioPlayer';

// jsdom has <audio> without playback: play and pause fire their events as a browser would.
beforeEach(() => {
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(function (
    this: HTMLMediaElement,
  ) {
    Object.defineProperty(this, 'paused', { value: false, configurable: true });
    this.dispatchEvent(new Event('play'));
    return Promise.resolve();
  });
  vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(function (
    this: HTMLMediaElement,
  ) {
    Object.defineProperty(this, 'paused', { value: true, configurable: true });
    this.dispatchEvent(new Event('pause'));
  });
});
afterEach(() => vi.restoreAllMocks());

describe('AudioPlayer', () => {
  it('plays and pauses, its button named for what it does', async () => {
    const onPlayingChange = vi.fn();
    const { user } = renderUi(
      <AudioPlayer
        src="blob:greeting"
        title="Greeting"
        peaks={[0.5, 1]}
        duration={3}
        onPlayingChange={onPlayingChange}
      />,
    );
    await user.click(screen.getByRole('button', { name: 'Play Greeting' }));
    expect(await screen.findByRole('button', { name: 'Pause Greeting' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Pause Greeting' }));
    expect(screen.getByRole('button', { name: 'Play Greeting' })).toBeInTheDocument();
    expect(onPlayingChange.mock.calls).toEqual([[true], [false]]);
    expect(screen.getByRole('slider', { name: 'Position in Greeting' })).toHaveAttribute(
      'aria-valuetext',
      '0:00 of 0:03',
    );
  });

  it('asks for the sound when it has none, then plays it once it arrives', async () => {
    const onPlayRequest = vi.fn();
    const { user, rerender } = renderUi(
      <AudioPlayer src={null} title="Clip" duration={12} onPlayRequest={onPlayRequest} />,
    );
    // Nothing to seek yet.
    expect(screen.getByRole('slider')).toHaveAttribute('aria-disabled', 'true');
    await user.click(screen.getByRole('button', { name: 'Play Clip' }));
    expect(onPlayRequest).toHaveBeenCalledTimes(1);
    rerender(<AudioPlayer src="blob:clip" title="Clip" duration={12} />);
    expect(HTMLMediaElement.prototype.play).toHaveBeenCalled();
    expect(await screen.findByRole('button', { name: 'Pause Clip' })).toBeInTheDocument();
  });

  it('seeks from its waveform', () => {
    renderUi(<AudioPlayer src="blob:x" title="X" peaks={[1, 1]} duration={20} />);
    const audio = document.querySelector('audio') as HTMLAudioElement;
    fireEvent.keyDown(screen.getByRole('slider'), { key: 'ArrowRight' });
    expect(audio.currentTime).toBe(5);
  });

  it('says when the sound cannot be played', () => {
    renderUi(<AudioPlayer src="blob:broken" title="Broken" />);
    fireEvent.error(document.querySelector('audio') as HTMLAudioElement);
    expect(screen.getByRole('alert')).toHaveTextContent('This sound cannot be played');
    expect(screen.getByRole('button', { name: 'Play Broken' })).toBeDisabled();
  });

  it('holds a download slot', () => {
    renderUi(<AudioPlayer src="blob:x" title="X" download={<a href="blob:x">Download</a>} />);
    expect(screen.getByRole('link', { name: 'Download' })).toBeInTheDocument();
  });

  it('loops when asked, as a toggle', async () => {
    const { user } = renderUi(<AudioPlayer src="blob:x" title="Song" loopable />);
    const toggle = screen.getByRole('button', { name: 'Loop Song' });
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-pressed', 'true');
    expect(document.querySelector('audio')?.loop).toBe(true);
  });

  it('offers no loop toggle unless asked', () => {
    renderUi(<AudioPlayer src="blob:x" title="Song" />);
    expect(screen.queryByRole('button', { name: 'Loop Song' })).not.toBeInTheDocument();
  });
});
