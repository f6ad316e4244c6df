/** Client data sets shared by the portal, dashboard and accessibility tests. */
import type { ClientSpec } from './data.ts';

const day = (iso: string) => new Date(`${iso}T15:00:00Z`);

/** A bakery with three projects in different states, milestones and a conversation. */
export const BAKERY: ClientSpec = {
  name: 'Maria Costa',
  company: 'Sweet Hen Bakery',
  projects: [
    {
      title: 'Bakery website redesign',
      status: 'in-progress',
      startDate: '2026-10-05',
      endDate: '2026-12-04',
      createdAt: day('2026-10-01'),
      milestones: [
        { title: 'Discovery call', status: 'completed', dueDate: '2026-10-07', completedAt: day('2026-10-07') },
        { title: 'Design mockups', status: 'completed', dueDate: '2026-10-24', completedAt: day('2026-10-22') },
        { title: 'Development', status: 'in-progress', dueDate: '2026-11-20' },
        { title: 'Launch', status: 'pending', dueDate: '2026-12-04' },
      ],
      messages: [
        {
          fromClient: false,
          subject: 'Mockups are ready',
          message: 'The homepage and menu mockups are in the shared folder.',
          isRead: true,
          createdAt: day('2026-10-22'),
        },
        {
          fromClient: true,
          subject: 'Re: Mockups are ready',
          message: 'Love them! Could the logo be a little bigger on phones?',
          isRead: true,
          createdAt: day('2026-10-23'),
        },
      ],
    },
    {
      title: 'Online ordering',
      status: 'review',
      startDate: '2026-09-01',
      createdAt: day('2026-08-25'),
      milestones: [{ title: 'Ordering flow', status: 'completed', completedAt: day('2026-10-14') }],
      messages: [
        {
          fromClient: false,
          subject: 'Ready for your review',
          message: 'The ordering flow is on the staging site.',
          createdAt: day('2026-11-16'),
        },
      ],
    },
    { title: 'Holiday landing page', status: 'completed', startDate: '2025-11-01', createdAt: day('2025-10-28') },
  ],
};
