import type { PostCategory } from '@paws/contracts/news';
import type { StaffPostStatus } from '@paws/contracts/staff-news';

export const categoryLabels: Record<PostCategory, string> = {
  ANNOUNCEMENT_ABOUT_US: 'Announcement about us',
  EVENT_ANNOUNCEMENT: 'Event announcement',
  REVIEW: 'Review',
  RATINGS: 'Ratings',
  PODCAST: 'Podcast',
  VIDEO_CONTENT: 'Video content',
};

export const statusLabels: Record<StaffPostStatus, string> = {
  DRAFT: 'Draft',
  SCHEDULED: 'Scheduled',
  PUBLISHED: 'Published',
  ARCHIVED: 'Archived',
};
export const statusTones = {
  DRAFT: 'neutral',
  SCHEDULED: 'info',
  PUBLISHED: 'good',
  ARCHIVED: 'warn',
} as const;
