/** How a lead's status and source show on the dashboard (docs/product.md#leads). */

/** The badge colour of each lead status. */
export const STATUS_TONE = { new: 'blue', contacted: 'amber', won: 'green', lost: 'gray' } as const;

/** Which form a lead came from, in words. */
export const SOURCE_LABELS: Record<string, string> = {
  landing: 'Contact form',
  audit: 'Website audit',
  emergency: 'Emergency support',
  chat: 'Live chat',
  booking: 'Booking',
};
