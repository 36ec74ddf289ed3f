// Issues, their comments, relations, watching, saved views and search (see contract/endpoint.ts).
import { attachmentDownloadQuerySchema, attachmentLinkResponseSchema, attachmentUploadResponseSchema } from '../attachments.ts';
import {
  activityResponseSchema,
  bulkUpdateResponseSchema,
  bulkUpdateSchema,
  commentResponseSchema,
  commentsResponseSchema,
  createCommentSchema,
  createIssueSchema,
  createRelationSchema,
  createSavedViewSchema,
  issueActivityQuerySchema,
  issueListQuerySchema,
  issueListResponseSchema,
  issuePageResponseSchema,
  issueResponseSchema,
  moveIssueSchema,
  savedViewResponseSchema,
  savedViewsResponseSchema,
  searchQuerySchema,
  searchResponseSchema,
  updateIssueSchema,
  updateSavedViewSchema,
  watchingActivityQuerySchema,
} from '../issues.ts';
import { issueCountsQuerySchema, issueCountsResponseSchema } from '../issue-counts.ts';
import { endpoint } from './endpoint.ts';

export const issues = {
  list: endpoint('GET', '/api/issues', { query: issueListQuerySchema, response: issueListResponseSchema }),
  counts: endpoint('GET', '/api/issues/counts', { query: issueCountsQuerySchema, response: issueCountsResponseSchema }),
  create: endpoint('POST', '/api/issues', { body: createIssueSchema, response: issueResponseSchema, status: 201 }),
  bulk: endpoint('POST', '/api/issues/bulk', { body: bulkUpdateSchema, response: bulkUpdateResponseSchema }),
  get: endpoint('GET', '/api/issues/:ref', { response: issueResponseSchema }),
  page: endpoint('GET', '/api/issues/:ref/page', { response: issuePageResponseSchema }),
  update: endpoint('PATCH', '/api/issues/:ref', { body: updateIssueSchema, response: issueResponseSchema }),
  remove: endpoint('DELETE', '/api/issues/:ref'),
  move: endpoint('POST', '/api/issues/:id/move', { body: moveIssueSchema, response: issueResponseSchema }),
  activity: endpoint('GET', '/api/issues/:ref/activity', { query: issueActivityQuerySchema, response: activityResponseSchema }),
  addRelation: endpoint('POST', '/api/issues/:ref/relations', { body: createRelationSchema, response: issueResponseSchema, status: 201 }),
  removeRelation: endpoint('DELETE', '/api/issues/:ref/relations/:relationId', { response: issueResponseSchema }),
  watch: endpoint('POST', '/api/issues/:ref/watch', { response: issueResponseSchema }),
  unwatch: endpoint('DELETE', '/api/issues/:ref/watch', { response: issueResponseSchema }),
  addAttachment: endpoint('POST', '/api/issues/:ref/attachments', {
    response: attachmentUploadResponseSchema,
    status: 201,
    bodyType: '*/*',
    headers: { 'X-File-Name': "The file's name, URL-encoded" },
    summary: 'The file as the raw body, its type as Content-Type',
  }),
};

export const comments = {
  list: endpoint('GET', '/api/issues/:ref/comments', { response: commentsResponseSchema }),
  create: endpoint('POST', '/api/issues/:ref/comments', { body: createCommentSchema, response: commentResponseSchema, status: 201 }),
  update: endpoint('PATCH', '/api/comments/:id', { body: createCommentSchema, response: commentResponseSchema }),
  remove: endpoint('DELETE', '/api/comments/:id'),
};

export const attachments = {
  link: endpoint('POST', '/api/attachments/:id/link', { response: attachmentLinkResponseSchema }),
  download: endpoint('GET', '/api/attachments/:id', {
    query: attachmentDownloadQuerySchema,
    responseType: 'application/octet-stream',
    summary: 'The file, by session or by the signed link from POST /api/attachments/{id}/link',
  }),
  remove: endpoint('DELETE', '/api/attachments/:id'),
};

export const views = {
  list: endpoint('GET', '/api/views', { response: savedViewsResponseSchema }),
  create: endpoint('POST', '/api/views', { body: createSavedViewSchema, response: savedViewResponseSchema, status: 201 }),
  update: endpoint('PATCH', '/api/views/:id', { body: updateSavedViewSchema, response: savedViewResponseSchema }),
  remove: endpoint('DELETE', '/api/views/:id'),
};

export const search = {
  all: endpoint('GET', '/api/search', { query: searchQuerySchema, response: searchResponseSchema }),
};

export const activity = {
  /** Other people's recent changes on the issues I watch (My work), newest first. */
  watching: endpoint('GET', '/api/activity/watching', { query: watchingActivityQuerySchema, response: activityResponseSchema }),
};
