import { ApiTokenSchema } from './modules/api-tokens/api-token.entity.ts';
import { CalendarFeedSchema } from './modules/calendar/calendar-feed.entity.ts';
import { CustomFieldOptionSchema, CustomFieldSchema } from './modules/custom-fields/custom-field.entity.ts';
import { ImportJobSchema } from './modules/imports/import.entity.ts';
import { ActivitySchema, AttachmentSchema, CommentSchema, IssueSchema, SavedViewSchema } from './modules/issues/issue.entity.ts';
import { SessionSchema } from './modules/auth/session.entity.ts';
import { RedirectSchema } from './modules/navigation/redirect.entity.ts';
import { RecurrenceSchema } from './modules/recurrence/recurrence.entity.ts';
import { LabelSchema, ProjectMemberSchema, ProjectSchema, StatusSchema } from './modules/projects/project.entity.ts';
import { StreamSchema, StreamUpdateSchema } from './modules/streams/stream.entity.ts';
import { IssueTemplateSchema } from './modules/templates/template.entity.ts';
import { TimeEntrySchema } from './modules/time/time-entry.entity.ts';
import { UserSchema } from './modules/users/user.entity.ts';
import { WebhookDeliverySchema, WebhookSchema } from './modules/webhooks/webhook.entity.ts';

export const entities = [
  UserSchema,
  SessionSchema,
  RedirectSchema,
  ProjectSchema,
  ProjectMemberSchema,
  StatusSchema,
  LabelSchema,
  IssueSchema,
  CommentSchema,
  ActivitySchema,
  AttachmentSchema,
  SavedViewSchema,
  StreamSchema,
  StreamUpdateSchema,
  CustomFieldSchema,
  CustomFieldOptionSchema,
  CalendarFeedSchema,
  ApiTokenSchema,
  IssueTemplateSchema,
  WebhookSchema,
  WebhookDeliverySchema,
  RecurrenceSchema,
  TimeEntrySchema,
  ImportJobSchema,
];
