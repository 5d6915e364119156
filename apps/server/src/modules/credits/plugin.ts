import { api } from '@rasma/contract';
import type { FastifyPluginAsync } from 'fastify';
import type { Db } from '../../db/client.js';
import { route } from '../../http/route.js';
import { creditBalanceQuery } from './ledger.js';

/** Credits: the balance now; plans, packs and payments build on the ledger. Prefix `/api`. */
export const creditsModule: FastifyPluginAsync<{ db: Db }> = async (app, { db }) => {
  const creditBalance = creditBalanceQuery(db);
  route(app, api.credits, async ({ user }) => ({ credits: await creditBalance(user.id) }));
};
