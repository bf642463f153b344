import { parseEnv } from '../config/env.ts';
import { openDatabase } from '../db/client.ts';
import { migrate } from '../db/migrate.ts';
import { createAuditRepository } from '../audit/audit.ts';
import { createUsersRepository } from '../modules/identity/index.ts';

// pnpm --filter api admin:grant <email> — makes an existing, signed-up account an admin.
const email = process.argv[2]?.trim().toLowerCase();
if (!email || !email.includes('@')) {
  console.error('Usage: pnpm --filter api admin:grant <email>');
  process.exit(2);
}

const env = parseEnv();
const database = await openDatabase({ url: env.DATABASE_URL, dataDir: env.DATA_DIR });
try {
  await migrate(database);
  const users = createUsersRepository(database.db);
  const user = await users.findByEmail(email);
  if (!user || user.deletedAt) {
    console.error(`No active PhoneHaat account uses ${email}; they must sign up first.`);
    process.exitCode = 1;
  } else if (user.role === 'admin') {
    console.log(`${email} is already an admin.`);
  } else {
    const audit = createAuditRepository(database.db);
    await users.setRole(user.id, 'admin', (tx, granted) =>
      audit.record(tx, { actor: null, action: 'grant-admin', target: { type: 'user', id: granted.id, label: `${granted.name} (${granted.email})` } }),
    );
    console.log(`${email} is now an admin (was ${user.role}).`);
  }
} finally {
  await database.close();
}
