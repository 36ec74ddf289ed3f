import Router from '@koa/router';
import { system } from '@tracker/shared/api/contract/system';
import { ICON_API } from '@tracker/shared/limits';
import { HttpError, notFound } from '../../http/errors.ts';
import { route } from '../../http/route.ts';
import { iconData } from './icon-sets.ts';

/**
 * The local icon API (spec §7, §9): `GET /api/icons?icons=set:name,…` → Iconify JSON per set.
 * Clients split their requests to stay within ICON_API.maxUrlLength, so longer ones are refused.
 */
export function iconRoutes() {
  const router = new Router();
  route(router, system.icons, async (ctx, input) => {
    if (ctx.originalUrl.length > ICON_API.maxUrlLength) {
      throw new HttpError(414, `The request URL is longer than ${ICON_API.maxUrlLength} characters`, 'validation');
    }
    const { icons } = await input.query();
    const data = await iconData(icons);
    // A 404 tells the client the icons are missing (spec §8).
    if (!data.length || data.every((set) => !Object.keys(set.icons).length && !Object.keys(set.aliases ?? {}).length)) throw notFound('Icons not found');
    ctx.set('Cache-Control', 'public, max-age=86400');
    ctx.body = data;
  });
  return router;
}
