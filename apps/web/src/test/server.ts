import { setupServer } from 'msw/node';
import { handlers } from '../mocks/handlers';

/** The MSW server of every Vitest test: the shared handlers, any other request fails the test. */
export const server = setupServer(...handlers);
