// `npm run admin -- grant someone@example.com` (or `revoke`): manage administrators.
import { loadConfig } from '../config.js';
import { openDatabase } from '../db/client.js';
import { emailSchema } from '@rasma/contract';
import { setAdminFlag } from '../modules/auth/queries.js';
import { findOrCreateUserByEmail } from '../modules/auth/users.js';

const USAGE = 'Usage: npm run admin -- grant|revoke <email>';

async function main(argv: string[]): Promise<number> {
  const [command, rawEmail] = argv;
  const email = emailSchema.safeParse(rawEmail ?? '');
  if ((command !== 'grant' && command !== 'revoke') || !email.success) {
    console.error(USAGE);
    return 2;
  }
  const config = loadConfig();
  const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
  try {
    if (command === 'grant') {
      // Granting ahead of a first sign-in creates the account, so it is an admin from the start.
      const user = await findOrCreateUserByEmail(database.db, email.data);
      await setAdminFlag(database.db, user.email, true);
      console.log(`${user.email} is now an administrator.`);
    } else {
      const updated = await setAdminFlag(database.db, email.data, false);
      if (updated.length === 0) {
        console.error(`No user with the e-mail ${email.data}.`);
        return 1;
      }
      const listed = config.adminEmails.has(email.data);
      console.log(
        `${email.data} is no longer granted admin${listed ? ' (but stays one: it is listed in ADMIN_EMAILS)' : ''}.`,
      );
    }
    return 0;
  } finally {
    await database.close();
  }
}

process.exitCode = await main(process.argv.slice(2));
