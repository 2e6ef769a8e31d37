import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { healthResponse } from '@studio/contracts';
import { afterAll, describe, expect, it } from 'vitest';
import { useTestApp } from './support/test-app.ts';

const empty = mkdtempSync(path.join(tmpdir(), 'studio-no-models-'));
afterAll(() => rmSync(empty, { recursive: true, force: true }));

async function health(app: ReturnType<typeof useTestApp>['app']) {
  const response = await app.inject({ method: 'GET', url: '/api/health' });
  expect(response.statusCode).toBe(200);
  return healthResponse.parse(response.json());
}

// The command that installs a real model is the operator's: /api/health (and the start-up log
// and the README) say it; the chat only tells users that replies come from a demo model.
describe('GET /api/health: the model pull command', () => {
  describe('with no model installed and nothing configured', () => {
    const t = useTestApp('sqlite', { LOCAL_MODELS_DIR: empty });
    it('gives the operator the command', async () => {
      expect((await health(t.app)).pullCommand).toBe('npm run models:pull');
    });
  });

  describe('with models configured', () => {
    const t = useTestApp('sqlite', {
      CHAT_MODELS: JSON.stringify([
        { id: 'small', name: 'Small', provider: 'ollama', model: 'small', capabilities: ['text'] },
      ]),
      // Never contacted: health makes no model call.
      OLLAMA_BASE_URL: 'http://127.0.0.1:9',
    });
    it('gives none', async () => {
      expect((await health(t.app)).pullCommand).toBeNull();
    });
  });
});
