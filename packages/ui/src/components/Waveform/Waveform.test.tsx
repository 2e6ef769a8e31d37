import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderUi } from '../../test/render';
import { formatClock } from './clock';
import { computePeaks } from './peaks';
import { Waveform } from './Waveform';

describe('computePeaks', () => {
  it('takes the loudest sample of each slice, across channels, scaled to the loudest', () => {
    const left = Float32Array.from([0.1, -0.2, 0.05, 0.4, 0, 0, -0.8, 0.2]);
    const right = Float32Array.from([0, 0, 0.3, 0, 0, 0.1, 0, 0]);
    expect(computePeaks([left, right], 4)).toEqual([0.25, 0.5, 0.125, 1]);
  });

  it('gives as many bars as asked, silence as zeros, and nothing for no bars', () => {
    expect(computePeaks([new Float32Array(100)], 10)).toEqual(new Array(10).fill(0));
    expect(computePeaks([], 3)).toEqual([0, 0, 0]);
    expect(computePeaks([Float32Array.from([0.5])], 0)).toEqual([]);
    // Fewer samples than bars: each bar still reads a sample.
    expect(computePeaks([Float32Array.from([0.5, -1])], 4)).toEqual([0.5, 0.5, 1, 1]);
  });
});

describe('formatClock', () => {
  it('writes m:ss, and h:mm:ss from an hour, rounding down', () => {
    expect(formatClock(0)).toBe('0:00');
    expect(formatClock(7.9)).toBe('0:07');
    expect(formatClock(90)).toBe('1:30');
    expect(formatClock(3723)).toBe('1:02:03');
    expect(formatClock(Number.NaN)).toBe('0:00');
    expect(formatClock(-3)).toBe('0:00');
  });
});

describe('Waveform', () => {
  const peaks = [0.2, 0.6, 1, 0.4];

  it('is a slider whose value reads as the position of the length', () => {
    renderUi(<Waveform peaks={peaks} position={42} duration={90} onSeek={() => undefined} />);
    const slider = screen.getByRole('slider', { name: 'Position' });
    expect(slider).toHaveAttribute('aria-valuenow', '42');
    expect(slider).toHaveAttribute('aria-valuemax', '90');
    expect(slider).toHaveAttribute('aria-valuetext', '0:42 of 1:30');
  });

  it('reads in Vietnamese', () => {
    renderUi(<Waveform peaks={peaks} position={5} duration={65} />, { lng: 'vi' });
    expect(screen.getByRole('slider', { name: 'Vị trí' })).toHaveAttribute(
      'aria-valuetext',
      '0:05 trên 1:05',
    );
  });

  it('seeks with the arrow keys, Page Up/Down, Home and End, within the sound', () => {
    const onSeek = vi.fn();
    renderUi(<Waveform peaks={peaks} position={10} duration={60} onSeek={onSeek} />);
    const slider = screen.getByRole('slider');
    for (const key of [
      'ArrowRight',
      'ArrowLeft',
      'ArrowUp',
      'ArrowDown',
      'PageUp',
      'Home',
      'End',
    ]) {
      fireEvent.keyDown(slider, { key });
    }
    expect(onSeek.mock.calls.map(([seconds]) => seconds)).toEqual([15, 5, 15, 5, 16, 0, 60]);
    onSeek.mockClear();
    fireEvent.keyDown(slider, { key: 'a' });
    expect(onSeek).not.toHaveBeenCalled();
  });

  it('never seeks before the start or past the end', () => {
    const onSeek = vi.fn();
    renderUi(<Waveform peaks={peaks} position={2} duration={8} onSeek={onSeek} />);
    const slider = screen.getByRole('slider');
    fireEvent.keyDown(slider, { key: 'ArrowLeft' });
    fireEvent.keyDown(slider, { key: 'PageUp' });
    expect(onSeek.mock.calls.map(([seconds]) => seconds)).toEqual([0, 2.8]);
  });

  it('seeks where it is clicked', () => {
    const onSeek = vi.fn();
    renderUi(<Waveform peaks={peaks} position={0} duration={100} onSeek={onSeek} />);
    const slider = screen.getByRole('slider');
    slider.getBoundingClientRect = () => DOMRect.fromRect({ x: 100, y: 0, width: 200, height: 48 });
    fireEvent.pointerDown(slider, { button: 0, clientX: 150, pointerId: 1 });
    expect(onSeek).toHaveBeenCalledWith(25);
  });

  it('marks the bars already heard', () => {
    const { container } = renderUi(<Waveform peaks={peaks} position={50} duration={100} />);
    const bars = [...container.querySelectorAll('rect')];
    expect(bars).toHaveLength(4);
    const classes = bars.map((bar) => bar.getAttribute('class'));
    expect(classes[0]).toBe(classes[1]);
    expect(classes[1]).not.toBe(classes[2]);
    expect(classes[2]).toBe(classes[3]);
  });

  it('while loading: placeholder bars, busy, says so, and seeks nothing', () => {
    const onSeek = vi.fn();
    renderUi(<Waveform peaks={null} loading position={0} duration={30} onSeek={onSeek} />);
    const slider = screen.getByRole('slider');
    expect(slider).toHaveAttribute('aria-busy', 'true');
    expect(slider).toHaveAttribute('aria-valuetext', 'Loading the sound…');
    fireEvent.keyDown(slider, { key: 'End' });
    expect(onSeek).not.toHaveBeenCalled();
  });

  it('without peaks: a plain progress bar that seeks the same way', () => {
    const onSeek = vi.fn();
    const { container } = renderUi(
      <Waveform peaks={null} position={15} duration={60} onSeek={onSeek} />,
    );
    expect(container.querySelector('rect')).toBeNull();
    fireEvent.keyDown(screen.getByRole('slider'), { key: 'End' });
    expect(onSeek).toHaveBeenCalledWith(60);
  });

  it('takes a name of its own', () => {
    renderUi(
      <Waveform aria-label="Position in Greeting" peaks={peaks} position={0} duration={3} />,
    );
    expect(screen.getByRole('slider', { name: 'Position in Greeting' })).toBeInTheDocument();
  });

  it('draws named places and says which one playback is in', () => {
    const markers = [
      { at: 0, label: 'Intro' },
      { at: 30, label: 'Chorus' },
      // Past the end: not drawn.
      { at: 120, label: 'Outro' },
    ];
    renderUi(<Waveform peaks={peaks} position={42} duration={90} markers={markers} />);
    const slider = screen.getByRole('slider');
    expect(slider).toHaveAttribute('aria-valuetext', '0:42 of 1:30, Chorus');
    expect(slider).toHaveTextContent('IntroChorus');
    expect(slider).not.toHaveTextContent('Outro');
  });
});
