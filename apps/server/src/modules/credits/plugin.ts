import { api } from '@rasma/contract';
import type { FastifyPluginAsync } from 'fastify';
import type { Db } from '../../db/client.js';
import { route } from '../../http/route.js';
import { userDetails } from './details.js';
import { creditHistory } from './history.js';
import { creditBalanceQuery } from './queries.js';

/** Credits: the balance, its history and the user's plan details. Prefix `/api`. */
export const creditsModule: FastifyPluginAsync<{ db: Db }> = async (app, { db }) => {
  const creditBalance = creditBalanceQuery(db);
  route(app, api.credits, async ({ user }) => ({ credits: await creditBalance(user.id) }));
  route(app, api.creditHistory, ({ user, query }) => creditHistory(db, user.id, query.page));
  route(app, api.userDetails, ({ user }) => userDetails(db, user.id));
};
