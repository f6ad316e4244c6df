/**
 * `npm run db:seed`: demo data for a newcomer (docs/product.md#portal). The end-to-end server runs
 * it too, so a broken seed stops the run; the tests themselves make their own data.
 * Applies the migrations, then creates the demo client (its owner and a billing member) with three
 * projects in different states, their milestones and a conversation with messages from both sides, and a proposal
 * waiting for its signature (db/seed-proposal.ts), a paid and an open invoice (db/seed-invoices.ts). Running it again changes nothing. Prints the demo sign-in.
 *
 * `npm run db:seed -- --scale N [--seed S]` then adds N clients with their projects, milestones
 * and messages, and 5·N leads (db/seed-scale.ts); with the same S a second run adds nothing.
 */
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { SCALE_PASSWORD, seedScale } from './seed-scale.ts';
import { communications, milestones, projects } from './schema/index.ts';
import { hashPassword } from '../src/server/services/sign-in/passwords.ts';
import { migrateDatabase, openDatabase, PATIENT_WRITES } from '../src/server/db/database.ts';
import { loadEnv } from '../src/server/env/index.ts';
import { insertClient } from '../src/server/services/clients/clients.ts';
import { findMemberByEmail, insertMember } from '../src/server/services/clients/members.ts';
import { seedDemoProposal } from './seed-proposal.ts';
import { seedDemoInvoices } from './seed-invoices.ts';

export const DEMO_CLIENT = {
  name: 'Maria Costa',
  email: 'demo@firststatewebstudio.com',
  password: 'demo-portal-2026',
  company: 'Sweet Hen Bakery',
  phone: '(302) 555-0188',
};

/** The demo client's bookkeeper, a `billing` member (docs/product.md#client-teams), with the same password. */
const DEMO_BOOKKEEPER = { name: 'Leo Pires', email: 'demo-billing@firststatewebstudio.com' };

const day = (iso: string) => new Date(`${iso}T15:00:00Z`);

const { values: args } = parseArgs({ options: { scale: { type: 'string' }, seed: { type: 'string', default: '1' } } });
const scale = args.scale === undefined ? 0 : Number(args.scale);
const seed = Number(args.seed);
if (!Number.isInteger(scale) || scale < 0 || !Number.isInteger(seed)) {
  throw new Error('--scale takes a whole number of clients, --seed a whole number');
}

const env = loadEnv();
const db = await openDatabase(env.DATABASE_URL, env.DATABASE_AUTH_TOKEN, PATIENT_WRITES);
await migrateDatabase(db, join(import.meta.dirname, 'migrations'));

