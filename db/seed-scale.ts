/**
 * `npm run db:seed -- --scale N [--seed S]`: a large, realistic data set for trying the staff
 * dashboard, the portal and search at volume (db/seed.ts runs it after the demo data).
 *
 * Creates N clients, each with 3 projects; each project has 5 milestones and 20 messages; plus
 * 5·N leads (contact_submissions). For N = 10,000 that is 10,000 clients, 30,000 projects,
 * 150,000 milestones, 600,000 messages and 50,000 leads (840,000 rows), written in about 75
 * seconds on a 2-core machine, N = 2,000 in about 13 (one transaction with a large page cache,
 * multi-row inserts of up to 32,766 bound values each; about as much time goes to drizzle building
 * the statements as to SQLite with the search-index and row-count triggers).
 *
 * - Deterministic: names, companies, phones, emails, titles, texts, statuses and time offsets
 *   come from a PRNG seeded with S (default 1), so the same N and S give the same data. Ids are
 *   random UUIDs, and dates are relative to the time of the run (the last ~3 years).
 * - Every client shares one argon2 hash (of SCALE_PASSWORD), computed once by the caller.
 * - Client emails are `first.last[n]@seedS.example.com`, unique and lower-case. If clients with
 *   that domain exist already, nothing is written (the run reports it): running twice with the
 *   same seed is a no-op; a different --seed adds another set.
 * - Messages: fromClient mixed, createdAt spread over the project's life, the older ones read
 *   (with readAt), some of the newest unread. Texts are built from phrase banks, with a few
 *   rare words (tools, Delaware towns) in a small share of messages, for full-text search.
 * - Leads: landing (60%), audit (25%, with auditScore) and emergency (15%, urgent, email or
 *   phone) forms; recent ones mostly `new`, older ones contacted, won or lost.
 */
import { getTableColumns, sql, type Table } from 'drizzle-orm';
import type { Database } from '../src/server/db/database.ts';
import { HOW_DID_YOU_FIND_US } from '../src/shared/schemas/contact.ts';
import type { LeadStatus, MilestoneStatus, ProjectStatus } from '../src/shared/projects.ts';
import { clientMembers, clients, communications, contactSubmissions, milestones, projects } from './schema/index.ts';

/** The password of every scale client (printed by db/seed.ts). */
export const SCALE_PASSWORD = 'scale-portal-2026';

const PROJECTS_PER_CLIENT = 3;
const MILESTONES_PER_PROJECT = 5;
const MESSAGES_PER_PROJECT = 20;
const LEADS_PER_CLIENT = 5;
/** SQLite's default limit of bound values in one statement. */
const MAX_VARIABLES = 32_766;
const DAY = 24 * 3600 * 1000;
const YEAR = 365 * DAY;

const FIRST_NAMES = [
  'James', 'Mary', 'Robert', 'Patricia', 'John', 'Jennifer', 'Michael', 'Linda', 'David', 'Elizabeth',
  'William', 'Barbara', 'Richard', 'Susan', 'Joseph', 'Jessica', 'Thomas', 'Sarah', 'Charles', 'Karen',
  'Christopher', 'Lisa', 'Daniel', 'Nancy', 'Matthew', 'Betty', 'Anthony', 'Sandra', 'Mark', 'Margaret',
  'Donald', 'Ashley', 'Steven', 'Kimberly', 'Andrew', 'Emily', 'Paul', 'Donna', 'Joshua', 'Michelle',
  'Kenneth', 'Carol', 'Kevin', 'Amanda', 'Brian', 'Melissa', 'George', 'Deborah', 'Timothy', 'Stephanie',
  'Ronald', 'Rebecca', 'Jason', 'Sharon', 'Edward', 'Laura', 'Jeffrey', 'Cynthia', 'Ryan', 'Dorothy',
  'Jacob', 'Amy', 'Gary', 'Kathleen', 'Nicholas', 'Angela', 'Eric', 'Shirley', 'Jonathan', 'Emma',
  'Stephen', 'Brenda', 'Larry', 'Pamela', 'Justin', 'Nicole', 'Scott', 'Anna', 'Brandon', 'Samantha',
  'Benjamin', 'Katherine', 'Samuel', 'Christine', 'Gregory', 'Debra', 'Alexander', 'Rachel', 'Patrick', 'Carolyn',
  'Frank', 'Janet', 'Raymond', 'Maria', 'Jack', 'Olivia', 'Dennis', 'Heather', 'Jerry', 'Helen',
  'Tyler', 'Catherine', 'Aaron', 'Diane', 'Jose', 'Julie', 'Adam', 'Victoria', 'Nathan', 'Joyce',
  'Henry', 'Lauren', 'Zachary', 'Kelly', 'Douglas', 'Christina', 'Peter', 'Ruth', 'Kyle', 'Joan',
  'Noah', 'Virginia', 'Ethan', 'Judith', 'Jeremy', 'Evelyn', 'Christian', 'Hannah', 'Walter', 'Andrea',
  'Keith', 'Megan', 'Austin', 'Cheryl', 'Roger', 'Jacqueline', 'Terry', 'Madison', 'Sean', 'Teresa',
  'Priya', 'Wei', 'Aisha', 'Mateo', 'Sofia', 'Kwame', 'Yuki', 'Fatima', 'Luca', 'Ingrid',
]; // prettier-ignore

