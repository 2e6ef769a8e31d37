import fp from 'fastify-plugin';
import {
  createUsersRepository,
  type UsersRepository,
} from '../../domains/users/users.repository.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The accounts table: sign-in, plans and every "who is this user now" read it. */
    users: UsersRepository;
  }
}

/** `app.users`: the one users repository the auth, payments and sharing plugins share. */
export const usersPlugin = fp(
  async (app) => {
    app.decorate('users', createUsersRepository(app.db));
  },
  { name: 'users', dependencies: ['database'] },
);