const existing = await findMemberByEmail(db.read, DEMO_CLIENT.email);
if (existing) {
  console.log(`Demo data is already there. Sign in at /portal/login as ${DEMO_CLIENT.email} / ${DEMO_CLIENT.password}`);
} else {
  await db.write(async (tx) => {
    const client = await insertClient(tx, {
      ...DEMO_CLIENT,
      passwordHash: await hashPassword(DEMO_CLIENT.password),
    });
    await insertMember(tx, {
      clientId: client.id,
      ...DEMO_BOOKKEEPER,
      role: 'billing',
      passwordHash: client.owner.passwordHash,
      joinedAt: new Date(),
      invitedBy: DEMO_CLIENT.name,
    });
    const [redesign, ordering, holiday] = await tx
      .insert(projects)
      .values([
        {
          clientId: client.id,
          title: 'Bakery website redesign',
          description: 'A new mobile-first website with the menu, opening hours and catering requests.',
          status: 'in-progress',
          startDate: '2026-10-05',
          endDate: '2026-12-04',
          estimatedHours: 60,
          actualHours: 34.5,
          budget: 240000,
          createdAt: day('2026-10-01'),
        },
        {
          clientId: client.id,
          title: 'Online ordering',
          description: 'Order-ahead for cakes and holiday boxes, with pickup times.',
          status: 'review',
          startDate: '2026-09-01',
          endDate: '2026-11-30',
          estimatedHours: 40,
          actualHours: 38,
          budget: 150000,
          createdAt: day('2026-08-25'),
        },
        {
          clientId: client.id,
          title: 'Holiday landing page',
          description: 'A one-page site for the 2025 holiday season.',
          status: 'completed',
          startDate: '2025-11-01',
          endDate: '2025-11-14',
          estimatedHours: 12,
          actualHours: 11,
          budget: 9900,
          createdAt: day('2025-10-28'),
        },
      ])
      .returning();
    if (!redesign || !ordering || !holiday) throw new Error('Seeding projects failed');

    await tx.insert(milestones).values([
      {
        projectId: redesign.id,
        title: 'Discovery call',
        status: 'completed',
        dueDate: '2026-10-07',
        completedAt: day('2026-10-07'),
        orderIndex: 1,
      },
      {
        projectId: redesign.id,
        title: 'Design mockups',
        status: 'completed',
        dueDate: '2026-10-24',
        completedAt: day('2026-10-22'),
        orderIndex: 2,
      },
      {
        projectId: redesign.id,
        title: 'Development',
        description: 'Pages, menu and catering form.',
        status: 'in-progress',
        dueDate: '2026-11-20',
        orderIndex: 3,
      },
      { projectId: redesign.id, title: 'Launch', status: 'pending', dueDate: '2026-12-04', orderIndex: 4 },
      {
        projectId: ordering.id,
        title: 'Ordering flow',
        status: 'completed',
        dueDate: '2026-10-15',
        completedAt: day('2026-10-14'),
        orderIndex: 1,
      },
      {
        projectId: ordering.id,
        title: 'Your review and testing',
        status: 'in-progress',
        dueDate: '2026-11-25',
        orderIndex: 2,
      },
      {
        projectId: holiday.id,
        title: 'Design and build',
        status: 'completed',
        dueDate: '2025-11-10',
        completedAt: day('2025-11-09'),
        orderIndex: 1,
      },
      {
        projectId: holiday.id,
        title: 'Launch',
        status: 'completed',
        dueDate: '2025-11-14',
        completedAt: day('2025-11-14'),
        orderIndex: 2,
      },
    ]);

    await tx.insert(communications).values([
      {
        projectId: redesign.id,
        fromClient: false,
        subject: 'Mockups are ready',
        message:
          'Hi Maria, the homepage and menu mockups are ready for you in the shared folder. Tell us what you think!',
        isRead: true,
        createdAt: day('2026-10-22'),
      },
      {
        projectId: redesign.id,
        fromClient: true,
        authorId: client.owner.id,
        authorName: DEMO_CLIENT.name,
        subject: 'Re: Mockups are ready',
        message: 'Love them! Could the logo be a little bigger on phones?',
        isRead: true,
        createdAt: day('2026-10-23'),
      },
      {
        projectId: redesign.id,
        fromClient: false,
        subject: 'Logo updated',
        message: 'Done: the logo is 30% larger on phones. Development starts Monday.',
        isRead: false,
        createdAt: day('2026-10-26'),
      },
      {
        projectId: ordering.id,
        fromClient: false,
        subject: 'Ready for your review',
        message: 'The ordering flow is on the staging site. Please place a test order and tell us how it feels.',
        isRead: false,
        createdAt: day('2026-11-16'),
      },
      {
        projectId: holiday.id,
        fromClient: true,
        authorId: client.owner.id,
        authorName: DEMO_CLIENT.name,
        subject: 'Thank you',
        message: 'The holiday page brought in 40 pre-orders. Thank you!',
        isRead: true,
        createdAt: day('2025-12-20'),
      },
    ]);
  });
  console.log(`Demo data created. Sign in at /portal/login as ${DEMO_CLIENT.email} / ${DEMO_CLIENT.password}`);
  console.log(`Its bookkeeper (a billing member) signs in as ${DEMO_BOOKKEEPER.email} with the same password.`);
}

if (await seedDemoProposal(db, env, DEMO_CLIENT.email)) {
  console.log('A proposal is waiting for its signature in the demo portal (Catering page and cake photography).');
}

const seededInvoices = await seedDemoInvoices(db, env, DEMO_CLIENT.email);
if (seededInvoices.length > 0) {
  console.log(`Invoices ${seededInvoices.join(' (paid) and ')} (open) are in the demo portal's Invoices.`);
}

if (scale > 0) {
  const started = performance.now();
  const result = await seedScale(db, { scale, seed, passwordHash: await hashPassword(SCALE_PASSWORD) });
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  if (!result.created) {
    console.log(`Scale data of seed ${seed} is already there: nothing added (use another --seed to add more).`);
  } else {
    const { clients, projects, milestones, communications, leads } = result.counts;
    const total = clients + projects + milestones + communications + leads;
    console.log(
      `Scale data (seed ${seed}) created in ${seconds} s: ${clients} clients, ${projects} projects, ` +
        `${milestones} milestones, ${communications} messages, ${leads} leads (${total} rows). ` +
        `Clients sign in as first.last@seed${seed}.example.com / ${SCALE_PASSWORD}`,
    );
  }
}
db.close();
