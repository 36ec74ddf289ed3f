import type { UserRef } from '@tracker/shared/api/common';
import type { Attachment } from '../issues/issue.entity.ts';

export function toAttachmentDto(a: Attachment, uploader: UserRef | null) {
  return {
    id: a.id,
    fileName: a.fileName,
    mimeType: a.mimeType,
    size: a.size,
    url: `/api/attachments/${a.id}`,
    uploader,
    createdAt: a.createdAt.toISOString(),
  };
}
