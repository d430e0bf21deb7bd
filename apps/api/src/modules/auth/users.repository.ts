import type { Kysely } from 'kysely';
import type { Database, UsersTable } from '../../db/schema';
import type { Role } from '@portal/domain/auth';
import { newId } from '../../crypto';

export function createUsersRepository(db: Kysely<Database>) {
  return {
    /** Finds the account a login name (e-mail or CPF digits) points to for one role. */
    findUserByLogin(args: { role: Role } & ({ email: string } | { cpf: string })) {
      let q = db.selectFrom('users').selectAll().where('role', '=', args.role);
      q = 'email' in args ? q.where('email', '=', args.email) : q.where('cpf', '=', args.cpf);
      return q.executeTakeFirst();
    },
    findUserByEmailAndCpf(email: string, cpf: string) {
      return db.selectFrom('users').selectAll().where('email', '=', email).where('cpf', '=', cpf).executeTakeFirst();
    },
    findUserById(id: string) {
      return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
    },
    async createUser(user: Pick<UsersTable, 'role' | 'name' | 'email' | 'cpf' | 'password_hash'>) {
      const now = Date.now();
      const row: UsersTable = { id: newId(), ...user, created_at: now, updated_at: now };
      await db.insertInto('users').values(row).execute();
      return row;
    },
    async setPasswordHash(userId: string, passwordHash: string) {
      await db
        .updateTable('users')
        .set({ password_hash: passwordHash, updated_at: Date.now() })
        .where('id', '=', userId)
        .execute();
    },
  };
}
export type UsersRepository = ReturnType<typeof createUsersRepository>;
