/**
 * The portal project page's 'Book a project meeting' (docs/product.md#bookings): a button that
 * opens a dialog with the slot picker for a project meeting (45 min), its code fetched only when
 * the dialog first opens. The guest is the signed-in member; the session cookie goes along.
 */
import { Suspense, lazy, useState } from 'react';
import { Icon } from '../lib/icon.tsx';
import { Dialog, DialogContent, DialogTrigger } from '../ui/dialog.tsx';
import { Loading } from '../ui/loading.tsx';

const ProjectMeetingForm = lazy(() => import('./project-meeting-form.tsx'));

export function BookProjectMeeting({ projectId }: { projectId: string }) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger className="btn-secondary">
        <Icon name="calendar-days" className="size-4" />
        Book a project meeting
      </DialogTrigger>
      <DialogContent title="Book a project meeting">
        <Suspense fallback={<Loading compact label="Loading free times..." />}>
          <ProjectMeetingForm projectId={projectId} onClose={() => setOpen(false)} />
        </Suspense>
      </DialogContent>
    </Dialog>
  );
}
