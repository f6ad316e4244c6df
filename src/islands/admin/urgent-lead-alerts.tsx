/**
 * The urgent-lead alert (docs/product.md#urgent-lead-alert): when an urgent lead is stored, the
 * staff's live stream carries `lead-urgent` {leadId, name, source} and every open dashboard, in
 * whichever view, shows a banner in an assertive live region ('Urgent lead: {name}', with a link
 * to the lead's page and 'Dismiss'), plays a short alarm made with the Web Audio API (no sound
 * file) and, when this browser allowed notifications, shows a system notification too.
 * `AllowAlerts` is the button that asks the browser for that permission.
 */
import { useStore } from '@nanostores/react';
import { BellRing, Siren, X } from 'lucide-react';
import { atom } from 'nanostores';
import { useEffect, useState } from 'react';
import { cn } from '../lib/cn.ts';
import { navigate } from './route.ts';
import type { LeadUrgentEvent } from '../../shared/live-events.ts';

/** An urgent lead as the alert names it: the staff stream's `lead-urgent` event, less its type. */
export type UrgentLead = Omit<LeadUrgentEvent, 'type'>;

/** The alerts on screen, newest first (at most 5). */
const $alerts = atom<UrgentLead[]>([]);
const MAX_ALERTS = 5;

const SOURCE_LABELS: Record<string, string> = {
  emergency: 'the emergency form',
  landing: 'the contact form',
  audit: 'the website audit',
  chat: 'the live chat',
};

/** Three short high beeps, about 0.6 s in all, made with Web Audio. A browser that refuses to play stays silent. */
function alarm() {
  try {
    const context = new AudioContext();
    void context.resume().catch(() => undefined);
    for (let i = 0; i < 3; i++) {
      const start = context.currentTime + i * 0.2;
      const oscillator = context.createOscillator();
      const gain = context.createGain();
      oscillator.type = 'square';
      oscillator.frequency.value = 988;
      gain.gain.setValueAtTime(0.08, start);
      gain.gain.exponentialRampToValueAtTime(0.001, start + 0.15);
      oscillator.connect(gain).connect(context.destination);
      oscillator.start(start);
      oscillator.stop(start + 0.15);
    }
    setTimeout(() => void context.close().catch(() => undefined), 1500);
  } catch {
    // No audio device, or audio not allowed before the first click: the banner still shows.
  }
}

/** The system notification, when the browser has it and this person allowed it. */
function systemNotification(lead: UrgentLead) {
  if (typeof Notification === 'undefined' || Notification.permission !== 'granted') return;
  const notification = new Notification(`Urgent lead: ${lead.name}`, {
    body: `From ${SOURCE_LABELS[lead.source] ?? 'the website'}. Open the dashboard to answer.`,
    tag: `lead-${lead.leadId}`,
  });
  notification.onclick = () => {
    window.focus();
    navigate(`lead/${encodeURIComponent(lead.leadId)}`, 'push');
    notification.close();
  };
}

/** Called by the live stream (queries.ts `adminLive`) for each `lead-urgent` event. */
export function alertUrgentLead(lead: UrgentLead) {
  if ($alerts.get().some((a) => a.leadId === lead.leadId)) return;
  $alerts.set([lead, ...$alerts.get()].slice(0, MAX_ALERTS));
  alarm();
  systemNotification(lead);
}

function dismiss(leadId: string) {
  $alerts.set($alerts.get().filter((a) => a.leadId !== leadId));
}

/**
 * The banners, above the dashboard's content and kept in view while it scrolls (sticky); the live
 * region is always there, so each new alert is announced.
 */
export function UrgentLeadAlerts() {
  const alerts = useStore($alerts);
  return (
    <div
      aria-live="assertive"
      aria-label="Urgent alerts"
      role="region"
      className={cn('sticky top-3 z-40 grid gap-2', alerts.length > 0 && 'mb-6')}
    >
      {alerts.map((lead) => (
        <article
          key={lead.leadId}
          aria-label={`Urgent lead: ${lead.name}`}
          className="flex items-start gap-3 rounded-xl bg-red-700 p-4 text-white shadow-lg ring-1 ring-red-900/20"
        >
          <Siren aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
          <div className="min-w-0 flex-1">
            <p className="font-bold wrap-anywhere">Urgent lead: {lead.name}</p>
            <p className="text-sm text-red-50">
              From {SOURCE_LABELS[lead.source] ?? 'the website'}.{' '}
              <a
                href={`#lead/${encodeURIComponent(lead.leadId)}`}
                onClick={() => dismiss(lead.leadId)}
                className="font-semibold text-white underline underline-offset-2 hover:no-underline"
              >
                Open the lead
              </a>
            </p>
          </div>
          <button
            type="button"
            onClick={() => dismiss(lead.leadId)}
            aria-label={`Dismiss the alert about ${lead.name}`}
            className="-m-1 inline-flex size-8 shrink-0 items-center justify-center rounded-lg hover:bg-red-800 focus-visible:outline-2 focus-visible:outline-white"
          >
            <X aria-hidden="true" className="size-4" />
          </button>
        </article>
      ))}
    </div>
  );
}

type Permission = NotificationPermission | 'unsupported';

const currentPermission = (): Permission =>
  typeof Notification === 'undefined' ? 'unsupported' : Notification.permission;

/**
 * 'Allow alerts': asks the browser to show system notifications for urgent leads
 * (`Notification.requestPermission()`); once answered it says whether they are on.
 */
export function AllowAlerts() {
  const [permission, setPermission] = useState<Permission>('default');
  useEffect(() => setPermission(currentPermission()), []);
  if (permission === 'unsupported') return null;
  if (permission === 'granted') {
    return (
      <p className="inline-flex items-center gap-1.5 text-sm font-semibold text-ink-900">
        <BellRing aria-hidden="true" className="size-4" /> Desktop alerts on
      </p>
    );
  }
  if (permission === 'denied') {
    return <p className="text-sm text-ink-700">Desktop alerts are blocked in this browser's settings.</p>;
  }
  return (
    <button
      type="button"
      onClick={() => void Notification.requestPermission().then(setPermission, () => undefined)}
      className="inline-flex items-center gap-1.5 rounded-lg bg-white px-3 py-2 text-sm font-semibold text-ink-900 ring-1 ring-ink-700/20 hover:bg-slate-50"
    >
      <BellRing aria-hidden="true" className="size-4" /> Allow alerts
    </button>
  );
}
