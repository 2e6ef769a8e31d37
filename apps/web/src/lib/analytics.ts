/**
 * The analytics adapter (§4: a language change is reported "when analytics is available"). The
 * app ships the no-op one; a real provider plugs in here without touching the features.
 */
export interface AnalyticsEvents {
  language_change: { from: string; to: string };
}

export type AnalyticsEventName = keyof AnalyticsEvents;

export interface Analytics {
  track<TName extends AnalyticsEventName>(name: TName, properties: AnalyticsEvents[TName]): void;
}

export const noopAnalytics: Analytics = {
  track() {
    // No analytics provider configured.
  },
};

export interface RecordedEvent {
  name: AnalyticsEventName;
  properties: AnalyticsEvents[AnalyticsEventName];
}

/** An adapter that keeps what it was told: tests and stories assert on `events`. */
export function createRecordingAnalytics(): Analytics & { events: RecordedEvent[] } {
  const events: RecordedEvent[] = [];
  return {
    events,
    track(name, properties) {
      events.push({ name, properties });
    },
  };
}