const LAST_NAMES = [
  'Smith', 'Johnson', 'Williams', 'Brown', 'Jones', 'Garcia', 'Miller', 'Davis', 'Rodriguez', 'Martinez',
  'Hernandez', 'Lopez', 'Gonzalez', 'Wilson', 'Anderson', 'Thomas', 'Taylor', 'Moore', 'Jackson', 'Martin',
  'Lee', 'Perez', 'Thompson', 'White', 'Harris', 'Sanchez', 'Clark', 'Ramirez', 'Lewis', 'Robinson',
  'Walker', 'Young', 'Allen', 'King', 'Wright', 'Scott', 'Torres', 'Nguyen', 'Hill', 'Flores',
  'Green', 'Adams', 'Nelson', 'Baker', 'Hall', 'Rivera', 'Campbell', 'Mitchell', 'Carter', 'Roberts',
  'Gomez', 'Phillips', 'Evans', 'Turner', 'Diaz', 'Parker', 'Cruz', 'Edwards', 'Collins', 'Reyes',
  'Stewart', 'Morris', 'Morales', 'Murphy', 'Cook', 'Rogers', 'Gutierrez', 'Ortiz', 'Morgan', 'Cooper',
  'Peterson', 'Bailey', 'Reed', 'Kelly', 'Howard', 'Ramos', 'Kim', 'Cox', 'Ward', 'Richardson',
  'Watson', 'Brooks', 'Chavez', 'Wood', 'James', 'Bennett', 'Gray', 'Mendoza', 'Ruiz', 'Hughes',
  'Price', 'Alvarez', 'Castillo', 'Sanders', 'Patel', 'Myers', 'Long', 'Ross', 'Foster', 'Jimenez',
  'Powell', 'Jenkins', 'Perry', 'Russell', 'Sullivan', 'Bell', 'Coleman', 'Butler', 'Henderson', 'Barnes',
  'Costa', 'Kowalski', 'Okafor', 'Fischer', 'Novak', 'Rossi', 'Schmidt', 'Dubois', 'Larsen', 'Yamamoto',
  'DuPont', 'Rodney', 'McKean', 'Bayard', 'Caesar', 'Holloway', 'Whitaker', 'Pennington', 'Hastings', 'Burton',
]; // prettier-ignore

const BUSINESSES = [
  'Bakery', 'Plumbing', 'Dental', 'Law Office', 'Landscaping', 'Auto Repair', 'Veterinary Clinic', 'Roofing',
  'Coffee House', 'Florist', 'Chiropractic', 'Hair Studio', 'Electric', 'HVAC', 'Insurance Agency',
  'Real Estate', 'Catering', 'Brewing Company', 'Fitness', 'Yoga Studio', 'Pet Grooming', 'Accounting',
  'Photography', 'Pizzeria', 'Bike Shop', 'Hardware', 'Tax Services', 'Painting', 'Orthodontics',
  'Family Farm', 'Winery', 'Marina', 'Daycare', 'Tutoring', 'Cleaning Services', 'Construction',
  'Pharmacy', 'Optometry', 'Boutique', 'Bookshop', 'Seafood Market', 'Physical Therapy', 'Moving Company',
]; // prettier-ignore

