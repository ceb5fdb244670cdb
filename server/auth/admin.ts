// The admin API (service_role key): create, list, read, update (incl. bans), delete users.
import { readJson } from '../http.ts';
import type { AuthContext } from './context.ts';
import { authErrors } from './errors.ts';
import { type Handler } from './handler.ts';
import { hashPassword } from './password.ts';
import {
  deleteUser,
  findUserByEmail,
  findUserById,
  insertUser,
  listUsers,
  updateUser,
  userJson,
} from './users.ts';

/** '24h', '90m', '30s', 'none' (GoTrue's ban_duration). */
function banUntil(duration: unknown): Date | null | undefined {
  if (duration === undefined) return undefined;
  if (duration === 'none') return null;
  const match = typeof duration === 'string' ? /^(\d+(?:\.\d+)?)(h|m|s)$/.exec(duration) : null;
  if (!match) throw authErrors.validation('invalid format for ban duration');
  const unit = { h: 3600_000, m: 60_000, s: 1000 }[match[2] as 'h' | 'm' | 's'];
  return new Date(Date.now() + Number(match[1]) * unit);
}

export function createAdminHandlers(ctx: AuthContext) {
  const { db, send, requireServiceRole, checkEmail, checkPassword, objectOrEmpty } = ctx;
  const { options } = ctx;
  const adminCreate: Handler = async (req, res) => {
    await requireServiceRole(req);
    const body = await readJson(req);
    const email = checkEmail(body.email);
    // The same password rule as sign-up: a weak password is refused here too.
    const password = body.password === undefined ? undefined : checkPassword(body.password, email);
    const user = await insertUser(db, {
      email,
      passwordHash: password ? await hashPassword(password) : null,
      confirmed: body.email_confirm === true,
      userMetadata: objectOrEmpty(body.user_metadata ?? body.data),
      appMetadata: objectOrEmpty(body.app_metadata),
      bannedUntil: banUntil(body.ban_duration) ?? null,
    });
    if (!user) throw authErrors.emailExists();
    send(res, 200, userJson(user));
  };

  const adminList: Handler = async (req, res, url) => {
    await requireServiceRole(req);
    const page = Math.max(1, Number(url.searchParams.get('page')) || 1);
    const perPage = Math.min(1000, Math.max(1, Number(url.searchParams.get('per_page')) || 50));
    const { users, total } = await listUsers(db, page, perPage);
    const lastPage = Math.max(1, Math.ceil(total / perPage));
    const base = `${options.siteUrl()}/auth/v1/admin/users?per_page=${perPage}`;
    const links = [`<${base}&page=${lastPage}>; rel="last"`];
    if (page < lastPage) links.unshift(`<${base}&page=${page + 1}>; rel="next"`);
    send(
      res,
      200,
      { users: users.map(userJson), aud: 'authenticated' },
      {
        'X-Total-Count': String(total),
        Link: links.join(', '),
      },
    );
  };

  const adminGet: Handler = async (req, res, _url, [id]) => {
    await requireServiceRole(req);
    const user = await findUserById(db, id!);
    if (!user) throw authErrors.userNotFound();
    send(res, 200, userJson(user));
  };

  const adminUpdate: Handler = async (req, res, _url, [id]) => {
    await requireServiceRole(req);
    const user = await findUserById(db, id!);
    if (!user) throw authErrors.userNotFound();
    const body = await readJson(req);
    const changes: Parameters<typeof updateUser>[2] = {};
    if (body.email !== undefined) {
      const email = checkEmail(body.email);
      const other = await findUserByEmail(db, email);
      if (other && other.id !== user.id) throw authErrors.emailExists();
      changes.email = email;
    }
    if (body.password !== undefined) {
      changes.passwordHash = await hashPassword(
        checkPassword(body.password, changes.email ?? user.email ?? undefined),
      );
    }
    if (body.user_metadata !== undefined) changes.userMetadata = objectOrEmpty(body.user_metadata);
    if (body.app_metadata !== undefined) changes.appMetadata = objectOrEmpty(body.app_metadata);
    if (body.email_confirm === true) changes.confirmEmail = true;
    const bannedUntil = banUntil(body.ban_duration);
    if (bannedUntil !== undefined) changes.bannedUntil = bannedUntil;
    const updated = await updateUser(db, user.id, changes);
    // A ban ends every session at once, not at token expiry; so does a password set by an admin
    // (GoTrue logs the person out everywhere: whoever held a session may be who took the account).
    if (bannedUntil || changes.passwordHash) {
      await db.query('delete from auth.sessions where user_id = $1', [user.id]);
    }
    send(res, 200, userJson(updated));
  };

  const adminDelete: Handler = async (req, res, _url, [id]) => {
    await requireServiceRole(req);
    const user = await findUserById(db, id!);
    if (!user) throw authErrors.userNotFound();
    await deleteUser(db, user.id);
    send(res, 200, userJson(user));
  };

  return { adminCreate, adminList, adminGet, adminUpdate, adminDelete };
}
