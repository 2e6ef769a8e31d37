import { setupWorker } from 'msw/browser';
import { handlers } from './handlers';

/** The MSW worker for `VITE_API_MOCKS=msw pnpm dev`. */
export const worker = setupWorker(...handlers);