const TOWNS = [
  'Wilmington', 'Dover', 'Newark', 'Lewes', 'Rehoboth Beach', 'Middletown', 'Milford', 'Seaford',
  'Georgetown', 'Smyrna', 'Milton', 'Hockessin', 'Bear', 'Camden', 'Harrington', 'Selbyville',
  'Bethany Beach', 'Millsboro', 'Laurel', 'Delmar', 'Claymont', 'Greenville', 'New Castle', 'Frankford',
]; // prettier-ignore

/** Delaware exchanges after the 302 area code. */
const EXCHANGES = [
  '226', '227', '239', '284', '292', '324', '328', '337', '354', '368', '378', '407', '422', '424',
  '427', '436', '449', '453', '456', '464', '478', '492', '537', '539', '541', '543', '564', '571',
  '575', '584', '628', '644', '645', '652', '653', '654', '655', '656', '658', '672', '674', '677',
  '678', '684', '691', '697', '698', '731', '732', '734', '736', '737', '739', '741', '744', '757',
]; // prettier-ignore

const PROJECT_KINDS = [
  'Website redesign', 'New website', 'Online booking', 'Online ordering', 'Landing page', 'Local SEO',
  'E-commerce store', 'Accessibility fixes', 'Speed tune-up', 'Blog setup', 'Photo gallery',
  'Email newsletter', 'Google Business profile', 'Logo and brand refresh', 'Customer portal',
  'Appointment reminders', 'Menu update', 'Holiday campaign page', 'Hosting migration', 'Spanish translation',
]; // prettier-ignore

const DESCRIPTION_OPENERS = [
  'A mobile-first site', 'A faster, simpler site', 'A refreshed look', 'A new set of pages',
  'A clean one-page site', 'An easier way to book', 'A better first impression', 'A site the owner can update',
]; // prettier-ignore
const DESCRIPTION_FEATURES = [
  'with opening hours and directions', 'with an online booking calendar', 'with a quote request form',
  'with customer reviews', 'with a photo gallery', 'with online payments', 'with a service area map',
  'with a menu that is easy to update', 'with a newsletter sign-up', 'with a team page',
  'with frequently asked questions', 'with emergency contact details up front', 'with a price list',
]; // prettier-ignore
const DESCRIPTION_GOALS = [
  'so more customers call.', 'to bring in local search traffic.', 'to cut the phone calls about hours.',
  'so customers can book at night.', 'ahead of the busy summer season.', 'to replace the old template site.',
  'that loads fast on phones.', 'that passes an accessibility check.', 'for new customers in the area.',
]; // prettier-ignore

const MILESTONE_STEPS = [
  ['Discovery call', 'Kickoff meeting', 'Requirements workshop'],
  ['Sitemap and wireframes', 'Design mockups', 'Brand and style guide'],
  ['Development', 'Content migration', 'Build the pages'],
  ['Your review and testing', 'Review round', 'Accessibility and speed check'],
  ['Launch', 'Go live', 'Launch and handover'],
]; // prettier-ignore
const MILESTONE_DESCRIPTIONS = [
  'Goals, audience and the pages you need.', 'Two layout options to choose from.',
  'Pages, forms and content.', 'Your feedback in one round of changes.', 'DNS, redirects and a final check.',
]; // prettier-ignore

