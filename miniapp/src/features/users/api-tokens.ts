// Typed calls for personal access tokens on /user/profile (shared/src/api/contract/api-tokens.ts).
import type { CreateApiTokenRequest } from '@tracker/shared/api/api-tokens';
import { apiTokens } from '@tracker/shared/api/contract/api-tokens';
import { api } from '../../lib/api-client.ts';

const lang = () => ({ 'accept-language': document.documentElement.lang || 'ru' });

export const apiTokensApi = {
  list: () => api(apiTokens.list, { headers: lang() }),
  create: (body: CreateApiTokenRequest) => api(apiTokens.create, { body, headers: lang() }),
  revoke: (id: number) => api(apiTokens.revoke, { params: { id }, headers: lang() }),
};
