import { duration, megabytes } from './byte-units.ts';
import type { DownloadProgress } from './download-model.ts';

/** Where progress goes: a terminal (one redrawn line) or a log (a plain line every ~5 %). */
export interface ProgressOutput {
  write(text: string): void;
  isTTY: boolean;
}

export interface ProgressReporter {
  update(progress: DownloadProgress): void;
  /** Ends the redrawn line so the next message starts on its own line. */
  finish(): void;
}

const barWidth = 24;
const redrawEveryMs = 100;
/** Without a known total, a log line every this many bytes. */
const plainStepBytes = 50_000_000;

/** Speed over this run's bytes only: resumed bytes arrived earlier and would inflate it. */
function speedOf(progress: DownloadProgress, elapsedMs: number): number {
  return elapsedMs > 0 ? ((progress.received - progress.resumedFrom) * 1000) / elapsedMs : 0;
}

/** "[#########---------]  42.1%  205.3 MB / 491.4 MB  12.3 MB/s  ETA 0:23" */
export function progressLine(progress: DownloadProgress, elapsedMs: number): string {
  const speed = speedOf(progress, elapsedMs);
  const rate = `${megabytes(speed)}/s`;
  if (progress.total === null || progress.total === 0) {
    return `${megabytes(progress.received)}  ${rate}`;
  }
  const fraction = Math.min(1, progress.received / progress.total);
  const filled = Math.round(fraction * barWidth);
  const bar = `[${'#'.repeat(filled)}${'-'.repeat(barWidth - filled)}]`;
  const left = progress.total - progress.received;
  const eta = speed > 0 ? duration(left / speed) : '--:--';
  return `${bar} ${(fraction * 100).toFixed(1).padStart(5)}%  ${megabytes(progress.received)} / ${megabytes(progress.total)}  ${rate}  ETA ${eta}`;
}

export function createProgressReporter(
  output: ProgressOutput,
  now: () => number = Date.now,
): ProgressReporter {
  const startedAt = now();
  let lastDraw = -Infinity;
  let lastStep = -1;
  let drawn = false;
  let latest: DownloadProgress | null = null;

  const draw = () => {
    if (!latest) return;
    output.write(`\r${progressLine(latest, now() - startedAt)}\x1b[K`);
    drawn = true;
  };

  return {
    update(progress) {
      latest = progress;
      const complete = progress.total !== null && progress.received >= progress.total;
      if (output.isTTY) {
        if (complete || now() - lastDraw >= redrawEveryMs) {
          lastDraw = now();
          draw();
        }
        return;
      }
      const step =
        progress.total !== null && progress.total > 0
          ? Math.floor((progress.received / progress.total) * 20)
          : Math.floor(progress.received / plainStepBytes);
      if (step > lastStep) {
        lastStep = step;
        output.write(`${progressLine(progress, now() - startedAt)}\n`);
      }
    },
    finish() {
      if (output.isTTY && drawn) {
        draw();
        output.write('\n');
      }
    },
  };
}