const TEAM_SUBJECTS = [
  'Mockups are ready', 'Staging site is up', 'Quick question about your photos', 'Weekly update',
  'Invoice for this phase', 'Launch date', 'Content checklist', 'Your feedback, applied', 'Domain and hosting',
  'Search console report', 'Menu page draft', 'Booking calendar test', 'Next steps', 'Logo files needed',
  'Speed results', 'Form submissions', 'Accessibility review', 'Copy for the about page',
]; // prettier-ignore
const CLIENT_SUBJECTS = [
  'Question about the homepage', 'New photos attached', 'Change to our hours', 'Thanks!', 'Can we add a page?',
  'Price list update', 'Feedback on the mockups', 'Login problem', 'Holiday hours', 'Typo on the contact page',
  'Our new phone number', 'Review done', 'Can we move the launch?', 'Customer feedback', 'Invoice question',
]; // prettier-ignore
const TEAM_SENTENCES = [
  'The homepage mockup is in the shared folder.', 'We moved the call button to the top on phones.',
  'The staging site has the new menu and the contact form.', 'Could you send the photos of the storefront?',
  'We will launch on the date we agreed unless you tell us otherwise.', 'The booking calendar now sends reminders.',
  'Your pages load in under two seconds on a phone now.', 'We fixed the typo on the services page.',
  'Please place a test order and tell us how it feels.', 'The invoice for this phase is attached.',
  'Search traffic is up since launch.', 'We added alt text to every image.', 'The new domain points to the site.',
  'Let us know which of the two layouts you prefer.', 'We need the final copy for the about page by Friday.',
  'The contact form now goes to your office email.', 'We updated the opening hours everywhere.',
  'We will take a backup before every change.', 'The map shows your service area now.',
]; // prettier-ignore
const CLIENT_SENTENCES = [
  'Love it!', 'Could the logo be a little bigger on phones?', 'Can we use a warmer color for the buttons?',
  'Our hours change next month.', 'A customer said the form did not work on her tablet.',
  'Can we add a page for our catering menu?', 'The photos are in the folder now.', 'Please add our new phone number.',
  'We are closed the week after the holidays.', 'Can we push the launch a week?', 'The prices on the list are old.',
  'My partner wants to see it before we sign off.', 'Everything looks good to me.', 'Thank you for the quick fix!',
  'How do I change the specials myself?', 'We got three calls from the site this week.',
  'Could the reviews be on the front page?', 'Is it possible to take payments online?',
]; // prettier-ignore
/** Rarer words, for searches that should match few messages. */
const RARE_SENTENCES = [
  'Does it work with QuickBooks?', 'Can it connect to Mailchimp?', 'We use Calendly for appointments.',
  'The favicon looks blurry on Safari.', 'Our Zapier automation stopped.', 'We checked it against WCAG 2.2.',
  'Lighthouse gives it a 98 now.', 'Stripe sends the payouts on Tuesdays.', 'The hreflang tags are in place.',
  'We added the schema markup for local business.', 'Cloudflare caches the images now.',
  'The Square integration syncs the inventory.', 'Can we add a Yelp badge?', 'The Nextdoor post brought visitors.',
  'We are opening a second location in {town}.', 'Most of our customers are in {town}.',
  'The farmers market in {town} starts in May.', 'Our van covers {town} on Thursdays.',
]; // prettier-ignore

const LEAD_MESSAGES = [
  'We need a new website for our {business} in {town}.', 'Our site is old and does not work on phones.',
  'Looking for help with online booking for our {business}.', 'Can you give us a quote for a small site?',
  'We are opening in {town} this spring and need a site.', 'Our Google listing shows the wrong hours.',
  'I would like to sell our products online.', 'A friend recommended you for our {business}.',
  'We want more customers from {town} to find us.', 'How much does a five-page site cost?',
]; // prettier-ignore
const EMERGENCY_MESSAGES = [
  'Our website is down and customers are calling.', 'The site shows a security warning.',
  'Someone changed our homepage, we think we were hacked.', 'Our contact form stopped sending emails.',
  'The domain expired and the site is gone.', 'Orders are failing at checkout since this morning.',
]; // prettier-ignore
const LEAD_DOMAINS = ['example.com', 'example.net', 'example.org', 'mail.example', 'inbox.example'];
const AUDIT_SERVICES = ['Website Audit', 'SEO', 'Accessibility', 'Speed Optimization', 'Redesign'];

/** mulberry32: a small, fast PRNG; the same seed gives the same sequence. */
function prng(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T;
  return { next, int, pick, chance: (p: number) => next() < p };
}
type Random = ReturnType<typeof prng>;

const isoDate = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const slug = (text: string) => text.toLowerCase().replace(/[^a-z0-9]+/g, '');

