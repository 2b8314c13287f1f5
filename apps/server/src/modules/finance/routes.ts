import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  errorBody,
  expenseBody,
  expenseItemBody,
  expenseItemPage,
  expenseItemQuery,
  expenseItemSaved,
  expensePage,
  expenseQuery,
  expenseSaved,
  financeDone,
  idParam,
  overviewQuery,
  overviewSchema,
} from '@gasops/shared';
import { ctxOf } from '../../platform/guard.js';
import { t } from '../../platform/i18n.js';
import type { ModuleOptions } from '../../platform/module.js';
import { listExpenseItems } from './list-expense-items.js';
import { listExpenses } from './list-expenses.js';
import { createExpenseItem, deleteExpenseItem, updateExpenseItem } from './save-expense-item.js';
import { createExpense, deleteExpense, updateExpense } from './save-expense.js';
import { getOverview } from './get-overview.js';

const errors = { 400: errorBody, 403: errorBody, 404: errorBody, 409: errorBody };

// The expense screens show the server's success message (docs/CONVENTIONS.md "Success messages").
export const financeRoutes: FastifyPluginAsync<ModuleOptions> = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps;
  const tags = ['finance'];

  // ---- incidentals: miscellaneous expense items ----
  app.get(
    '/finance/expense-items',
    {
      // The expense form picks its item from this list too.
      config: {
        permission: {
          anyOf: [
            { screen: 'incidentals', action: 'view' },
            { screen: 'expense', action: 'view' },
          ],
        },
      },
      schema: { tags, querystring: expenseItemQuery, response: { 200: expenseItemPage, ...errors } },
    },
    async (req) => listExpenseItems(db, ctxOf(req), req.query),
  );
  app.post(
    '/finance/expense-items',
    {
      config: { permission: { screen: 'incidentals', action: 'create' } },
      schema: { tags, body: expenseItemBody, response: { 200: expenseItemSaved, ...errors } },
    },
    async (req) => ({ ...(await createExpenseItem(db, ctxOf(req), req.body)), detail: t(req, 'feedback.success.added') }),
  );
  app.put(
    '/finance/expense-items/:id',
    {
      config: { permission: { screen: 'incidentals', action: 'edit' } },
      schema: { tags, params: idParam, body: expenseItemBody, response: { 200: expenseItemSaved, ...errors } },
    },
    async (req) => ({ ...(await updateExpenseItem(db, ctxOf(req), req.params.id, req.body)), detail: t(req, 'feedback.success.edited') }),
  );
  app.delete(
    '/finance/expense-items/:id',
    {
      config: { permission: { screen: 'incidentals', action: 'delete' } },
      schema: { tags, params: idParam, response: { 200: financeDone, ...errors } },
    },
    async (req) => {
      await deleteExpenseItem(db, ctxOf(req), req.params.id);
      return { detail: t(req, 'feedback.success.deleted') };
    },
  );

  // ---- expense ----
  app.get(
    '/finance/expenses',
    {
      config: { permission: { screen: 'expense', action: 'view' } },
      schema: { tags, querystring: expenseQuery, response: { 200: expensePage, ...errors } },
    },
    async (req) => listExpenses(db, ctxOf(req), req.query),
  );
  app.post(
    '/finance/expenses',
    {
      config: { permission: { screen: 'expense', action: 'create' } },
      schema: { tags, body: expenseBody, response: { 200: expenseSaved, ...errors } },
    },
    async (req) => ({ ...(await createExpense(db, ctxOf(req), req.body)), detail: t(req, 'feedback.success.added') }),
  );
  app.put(
    '/finance/expenses/:id',
    {
      config: { permission: { screen: 'expense', action: 'edit' } },
      schema: { tags, params: idParam, body: expenseBody, response: { 200: expenseSaved, ...errors } },
    },
    async (req) => ({ ...(await updateExpense(db, ctxOf(req), req.params.id, req.body)), detail: t(req, 'feedback.success.edited') }),
  );
  app.delete(
    '/finance/expenses/:id',
    {
      config: { permission: { screen: 'expense', action: 'delete' } },
      schema: { tags, params: idParam, response: { 200: financeDone, ...errors } },
    },
    async (req) => {
      await deleteExpense(db, ctxOf(req), req.params.id);
      return { detail: t(req, 'feedback.success.deleted') };
    },
  );

  // ---- financial overview ----
  app.get(
    '/finance/overview',
    {
      config: { permission: { screen: 'financial', action: 'view' } },
      schema: { tags, querystring: overviewQuery, response: { 200: overviewSchema, ...errors } },
    },
    async (req) => getOverview(db, ctxOf(req), req.query),
  );
};
