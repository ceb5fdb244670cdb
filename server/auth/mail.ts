// E-mails the database asks for (NOTIFY pointage_mail, e.g. an invitation from invite_employee()).
// Locally nothing is sent: the link goes to the server log, like password-recovery links.
// On Supabase the same notification is left to a database webhook or an edge function.
import pg from 'pg';

export interface MailNotice {
  kind: string;
  email: string;
  name?: string;
  /** Path on this site the e-mail links to, e.g. /signup?email=… */
  path: string;
}

export function mailLogLine(notice: MailNotice, siteUrl: string): string {
  return `[auth] ${notice.kind} link for ${notice.email}: ${siteUrl}${notice.path}`;
}

/** Listens for the database's mail notices; the returned function stops listening. */
export async function startMailLog(
  databaseUrl: string,
  siteUrl: () => string,
  log: (line: string) => void,
): Promise<() => Promise<void>> {
  const client = new pg.Client({ connectionString: databaseUrl });
  let stopping = false;
  client.on('error', (error) => stopping || log(`[auth] mail listener: ${error.message}`));
  client.on('notification', (message) => {
    if (message.channel !== 'pointage_mail' || !message.payload) return;
    try {
      log(mailLogLine(JSON.parse(message.payload) as MailNotice, siteUrl()));
    } catch {
      log(`[auth] unreadable mail notice: ${message.payload}`);
    }
  });
  await client.connect();
  await client.query('listen pointage_mail');
  return async () => {
    stopping = true;
    await client.end().catch(() => undefined);
  };
}