/** Unique, lower-case addresses built from names: `maria.costa@d`, then `maria.costa2@d`, ... */
function emailMaker() {
  const used = new Map<string, number>();
  return (local: string, domain: string) => {
    const base = `${local.toLowerCase().replace(/[^a-z0-9._]+/g, '')}@${domain}`;
    const n = (used.get(base) ?? 0) + 1;
    used.set(base, n);
    return n === 1 ? base : base.replace('@', `${n}@`);
  };
}

function phone(random: Random) {
  return `(302) ${random.pick(EXCHANGES)}-${String(random.int(0, 9999)).padStart(4, '0')}`;
}

function fillIn(text: string, town: string, business: string) {
  return text.replace('{town}', town).replace('{business}', business.toLowerCase());
}

function messageBody(random: Random, fromClient: boolean, firstName: string, town: string) {
  const bank = fromClient ? CLIENT_SENTENCES : TEAM_SENTENCES;
  const parts: string[] = [];
  for (let n = random.int(1, 3); n > 0; n--) parts.push(random.pick(bank));
  if (random.chance(0.01)) parts.push(fillIn(random.pick(RARE_SENTENCES), town, ''));
  const text = parts.join(' ');
  return !fromClient && random.chance(0.6) ? `Hi ${firstName},\n\n${text}` : text;
}

function projectStatus(random: Random, start: number, end: number, now: number): ProjectStatus {
  if (start > now) return 'planning';
  if (end < now) return random.chance(0.92) ? 'completed' : 'on-hold';
  if (random.chance(0.1)) return 'on-hold';
  return end - now < 14 * DAY ? 'review' : 'in-progress';
}

function leadStatus(random: Random, createdAt: number, now: number): LeadStatus {
  if (now - createdAt < 14 * DAY && random.chance(0.8)) return 'new';
  const r = random.next();
  return r < 0.1 ? 'new' : r < 0.5 ? 'contacted' : r < 0.75 ? 'won' : 'lost';
}

/**
 * The rows of one statement into `table`: as many as fit under SQLite's limit of bound values.
 * Counted from the table's columns, not from a row's keys: drizzle binds a value for every column
 * a row sets or has a default function for, so rows of another shape (the emergency leads' phone)
 * bind more than the first row.
 */
function* chunks<T extends object>(table: Table, rows: T[]): Generator<T[]> {
  const size = Math.floor(MAX_VARIABLES / Object.keys(getTableColumns(table)).length);
  for (let i = 0; i < rows.length; i += size) yield rows.slice(i, i + size);
}

export interface ScaleResult {
  /** False when data of this seed was already there (nothing written). */
  created: boolean;
  counts: { clients: number; projects: number; milestones: number; communications: number; leads: number };
}

/**
 * Writes the scale data set (see the module comment) into `db`, which must be migrated.
 * `passwordHash` is the argon2 hash every client gets. Clients are written in blocks of 1,000
 * (with their projects, milestones and messages), all in one transaction.
 */
