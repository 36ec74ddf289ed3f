// `npm run admin -- grant <email>` / `revoke <email>` / `list`: manage the admin role from a shell.
import { loadConfig } from '../config.ts';
import { connectEmbeddedPostgres } from '../db/embedded.ts';
import { createOrm, migrate } from '../db/orm.ts';
import { adminRoleSetByHand } from '../modules/users/admin-grants.ts';
import { accountByEmail, adminAccounts, setRoles } from './admin.repository.ts';

const [command, email] = process.argv.slice(2);
const usage = 'usage: npm run admin -- grant <email> | revoke <email> | list';

async function run(): Promise<number> {
  if (!command || (command !== 'list' && !email)) {
    console.error(usage);
    return 2;
  }
  const config = loadConfig();
  const embedded = config.DATABASE_URL ? null : await connectEmbeddedPostgres(config.DATA_DIR);
  const orm = await createOrm(config.DATABASE_URL ?? embedded!.url, { poolMax: 1 });
  try {
    await migrate(orm);
    const em = orm.em.fork();
    if (command === 'list') {
      const admins = await adminAccounts(em);
      for (const u of admins) console.log(`${u.id}\t${u.email ?? ''}\t${u.name}`);
      return 0;
    }
    const user = await accountByEmail(em, email!.toLowerCase());
    if (!user) {
      console.error(`No user with e-mail ${email}. They must sign up first (or add the address to ADMIN_EMAILS).`);
      return 1;
    }
    let roles: string[];
    if (command === 'grant') roles = [...new Set([...user.roles, 'admin'])];
    else if (command === 'revoke') roles = user.roles.filter((r) => r !== 'admin');
    else {
      console.error(usage);
      return 2;
    }
    if (roles.length !== user.roles.length || roles.some((r, i) => r !== user.roles[i])) await setRoles(em, user.id, roles);
    // Set by hand: a later e-mail change must not take it away as if ADMIN_EMAILS had given it.
    await adminRoleSetByHand(em, user.id);
    console.log(`${user.email}: roles = [${roles.join(', ')}]`);
    return 0;
  } finally {
    await orm.close(true);
    await embedded?.stop();
  }
}

process.exitCode = await run();
