/**
 * The landing page's three service cards (Website Design, Web Development, Maintenance), each
 * opening a dialog with description, timeline, included features, process steps and buttons:
 * View Pricing (/pricing) on Design and Development, Get Free Consultation (scrolls to
 * #contact) on all.
 *
 * The page passes what the cards show; what only a dialog shows (description, features, process)
 * comes with this island's code, from the same data file as the page's services collection
 * (src/content/data/services.json, validated by that collection at build time), so the page's HTML
 * does not carry it for a visitor who never opens one.
 */
import type { IconName } from '../../shared/icon-names.ts';
import serviceData from '../../content/data/services.json';
import { Icon } from '../lib/icon.tsx';
import { useRef, useState } from 'react';
import { scrollToSection } from '../lib/scroll.ts';
import { Dialog, DialogContent, DialogTrigger } from '../ui/dialog.tsx';

/** What a card shows, from the page. */
export interface Service {
  id: string;
  title: string;
  summary: string;
  timeline: string;
  showPricing: boolean;
}

/** What a service's dialog shows beyond its card. */
interface ServiceDetails {
  description: string;
  features: string[];
  process: { step: string; detail: string }[];
}

const details = new Map<string, ServiceDetails>(serviceData.map((entry) => [entry.id, entry]));
const NO_DETAILS: ServiceDetails = { description: '', features: [], process: [] };

const icons: Record<string, IconName> = {
  'website-design': 'palette',
  'web-development': 'code-xml',
  maintenance: 'wrench',
};

function ServiceCard({ service }: { service: Service }) {
  const [open, setOpen] = useState(false);
  const goToContact = useRef(false);
  const icon = icons[service.id] ?? 'palette';
  const { description, features, process } = details.get(service.id) ?? NO_DETAILS;
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <li className="flex flex-col rounded-2xl border border-ink-700/10 bg-white p-6 shadow-sm transition-shadow hover:shadow-md">
        <span className="inline-flex size-12 items-center justify-center rounded-xl bg-brand-50 text-brand-700">
          <Icon name={icon} className="size-6" />
        </span>
        <h3 className="mt-4 text-xl font-bold">{service.title}</h3>
        <p className="mt-2 flex-1 text-ink-700">{service.summary}</p>
        <p className="mt-4 inline-flex items-center gap-2 text-sm font-semibold text-ink-700">
          <Icon name="calendar-clock" className="size-4" />
          {service.timeline}
        </p>
        <DialogTrigger className="btn-secondary mt-5 w-full">
          Learn more<span className="sr-only"> about {service.title}</span>
          <Icon name="arrow-right" className="size-4" />
        </DialogTrigger>
      </li>
      <DialogContent
        title={service.title}
        description={description}
        onCloseAutoFocus={(event) => {
          if (!goToContact.current) return;
          goToContact.current = false;
          event.preventDefault();
          scrollToSection('contact');
        }}
      >
        <p className="inline-flex items-center gap-2 rounded-full bg-brand-50 px-3 py-1 text-sm font-semibold text-brand-800">
          <Icon name="calendar-clock" className="size-4" />
          Timeline: {service.timeline}
        </p>
        <div className="mt-6 grid gap-8 md:grid-cols-2">
          <section aria-labelledby={`${service.id}-features`}>
            <h3 id={`${service.id}-features`} className="text-lg font-bold">
              What&apos;s included
            </h3>
            <ul className="mt-3 space-y-2">
              {features.map((feature) => (
                <li key={feature} className="flex gap-2 text-ink-700">
                  <Icon name="check" className="mt-0.5 size-5 shrink-0 text-green-700" />
                  {feature}
                </li>
              ))}
            </ul>
          </section>
          <section aria-labelledby={`${service.id}-process`}>
            <h3 id={`${service.id}-process`} className="text-lg font-bold">
              How it works
            </h3>
            <ol className="mt-3 space-y-3">
              {process.map((step, index) => (
                <li key={step.step} className="flex gap-3">
                  <span className="inline-flex size-7 shrink-0 items-center justify-center rounded-full bg-brand-700 text-sm font-bold text-white">
                    {index + 1}
                  </span>
                  <span>
                    <span className="block font-semibold">{step.step}</span>
                    <span className="text-sm text-ink-700">{step.detail}</span>
                  </span>
                </li>
              ))}
            </ol>
          </section>
        </div>
        <div className="mt-8 flex flex-col gap-3 sm:flex-row sm:justify-end">
          {service.showPricing && (
            <a href="/pricing" className="btn-secondary">
              View Pricing
            </a>
          )}
          <button
            type="button"
            className="btn-primary"
            onClick={() => {
              goToContact.current = true;
              setOpen(false);
            }}
          >
            Get Free Consultation
          </button>
        </div>
      </DialogContent>
    </Dialog>
  );
}

export default function ServiceCards({ services }: { services: Service[] }) {
  return (
    <ul className="grid gap-6 md:grid-cols-3">
      {services.map((service) => (
        <ServiceCard key={service.id} service={service} />
      ))}
    </ul>
  );
}
