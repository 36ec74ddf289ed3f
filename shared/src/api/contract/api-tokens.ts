// Personal access tokens (see contract/endpoint.ts). Creating and revoking need a session (`sessionOnly`): a token cannot manage tokens.
import { apiTokensResponseSchema, createApiTokenResponseSchema, createApiTokenSchema } from '../api-tokens.ts';
import { endpoint } from './endpoint.ts';

export const apiTokens = {
  list: endpoint('GET', '/api/tokens', { response: apiTokensResponseSchema }),
  create: endpoint('POST', '/api/tokens', { body: createApiTokenSchema, response: createApiTokenResponseSchema, status: 201, sessionOnly: true }),
  revoke: endpoint('DELETE', '/api/tokens/:id', { sessionOnly: true }),
};
