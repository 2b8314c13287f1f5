import { desc, eq, sql } from 'drizzle-orm';
import type { InvoiceCheck } from '@gasops/shared';
import type { Ctx } from '../../platform/context.js';
import { rowsOfResult, type Db } from '../../platform/db.js';
import { canTouchStore } from '../../platform/tenancy.js';
import { invoiceChecks, type TrackProblem } from './invoices.schema.js';

/** Problems kept per track (a broken track is reported, not listed to the last number). */
const MAX_PER_TRACK = 100;

/**
 * The problems of every track with numbers taken, found in the database (only the problems come back):
 * every number start … start + used − 1 must be issued exactly once (voided ones included: a voided number
 * stays taken); an invoice of the track outside that range (or of another prefix) is reported too. A
 * track whose invoices are `used` distinct numbers from its first to its last is sound and not looked at
 * further (one aggregate over its invoices); the others are walked in number order: the gaps between the
 * numbers present (at most MAX_PER_TRACK of each), the numbers issued more than once, then those outside,
 * MAX_PER_TRACK problems per track at most, in that order.
 */
const PROBLEMS = sql`
  with t as (
    select id, group_id, store_id, prefix, roc_year, period, start_no, start_no + used - 1 as last_no, used
    from invoice_tracks
    where used > 0
  ),
  suspect as (
    select t.* from t
    left join lateral (
      select count(*)::int as n, count(distinct i.number)::int as distinct_n, min(i.number) as first_no, max(i.number) as last_issued
      from invoices i where i.track_id = t.id
    ) s on true
    where s.n <> t.used or s.distinct_n <> t.used
      or s.first_no is distinct from t.prefix || lpad(t.start_no::text, 8, '0')
      or s.last_issued is distinct from t.prefix || lpad(t.last_no::text, 8, '0')
  ),
  issued as (
    select i.track_id, i.number, case when left(i.number, 2) = t.prefix then substr(i.number, 3)::int end as n
    from invoices i join suspect t on t.id = i.track_id
  ),
  in_range as (
    select i.track_id, i.n, count(*)::int as times
    from issued i join suspect t on t.id = i.track_id
    where i.n between t.start_no and t.last_no
    group by i.track_id, i.n
  ),
  -- Each number present, and one past the last, closes the gap since the previous one (or the start).
  marks as (
    select track_id, n from in_range
    union all
    select id, last_no + 1 from suspect
  ),
  gaps as (
    select m.track_id, coalesce(lag(m.n) over (partition by m.track_id order by m.n), t.start_no - 1) + 1 as gap_from, m.n - 1 as gap_to
    from marks m join suspect t on t.id = m.track_id
  ),
  problems as (
    select g.track_id, 0 as outside, g.n, null::text as number, 'gap' as kind
    from (select track_id, generate_series(gap_from, least(gap_to, gap_from + ${MAX_PER_TRACK - 1})) as n from gaps where gap_from <= gap_to) g
    union all
    select track_id, 0, n, null, 'duplicate' from in_range where times > 1
    union all
    select i.track_id, 1, i.n, i.number, 'outside'
    from issued i join suspect t on t.id = i.track_id
    where i.n is null or i.n not between t.start_no and t.last_no
    group by i.track_id, i.n, i.number
  ),
  ranked as (
    select p.*, row_number() over (partition by p.track_id order by p.outside, p.n, p.number) as k from problems p
  )
  select t.id as "trackId", t.group_id as "groupId", t.store_id as "storeId", t.prefix, t.roc_year as "rocYear", t.period,
    r.kind, coalesce(r.number, t.prefix || lpad(r.n::text, 8, '0')) as number
  from ranked r join suspect t on t.id = r.track_id
  where r.k <= ${MAX_PER_TRACK}
  order by t.id, r.k`;

/**
 * The daily check of every group's tracks that have numbers taken: stores one `invoice_checks` row per
 * group (its problems, possibly none) and answers the problems found, for the log.
 */
export async function checkTracks(db: Db, now = new Date()): Promise<{ groups: number; problems: TrackProblem[] }> {
  const groups = rowsOfResult<{ groupId: number; tracks: number }>(
    await db.execute(
      sql`select group_id as "groupId", count(*)::int as tracks from invoice_tracks where used > 0 group by group_id order by group_id`,
    ),
  );
  const found = rowsOfResult<TrackProblem & { groupId: number }>(await db.execute(PROBLEMS));
  const all: TrackProblem[] = [];
  for (const { groupId, tracks } of groups) {
    const problems = found
      .filter((p) => Number(p.groupId) === Number(groupId))
      .map(({ trackId, storeId, prefix, rocYear, period, kind, number }) => ({
        trackId: Number(trackId),
        storeId: Number(storeId),
        prefix,
        rocYear: Number(rocYear),
        period: Number(period),
        kind,
        number,
      }));
    await db.insert(invoiceChecks).values({ groupId: Number(groupId), checkedAt: now, tracks: Number(tracks), problems });
    all.push(...problems);
  }
  return { groups: groups.length, problems: all };
}

/** The latest check of the user's group, its problems narrowed to the user's stores (GET /invoices/checks). */
export async function latestCheck(db: Db, ctx: Ctx): Promise<InvoiceCheck> {
  const groupId = ctx.user.groupId;
  const [row] =
    groupId === null
      ? []
      : await db
          .select()
          .from(invoiceChecks)
          .where(eq(invoiceChecks.groupId, groupId))
          .orderBy(desc(invoiceChecks.checkedAt), desc(invoiceChecks.id))
          .limit(1);
  if (!row) return { checkedAt: null, tracks: 0, problems: [] };
  return {
    checkedAt: row.checkedAt.toISOString(),
    tracks: row.tracks,
    problems: row.problems.filter((p) => canTouchStore(ctx, p.storeId)),
  };
}
