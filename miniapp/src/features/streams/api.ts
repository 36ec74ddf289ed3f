// Typed calls of the streams API (shapes from @tracker/shared/api/streams).
import { streams } from '@tracker/shared/api/contract/streams';
import type { CreateStreamRequest, StreamFeedItem, StreamHealth } from '@tracker/shared/api/streams';
import type { z } from 'zod';
import type { updateStreamSchema } from '@tracker/shared/api/streams';
import { api } from '../../lib/api-client.ts';

export type StreamPatch = z.input<typeof updateStreamSchema>;
export type StreamUpdateItem = Extract<StreamFeedItem, { kind: 'update' }>;

export const streamsApi = {
  list: () => api(streams.list),
  get: (id: number | string) => api(streams.get, { params: { id } }),
  create: (body: CreateStreamRequest) => api(streams.create, { body }),
  update: (id: number, body: StreamPatch) => api(streams.update, { params: { id }, body }),
  remove: (id: number) => api(streams.remove, { params: { id } }),
  feed: (id: number, limit = 50) => api(streams.feed, { params: { id }, query: { limit } }),
  post: (id: number, body: { body: string; health: StreamHealth }) => api(streams.post, { params: { id }, body }),
  editPost: (id: number, body: { body?: string; health?: StreamHealth }) => api(streams.editPost, { params: { id }, body }),
  deletePost: (id: number) => api(streams.deletePost, { params: { id } }),
};
