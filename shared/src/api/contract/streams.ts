// Streams and their updates (see contract/endpoint.ts).
import {
  createStreamSchema,
  createStreamUpdateSchema,
  streamFeedQuerySchema,
  streamFeedResponseSchema,
  streamResponseSchema,
  streamsResponseSchema,
  streamUpdateResponseSchema,
  updateStreamSchema,
  updateStreamUpdateSchema,
} from '../streams.ts';
import { endpoint } from './endpoint.ts';

export const streams = {
  list: endpoint('GET', '/api/streams', { response: streamsResponseSchema }),
  create: endpoint('POST', '/api/streams', { body: createStreamSchema, response: streamResponseSchema, status: 201 }),
  get: endpoint('GET', '/api/streams/:id', { response: streamResponseSchema }),
  update: endpoint('PATCH', '/api/streams/:id', { body: updateStreamSchema, response: streamResponseSchema }),
  remove: endpoint('DELETE', '/api/streams/:id'),
  feed: endpoint('GET', '/api/streams/:id/feed', { query: streamFeedQuerySchema, response: streamFeedResponseSchema }),
  post: endpoint('POST', '/api/streams/:id/updates', { body: createStreamUpdateSchema, response: streamUpdateResponseSchema, status: 201 }),
  editPost: endpoint('PATCH', '/api/stream-updates/:id', { body: updateStreamUpdateSchema, response: streamUpdateResponseSchema }),
  deletePost: endpoint('DELETE', '/api/stream-updates/:id'),
};
