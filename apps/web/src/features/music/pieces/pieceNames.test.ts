import { describe, expect, it } from 'vitest';
import { createTestI18n } from '../../../test/i18n';
import { modelName } from './pieceNames';

const vi = createTestI18n('vi').getFixedT('vi', 'music');

describe("a model's name in the reader's language", () => {
  it('names the offline composer in each language and a provider model as it is', () => {
    expect(modelName({ provider: 'composer', name: 'Offline composer' }, vi)).toBe(
      'Trình soạn nhạc ngoại tuyến',
    );
    expect(modelName({ provider: 'elevenlabs', name: 'Eleven Music' }, vi)).toBe('Eleven Music');
  });
});
