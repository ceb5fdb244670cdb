// Secure e-mail change, as Supabase Auth's default (MAILER_SECURE_EMAIL_CHANGE_ENABLED): a link to
// the current address and one to the new; the change is applied once both have been followed.
import type { AuthContext } from './context.ts';
import { storeEmailChangeTokens } from './otp.ts';

/** GoTrue's answer to the first of the two links. */
export const SINGLE_CONFIRMATION_ACCEPTED =
  'Confirmation link accepted. Please proceed to confirm link sent to the other email';

/** Writes both links (replacing any pending change) to the mail log. */
export async function sendEmailChangeLinks(
  ctx: AuthContext,
  user: { id: string; email: string | null },
  newEmail: string,
  redirect: string,
): Promise<void> {
  const current = user.email ?? '';
  const tokens = await storeEmailChangeTokens(ctx.db, user.id, newEmail, current !== '');
  if (tokens.current !== undefined) {
    ctx.sendMail('email change', current, ctx.verifyLink(tokens.current, 'email_change', redirect));
  }
  ctx.sendMail('email change', newEmail, ctx.verifyLink(tokens.next, 'email_change', redirect));
}
