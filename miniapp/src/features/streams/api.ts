// Typed calls of the streams API (shapes from @tracker/shared/api/streams).
import type { CreateStreamRequest, Stream, StreamFeedItem, StreamHealth } from '@tracker/shared/api/streams';
import type { z } from 'zod';
import type { updateStreamSchema } from '@tracker/shared/api/streams';
import { http } from '../../lib/http.ts';

export type StreamPatch = z.input<typeof updateStreamSchema>;
export type StreamUpdateItem = Extract<StreamFeedItem, { kind: 'update' }>;

export const streamsApi = {
  list: () => http.get<{ streams: Stream[] }>('/api/streams'),
  get: (id: number | string) => http.get<{ stream: Stream }>(`/api/streams/${encodeURIComponent(String(id))}`),
  create: (body: CreateStreamRequest) => http.post<{ stream: Stream }>('/api/streams', body),
  update: (id: number, body: StreamPatch) => http.request<{ stream: Stream }>(`/api/streams/${id}`, { method: 'PATCH', body }),
  remove: (id: number) => http.request<void>(`/api/streams/${id}`, { method: 'DELETE' }),
  feed: (id: number, limit = 50) => http.get<{ items: StreamFeedItem[] }>(`/api/streams/${id}/feed`, { query: { limit } }),
  post: (id: number, body: { body: string; health: StreamHealth }) => http.post<{ update: StreamUpdateItem }>(`/api/streams/${id}/updates`, body),
  editPost: (id: number, body: { body?: string; health?: StreamHealth }) =>
    http.request<{ update: StreamUpdateItem }>(`/api/stream-updates/${id}`, { method: 'PATCH', body }),
  deletePost: (id: number) => http.request<void>(`/api/stream-updates/${id}`, { method: 'DELETE' }),
};