export async function seedScale(
  db: Database,
  options: { scale: number; seed: number; passwordHash: string },
): Promise<ScaleResult> {
  const { scale, seed, passwordHash } = options;
  const domain = `seed${seed}.example.com`;
  const counts = { clients: 0, projects: 0, milestones: 0, communications: 0, leads: 0 };
  const [existing] = await db.read.values<[number]>(
    sql`select count(*) from ${clients} where ${clients.email} like ${`%@${domain}`}`,
  );
  if ((existing?.[0] ?? 0) > 0) return { created: false, counts };

  const random = prng(seed * 0x9e3779b1 + 0x85ebca6b);
  const now = Date.now();
  const email = emailMaker();
  const block = 1000;

  // One transaction (one fsync), with a page cache (256 MiB) that holds the indexes of random
  // UUIDs while it runs; the connection's own cache size is put back before it commits.
  await db.write(async (tx) => {
    const [[cacheSize] = [-2000]] = await tx.values<[number]>(sql`PRAGMA cache_size`);
    await tx.run(sql`PRAGMA cache_size = -262144`);
    try {
      for (let from = 0; from < scale; from += block) {
        const clientRows: (typeof clients.$inferInsert)[] = [];
        const memberRows: (typeof clientMembers.$inferInsert)[] = [];
        const projectRows: (typeof projects.$inferInsert)[] = [];
        const milestoneRows: (typeof milestones.$inferInsert)[] = [];
        const messageRows: (typeof communications.$inferInsert)[] = [];
        for (let i = from; i < Math.min(scale, from + block); i++) {
          const first = random.pick(FIRST_NAMES);
          const last = random.pick(LAST_NAMES);
          const business = random.pick(BUSINESSES);
          const town = random.pick(TOWNS);
          const clientId = crypto.randomUUID();
          const clientCreated = now - random.int(60 * DAY, 3 * YEAR);
          const address = email(`${first}.${last}`, domain);
          clientRows.push({
            id: clientId,
            name: `${first} ${last}`,
            email: address,
            company: `${random.chance(0.7) ? last : town} ${business}`,
            phone: phone(random),
            isActive: random.chance(0.95),
            createdAt: new Date(clientCreated),
            updatedAt: new Date(clientCreated),
          });
          // Each client's one person, its owner (docs/product.md#client-teams).
          memberRows.push({
            clientId,
            name: `${first} ${last}`,
            email: address,
            role: 'owner',
            passwordHash,
            emailNotifications: random.chance(0.85),
            joinedAt: new Date(clientCreated),
            createdAt: new Date(clientCreated),
            updatedAt: new Date(clientCreated),
          });
          let projectCreated = clientCreated;
          for (let p = 0; p < PROJECTS_PER_CLIENT; p++) {
            const projectId = crypto.randomUUID();
            projectCreated += random.int(1, Math.max(2, Math.floor((now - projectCreated) / DAY / 3))) * DAY;
            // A quarter of the clients have a current project (planning, in progress or in review).
            if (p === PROJECTS_PER_CLIENT - 1 && random.chance(0.25)) {
              projectCreated = Math.max(projectCreated, now - random.int(0, 60) * DAY);
            }
            const start = projectCreated + random.int(2, 14) * DAY;
            const end = start + random.int(14, 120) * DAY;
            const status = projectStatus(random, start, end, now);
            const estimatedHours = random.int(8, 120);
            const kind = random.pick(PROJECT_KINDS);
            projectRows.push({
              id: projectId,
              clientId,
              title: random.chance(0.5) ? kind : `${kind} for ${business.toLowerCase()}`,
              description: `${random.pick(DESCRIPTION_OPENERS)} ${random.pick(DESCRIPTION_FEATURES)} ${random.pick(DESCRIPTION_GOALS)}`,
              status,
              startDate: isoDate(start),
              endDate: isoDate(end),
              estimatedHours,
              actualHours:
                status === 'planning'
                  ? 0
                  : status === 'completed'
                    ? Math.round(estimatedHours * (0.8 + random.next() * 0.4) * 2) / 2
                    : Math.round(estimatedHours * random.next() * 2) / 2,
              budget: estimatedHours * random.int(75, 125) * 100,
              createdAt: new Date(projectCreated),
              updatedAt: new Date(Math.min(now, end)),
            });

            let openStep = false;
            for (let m = 0; m < MILESTONES_PER_PROJECT; m++) {
              const due = start + Math.round(((end - start) * (m + 1)) / MILESTONES_PER_PROJECT);
              let milestoneStatus: MilestoneStatus = 'pending';
              if (status === 'completed' || (status !== 'planning' && due < now && !openStep)) {
                milestoneStatus = 'completed';
              } else if (!openStep && (status === 'in-progress' || status === 'review')) {
                milestoneStatus = 'in-progress';
                openStep = true;
              } else openStep = true;
              const completedAt = milestoneStatus === 'completed' ? Math.min(now, due + random.int(-3, 2) * DAY) : null;
              milestoneRows.push({
                id: crypto.randomUUID(),
                projectId,
                title: random.pick(MILESTONE_STEPS[m] ?? ['Milestone']),
                description: random.chance(0.4) ? (MILESTONE_DESCRIPTIONS[m] ?? null) : null,
                status: milestoneStatus,
                dueDate: isoDate(due),
                completedAt: completedAt === null ? null : new Date(completedAt),
                orderIndex: m + 1,
                createdAt: new Date(projectCreated),
                updatedAt: new Date(completedAt ?? projectCreated),
              });
            }

            const lastMessage = Math.min(now, end + 30 * DAY);
            const times: number[] = [];
            for (let k = 0; k < MESSAGES_PER_PROJECT; k++) {
              times.push(projectCreated + Math.floor(random.next() * (lastMessage - projectCreated)));
            }
            times.sort((a, b) => a - b);
            let previousSubject = '';
            for (const createdAt of times) {
              const fromClient = random.chance(0.45);
              const subject =
                previousSubject && random.chance(0.35)
                  ? `Re: ${previousSubject.replace(/^Re: /, '')}`
                  : random.pick(fromClient ? CLIENT_SUBJECTS : TEAM_SUBJECTS);
              previousSubject = subject;
              const isRead = now - createdAt > 14 * DAY ? random.chance(0.98) : random.chance(0.4);
              messageRows.push({
                id: crypto.randomUUID(),
                projectId,
                fromClient,
                subject,
                message: messageBody(random, fromClient, first, town),
                isRead,
                readAt: isRead ? new Date(Math.min(now, createdAt + random.int(5, 2 * 24 * 60) * 60_000)) : null,
                createdAt: new Date(createdAt),
              });
            }
          }
        }
        for (const rows of chunks(clients, clientRows)) await tx.insert(clients).values(rows);
        for (const rows of chunks(clientMembers, memberRows)) await tx.insert(clientMembers).values(rows);
        for (const rows of chunks(projects, projectRows)) await tx.insert(projects).values(rows);
        for (const rows of chunks(milestones, milestoneRows)) await tx.insert(milestones).values(rows);
        for (const rows of chunks(communications, messageRows)) await tx.insert(communications).values(rows);
        counts.clients += clientRows.length;
        counts.projects += projectRows.length;
        counts.milestones += milestoneRows.length;
        counts.communications += messageRows.length;
      }

      const leadRows: (typeof contactSubmissions.$inferInsert)[] = [];
      for (let i = 0; i < scale * LEADS_PER_CLIENT; i++) {
        const first = random.pick(FIRST_NAMES);
        const last = random.pick(LAST_NAMES);
        const business = random.pick(BUSINESSES);
        const town = random.pick(TOWNS);
        const createdAt = now - random.int(0, 3 * YEAR);
        const style = random.int(0, 2);
        const local = style === 0 ? `${first}.${last}` : style === 1 ? `${first[0]}${last}` : `${first}_${last}`;
        const leadEmail = email(local, random.pick(LEAD_DOMAINS));
        const r = random.next();
        const common = {
          id: crypto.randomUUID(),
          name: `${first} ${last}`,
          status: leadStatus(random, createdAt, now),
          createdAt: new Date(createdAt),
        };
        if (r < 0.6) {
          leadRows.push({
            ...common,
            email: leadEmail,
            phone: null,
            message: fillIn(random.pick(LEAD_MESSAGES), town, business),
            howDidYouFindUs: random.pick(HOW_DID_YOU_FIND_US),
            subject: null,
            services: null,
            source: 'landing',
            urgent: false,
            auditScore: null,
          });
        } else if (r < 0.85) {
          leadRows.push({
            ...common,
            email: leadEmail,
            phone: null,
            message: `Requested audit for: https://www.${slug(last + business)}.example`,
            howDidYouFindUs: null,
            subject: 'Free Website Audit Request',
            services: random.chance(0.7) ? ['Website Audit'] : ['Website Audit', random.pick(AUDIT_SERVICES.slice(1))],
            source: 'audit',
            urgent: false,
            auditScore: random.int(18, 99),
          });
        } else {
          const byEmail = random.chance(0.5);
          leadRows.push({
            ...common,
            email: byEmail ? leadEmail : null,
            phone: byEmail ? null : phone(random),
            message: random.pick(EMERGENCY_MESSAGES),
            howDidYouFindUs: null,
            subject: 'Emergency support request',
            services: null,
            source: 'emergency',
            urgent: true,
            auditScore: null,
          });
        }
      }
      for (const rows of chunks(contactSubmissions, leadRows)) await tx.insert(contactSubmissions).values(rows);
      counts.leads = leadRows.length;
    } finally {
      await tx.run(sql.raw(`PRAGMA cache_size = ${Number(cacheSize)}`));
    }
  });
  return { created: true, counts };
}
