import { daysBetween, shiftDate } from './dates.js';
import { mayDo, type MenuSetting } from './menu.js';

/**
 * LPG cylinders: the per-cylinder state machine of the 14 processing statuses of seed §4, the
 * periodic-inspection rules of DOMAIN.md "LPG cylinders (Taiwan)", and the codes cylinders are
 * scanned and typed by. Pure functions: the server applies them inside its transactions, the web
 * shows the same answers before a user saves. docs/CYLINDERS.md has the table as prose.
 */

// ---- vocabularies ------------------------------------------------------------------------------

/** The 14 processing statuses of stock movements (seed §4), in the seed's order. */
export const MOVEMENT_KINDS = [
  'filling_in',
  'collection_in',
  'new_cylinder_in',
  'sales_out',
  'filling_out',
  'inspection_out',
  'inspection_in',
  'cylinder_deposit',
  'loan_out',
  'return_in',
  'consignment_in',
  'storage_full',
  'storage_empty',
  'scrap',
] as const;
export type MovementKind = (typeof MOVEMENT_KINDS)[number];

/**
 * Where a cylinder is: `new` = registered but not yet in stock (keyed in from a maker's list);
 * `store` = at one of the shop's stores; `storage` = at the shop's registered storage site (a shop
 * may keep at most 128 kg of gas on its premises); `customer`; `filling` = at a filling plant;
 * `inspection` = at an inspection agency; `scrapped` = out of service for good.
 */
export const LOCATION_KINDS = ['new', 'store', 'storage', 'customer', 'filling', 'inspection', 'scrapped'] as const;
export type LocationKind = (typeof LOCATION_KINDS)[number];
/** Places that name who has the cylinder (`location_id`: the customer, or the handling site). */
export const LOCATIONS_WITH_ID: readonly LocationKind[] = ['customer', 'filling', 'inspection'];

export const FILL_STATES = ['full', 'empty'] as const;
export type FillState = (typeof FILL_STATES)[number];

export const MATERIALS = ['steel', 'composite'] as const;
export type Material = (typeof MATERIALS)[number];

/** Why a customer has (or the shop keeps) a cylinder: sold gas, deposit, loan, or a customer's cylinder consigned to the shop. */
export const HOLDINGS = ['sale', 'deposit', 'loan', 'consignment'] as const;
export type Holding = (typeof HOLDINGS)[number];

/** The state the machine works on. */
export type CylinderState = { location: LocationKind; fill: FillState };

/** Every state a cylinder can be in (scrapped cylinders are always empty). */
export const ALL_STATES: readonly CylinderState[] = LOCATION_KINDS.flatMap((location) => FILL_STATES.map((fill) => ({ location, fill })));

// ---- inspection status -------------------------------------------------------------------------

/**
 * A cylinder's periodic-inspection status on a given day: `in_date`; `due` (deadline within the
 * warning window, default 60 days); `overdue` (the deadline has passed); `end_of_life` (steel 30,
 * composite 20 years after the factory pressure test); `scrapped`; `unknown` (no deadline and no
 * pressure-test date to compute one).
 */
export const INSPECTION_STATUSES = ['in_date', 'due', 'overdue', 'end_of_life', 'scrapped', 'unknown'] as const;
export type InspectionStatus = (typeof INSPECTION_STATUSES)[number];

/** The colour each status shows in (antd tag colours; the public label check answers it too). */
export const INSPECTION_STATUS_COLOURS: Record<InspectionStatus, string> = {
  in_date: 'green',
  due: 'orange',
  overdue: 'red',
  end_of_life: 'magenta',
  scrapped: 'default',
  unknown: 'default',
};

/** Days before the deadline from which a cylinder counts as due (the warning window's default). */
export const DEFAULT_DUE_DAYS = 60;

/** Statuses of a cylinder whose label is in date (the scan statistics' "qualified code"). */
export const QUALIFIED_STATUSES: readonly InspectionStatus[] = ['in_date', 'due'];
/** Statuses that make a gated movement (sales out, filling out…) need a manager's override. */
export const BLOCKING_STATUSES: readonly InspectionStatus[] = ['overdue', 'end_of_life'];

// ---- the state machine (ONE table) ---------------------------------------------------------------

/** What a movement needs of the cylinder's fill at a source location. */
export type FillNeed = 'any' | FillState;

export type MovementRule = {
  /** The locations a movement may start from, each with the fill it needs there. */
  from: Partial<Record<LocationKind, FillNeed>>;
  /** Where the cylinder is afterwards. */
  to: LocationKind;
  /** Its fill afterwards (`keep`: unchanged). */
  fill: FillState | 'keep';
  /** The customer relation afterwards (null: none; the customer link is cleared). */
  holding: Holding | null;
  /** Refused for an overdue or end-of-life cylinder unless a manager overrides it with a reason. */
  inspectionGate: boolean;
};

/**
 * The per-cylinder state machine: for each of the 14 movement kinds, the states it may start from
 * and the state it leads to. Everything the server decides about a movement is read from here.
 *
 * Refinements over the plain reading of the seed, as a gas shop works:
 * - A cylinder at the storage site is stock like one at the store: every "out" movement may leave
 *   from either place. `storage_full` / `storage_empty` move full / empty cylinders into the
 *   storage site, from the store or straight from the filling plant (full) or the customers' doors
 *   (empties).
 * - Sales out needs a full cylinder, filling out and inspection out an empty one (a cylinder is
 *   emptied before it is tested). The filling plant may forward a cylinder it refused to an
 *   inspection agency (inspection out from `filling`).
 * - Filling in always ends full; collection in and return in end empty (what comes back from a
 *   customer is refilled before it goes out again); deposit, loan and consignment keep the fill.
 * - Scrap is possible from anywhere except a customer's premises (collect it first); a scrapped
 *   cylinder never moves again.
 * - Sales out, filling out, deposit and loan out hand the cylinder to a customer or a filling plant:
 *   an overdue or end-of-life cylinder is refused unless a manager overrides with a reason
 *   (filling an expired cylinder is prosecuted).
 */
export const MOVEMENT_RULES: Record<MovementKind, MovementRule> = {
  filling_in: { from: { filling: 'any' }, to: 'store', fill: 'full', holding: null, inspectionGate: false },
  collection_in: { from: { customer: 'any' }, to: 'store', fill: 'empty', holding: null, inspectionGate: false },
  new_cylinder_in: { from: { new: 'any' }, to: 'store', fill: 'keep', holding: null, inspectionGate: false },
  sales_out: { from: { store: 'full', storage: 'full' }, to: 'customer', fill: 'full', holding: 'sale', inspectionGate: true },
  filling_out: { from: { store: 'empty', storage: 'empty' }, to: 'filling', fill: 'empty', holding: null, inspectionGate: true },
  inspection_out: {
    from: { store: 'empty', storage: 'empty', filling: 'any' },
    to: 'inspection',
    fill: 'empty',
    holding: null,
    inspectionGate: false,
  },
  inspection_in: { from: { inspection: 'any' }, to: 'store', fill: 'empty', holding: null, inspectionGate: false },
  cylinder_deposit: { from: { store: 'any', storage: 'any' }, to: 'customer', fill: 'keep', holding: 'deposit', inspectionGate: true },
  loan_out: { from: { store: 'any', storage: 'any' }, to: 'customer', fill: 'keep', holding: 'loan', inspectionGate: true },
  return_in: { from: { customer: 'any' }, to: 'store', fill: 'empty', holding: null, inspectionGate: false },
  consignment_in: { from: { customer: 'any' }, to: 'store', fill: 'keep', holding: 'consignment', inspectionGate: false },
  storage_full: { from: { store: 'full', filling: 'any' }, to: 'storage', fill: 'full', holding: null, inspectionGate: false },
  storage_empty: { from: { store: 'empty', customer: 'any' }, to: 'storage', fill: 'empty', holding: null, inspectionGate: false },
  scrap: {
    from: { new: 'any', store: 'any', storage: 'any', filling: 'any', inspection: 'any' },
    to: 'scrapped',
    fill: 'empty',
    holding: null,
    inspectionGate: false,
  },
};

/** Movements that bring a cylinder into the shop's stock ("in") and those that take it out. */
export const IN_MOVEMENTS: readonly MovementKind[] = MOVEMENT_KINDS.filter((k) => ['store', 'storage'].includes(MOVEMENT_RULES[k].to));
/** Movements that end at a customer (they may name the customer). */
export const TO_CUSTOMER_MOVEMENTS: readonly MovementKind[] = MOVEMENT_KINDS.filter((k) => MOVEMENT_RULES[k].to === 'customer');

/** The colour a movement shows in (antd tag colours, which the field kit's tags share): to a customer blue, into the shop green, scrapped grey, else gold. */
export function movementColour(kind: MovementKind): 'default' | 'blue' | 'green' | 'gold' {
  const to = MOVEMENT_RULES[kind].to;
  if (to === 'scrapped') return 'default';
  if (to === 'customer') return 'blue';
  return to === 'store' || to === 'storage' ? 'green' : 'gold';
}

/** The photo types a cylinder's image may have (the image route takes them; the web's file pickers offer them). */
export const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
/** The largest cylinder photo kept (bytes): the image route refuses more, the web's pickers say so before sending. */
export const MAX_IMAGE_BYTES = 3 * 1024 * 1024;

/** A pending item's state: waiting for a decision, or processed (applied, corrected or discarded). */
export const PENDING_STATUSES = ['unprocessed', 'processed'] as const;
export type PendingStatus = (typeof PENDING_STATUSES)[number];
/**
 * Why a movement is refused: the cylinder is scrapped; it is not where the movement starts
 * (`alreadyThere` when it is already where the movement leads); it must be full / empty for this
 * movement; its inspection is overdue / it is past its end of life (a manager may override these two).
 */
export const REFUSAL_REASONS = ['scrapped', 'alreadyThere', 'notFromHere', 'mustBeFull', 'mustBeEmpty', 'overdue', 'endOfLife'] as const;
export type RefusalReason = (typeof REFUSAL_REASONS)[number];

// Vocabularies of the answers (api/cylinders.ts): here without zod, for the screens that label and filter by them.

/** Why a read or a stock-document line was not applied: a refusal of the state machine, or an unknown code. */
export const MOVE_PROBLEMS = [...REFUSAL_REASONS, 'unknownCylinder'] as const;
export type MoveProblem = (typeof MOVE_PROBLEMS)[number];
/** How a pending item was processed: applied anyway, corrected then applied, or discarded. */
export const PENDING_RESOLUTIONS = ['applied', 'corrected', 'discarded'] as const;
export type PendingResolution = (typeof PENDING_RESOLUTIONS)[number];
export const SCAN_RESULTS = ['success', 'failure', 'unprocessed'] as const;
export type ScanResult = (typeof SCAN_RESULTS)[number];
export const READER_KINDS = ['gate', 'handheld', 'phone'] as const;
export type ReaderKind = (typeof READER_KINDS)[number];
/** Where a movement came from. */
export const MOVEMENT_SOURCES = ['document', 'scan', 'pending', 'order'] as const;
export type MovementSource = (typeof MOVEMENT_SOURCES)[number];
export const LINE_RESULTS = ['applied', 'pending'] as const;
/** Refusals a manager may override with a reason. */
export const OVERRIDABLE_REASONS: readonly RefusalReason[] = ['overdue', 'endOfLife'];

export type MoveOptions = {
  /** The cylinder's inspection status today (the gate of sales out, filling out…). */
  inspection?: InspectionStatus;
  /** A manager overrides an overdue / end-of-life refusal (the caller checks who and records why). */
  override?: boolean;
};

export type MoveAnswer =
  | { ok: true; state: CylinderState; holding: Holding | null; overridden: boolean }
  | { ok: false; reason: RefusalReason; overridable: boolean };

/**
 * The state after a movement, or why it is refused. The order of checks is the order a person
 * would explain it in: scrapped, wrong place, wrong fill, then the inspection gate.
 */
export function nextState(state: CylinderState, kind: MovementKind, opts: MoveOptions = {}): MoveAnswer {
  const rule = MOVEMENT_RULES[kind];
  const refuse = (reason: RefusalReason): MoveAnswer => ({ ok: false, reason, overridable: OVERRIDABLE_REASONS.includes(reason) });
  if (state.location === 'scrapped') return refuse('scrapped');
  const need = rule.from[state.location];
  if (need === undefined) return refuse(state.location === rule.to ? 'alreadyThere' : 'notFromHere');
  if (need !== 'any' && need !== state.fill) return refuse(need === 'full' ? 'mustBeFull' : 'mustBeEmpty');
  let overridden = false;
  if (rule.inspectionGate && opts.inspection && BLOCKING_STATUSES.includes(opts.inspection)) {
    if (!opts.override) return refuse(opts.inspection === 'end_of_life' ? 'endOfLife' : 'overdue');
    overridden = true;
  }
  const fill: FillState = rule.to === 'scrapped' ? 'empty' : rule.fill === 'keep' ? state.fill : rule.fill;
  return { ok: true, state: { location: rule.to, fill }, holding: rule.holding, overridden };
}

/**
 * A movement applied regardless of the location and fill rules ("apply anyway" on pending data):
 * the cylinder is where the movement leads. Scrapped cylinders still never move.
 */
export function forcedState(state: CylinderState, kind: MovementKind): MoveAnswer {
  if (state.location === 'scrapped') return { ok: false, reason: 'scrapped', overridable: false };
  const rule = MOVEMENT_RULES[kind];
  const fill: FillState = rule.to === 'scrapped' ? 'empty' : rule.fill === 'keep' ? state.fill : rule.fill;
  return { ok: true, state: { location: rule.to, fill }, holding: rule.holding, overridden: true };
}

/** The movements allowed from a state (without the inspection gate): what a screen offers. */
export function allowedMovements(state: CylinderState): MovementKind[] {
  return MOVEMENT_KINDS.filter((k) => nextState(state, k).ok);
}

/**
 * Who may override the inspection gate: a user whose role may edit the cylinder registry
 * (a manager's right; store staff who only record stock documents may not).
 */
export function mayOverrideInspection(user: { isPlatformAdmin: boolean; menu: MenuSetting }): boolean {
  return mayDo(user, 'CylinderMaintenance', 'edit');
}

// ---- periodic inspection -----------------------------------------------------------------------

/** Whole years from one date to another (YYYY-MM-DD), as a birthday counts them. */
export function wholeYears(from: string, to: string): number {
  const [fy, fm, fd] = from.split('-').map(Number) as [number, number, number];
  const [ty, tm, td] = to.split('-').map(Number) as [number, number, number];
  let years = ty - fy;
  if (tm < fm || (tm === fm && td < fd)) years--;
  return years;
}

/** A date plus whole years (29 February lands on 28 February). */
export const addYears = (date: string, years: number): string => shiftDate(date, { months: 12 * years });

/** One step of an interval table: below this age (years since the factory pressure test), inspect every `every` years. */
export type IntervalStep = { underYears: number; every: number };

/**
 * The periodic-inspection tables (container periodic inspection standard; DOMAIN.md). Steel
 * cylinders pressure-tested on or after 2005-03-01 follow one table; older ones follow a table by
 * size. Composite cylinders: every 5 years. Exported so a caller may pass edited tables.
 */
export const INSPECTION_RULES = {
  steelLifeYears: 30,
  compositeLifeYears: 20,
  /** Pressure-test date from which the single steel table applies. */
  newTableFrom: '2005-03-01',
  steel: [
    { underYears: 18, every: 5 },
    { underYears: 19, every: 4 },
    { underYears: 20, every: 3 },
    { underYears: 30, every: 2 },
  ],
  /** Steel tested before 2005-03-01, by nominal size. */
  steelOld: {
    /** 50 kg */
    large: [
      { underYears: 8, every: 4 },
      { underYears: 19, every: 3 },
      { underYears: 29, every: 2 },
      { underYears: 30, every: 1 },
    ],
    /** 16, 18, 20 kg */
    medium: [
      { underYears: 9, every: 5 },
      { underYears: 10, every: 4 },
      { underYears: 18, every: 3 },
      { underYears: 29, every: 2 },
      { underYears: 30, every: 1 },
    ],
    /** 2, 4, 10 kg */
    small: [
      { underYears: 14, every: 6 },
      { underYears: 15, every: 5 },
      { underYears: 16, every: 4 },
      { underYears: 17, every: 3 },
      { underYears: 29, every: 2 },
      { underYears: 30, every: 1 },
    ],
  },
  composite: [{ underYears: 20, every: 5 }],
} as const satisfies InspectionRules;
/** The rules every inspection function takes: INSPECTION_RULES, or those with a group's edited tables. */
export type InspectionRules = {
  steelLifeYears: number;
  compositeLifeYears: number;
  newTableFrom: string;
  steel: readonly IntervalStep[];
  steelOld: Record<'large' | 'medium' | 'small', readonly IntervalStep[]>;
  composite: readonly IntervalStep[];
};

/**
 * The interval tables a shop (store group) or the platform may edit as system parameters, each a
 * text like `18:5,19:4,20:3,30:2` ("below 18 years every 5, below 19 every 4…"). The service lives
 * (steel 30, composite 20 years) and the 2005-03-01 cut-over are the law and stay constants: the
 * database computes the end of life from them.
 */
export const INTERVAL_TABLE_PARAMS = {
  CYLINDER_INTERVALS_STEEL: 'steel',
  CYLINDER_INTERVALS_STEEL_OLD_SMALL: 'steelOld.small',
  CYLINDER_INTERVALS_STEEL_OLD_MEDIUM: 'steelOld.medium',
  CYLINDER_INTERVALS_STEEL_OLD_LARGE: 'steelOld.large',
  CYLINDER_INTERVALS_COMPOSITE: 'composite',
} as const;
export type IntervalTableParam = keyof typeof INTERVAL_TABLE_PARAMS;
export const INTERVAL_TABLE_PARAM_CODES = Object.keys(INTERVAL_TABLE_PARAMS) as IntervalTableParam[];

/** An interval table as its parameter text: `18:5,19:4,20:3,30:2`. */
export function formatIntervalTable(steps: readonly IntervalStep[]): string {
  return steps.map((s) => `${s.underYears}:${s.every}`).join(',');
}

/**
 * A parameter's interval table, or null when the text is not one: steps `under:every` of whole
 * years, ages rising, every interval between 1 and 10 years, the last step reaching the end of life
 * (`lifeYears`) at most.
 */
export function parseIntervalTable(text: string | null | undefined, lifeYears: number): IntervalStep[] | null {
  if (!text) return null;
  const steps: IntervalStep[] = [];
  for (const part of text.split(/[,，;]/)) {
    const m = /^\s*(\d{1,3})\s*[:：]\s*(\d{1,2})\s*$/.exec(part);
    if (!m) return null;
    const step = { underYears: Number(m[1]), every: Number(m[2]) };
    const before = steps[steps.length - 1];
    if (step.every < 1 || step.every > 10 || step.underYears < 1 || step.underYears > lifeYears) return null;
    if (before && step.underYears <= before.underYears) return null;
    steps.push(step);
  }
  return steps.length ? steps : null;
}

/**
 * The inspection rules with the interval tables of these parameter values (a group's, else the
 * platform's); a missing or malformed value keeps the table of DOMAIN.md.
 */
export function inspectionRulesFrom(values: Partial<Record<IntervalTableParam, string | null>>, base: InspectionRules = INSPECTION_RULES) {
  const table = (code: IntervalTableParam, fallback: readonly IntervalStep[], life: number) =>
    parseIntervalTable(values[code], life) ?? fallback;
  const steelLife = base.steelLifeYears;
  return {
    ...base,
    steel: table('CYLINDER_INTERVALS_STEEL', base.steel, steelLife),
    steelOld: {
      small: table('CYLINDER_INTERVALS_STEEL_OLD_SMALL', base.steelOld.small, steelLife),
      medium: table('CYLINDER_INTERVALS_STEEL_OLD_MEDIUM', base.steelOld.medium, steelLife),
      large: table('CYLINDER_INTERVALS_STEEL_OLD_LARGE', base.steelOld.large, steelLife),
    },
    composite: table('CYLINDER_INTERVALS_COMPOSITE', base.composite, base.compositeLifeYears),
  } satisfies InspectionRules;
}

/** The common sizes (kg) of Taiwan's LPG cylinders. */
export const COMMON_SIZES_KG = [2, 4, 10, 16, 18, 20, 50] as const;

/** The size class of the old steel table: up to 10 kg small, up to 20 kg medium, larger ones large. */
export function sizeClass(sizeKg: number | null | undefined): 'small' | 'medium' | 'large' {
  if (sizeKg == null) return 'medium';
  if (sizeKg <= 10) return 'small';
  if (sizeKg <= 20) return 'medium';
  return 'large';
}

/** End of life: steel 30 years, composite 20 years after the factory pressure test. */
export function endOfLifeDate(
  material: Material,
  pressureTestDate: string | null,
  rules: InspectionRules = INSPECTION_RULES,
): string | null {
  if (!pressureTestDate) return null;
  return addYears(pressureTestDate, material === 'composite' ? rules.compositeLifeYears : rules.steelLifeYears);
}

/** The inspection interval (years) for a cylinder of this age, or null once it is at its end of life. */
export function inspectionIntervalYears(
  c: { material: Material; pressureTestDate: string; sizeKg: number | null },
  ageYears: number,
  rules: InspectionRules = INSPECTION_RULES,
): number | null {
  const table: readonly IntervalStep[] =
    c.material === 'composite'
      ? rules.composite
      : c.pressureTestDate >= rules.newTableFrom
        ? rules.steel
        : rules.steelOld[sizeClass(c.sizeKg)];
  return table.find((s) => ageYears < s.underYears)?.every ?? null;
}

export type InspectionDates = {
  material: Material;
  sizeKg: number | null;
  /** Factory pressure-test date (出廠耐壓試驗日期). */
  pressureTestDate: string | null;
  lastInspectionDate: string | null;
};

/**
 * The suggested next-inspection deadline: from the last periodic inspection (or the factory
 * pressure test when there was none), the interval for the cylinder's age at that date, never past
 * its end of life. Only a suggestion: the deadline printed on the label is authoritative.
 */
export function suggestDeadline(c: InspectionDates, rules: InspectionRules = INSPECTION_RULES): string | null {
  if (!c.pressureTestDate) return null;
  const base = c.lastInspectionDate && c.lastInspectionDate > c.pressureTestDate ? c.lastInspectionDate : c.pressureTestDate;
  const eol = endOfLifeDate(c.material, c.pressureTestDate, rules)!;
  const every = inspectionIntervalYears({ ...c, pressureTestDate: c.pressureTestDate }, wholeYears(c.pressureTestDate, base), rules);
  if (every === null) return eol;
  const next = addYears(base, every);
  return next < eol ? next : eol;
}

/** How far apart an entered deadline and the suggestion may be before the screen warns (labels print a month). */
export const DEADLINE_TOLERANCE_DAYS = 31;

/**
 * Whether the deadline typed from the label disagrees with the computed one (a typing error, a
 * counterfeit label, or a table the shop should check): a warning, never a refusal.
 */
export function deadlineCheck(
  entered: string | null,
  c: InspectionDates,
  rules: InspectionRules = INSPECTION_RULES,
): { suggested: string | null; disagrees: boolean; differenceDays: number | null } {
  const suggested = suggestDeadline(c, rules);
  if (!entered || !suggested) return { suggested, disagrees: false, differenceDays: null };
  const differenceDays = daysBetween(suggested, entered);
  return { suggested, disagrees: Math.abs(differenceDays) > DEADLINE_TOLERANCE_DAYS, differenceDays };
}

/**
 * The inspection status on `today` (the store group's date). The effective deadline is the earlier
 * of the label's deadline and the end of life; a cylinder is overdue the day after it.
 */
export function inspectionStatus(
  c: { material: Material; pressureTestDate: string | null; nextInspectionDeadline: string | null; scrapped?: boolean },
  today: string,
  dueDays: number = DEFAULT_DUE_DAYS,
  rules: InspectionRules = INSPECTION_RULES,
): InspectionStatus {
  if (c.scrapped) return 'scrapped';
  const eol = endOfLifeDate(c.material, c.pressureTestDate, rules);
  if (eol && today >= eol) return 'end_of_life';
  const deadline = [c.nextInspectionDeadline, eol].filter((d): d is string => !!d).sort()[0];
  if (!deadline) return 'unknown';
  if (today > deadline) return 'overdue';
  if (daysBetween(today, deadline) <= dueDays) return 'due';
  return 'in_date';
}

/** The date a cylinder must be inspected by (the earlier of the label deadline and its end of life). */
export function effectiveDeadline(c: { material: Material; pressureTestDate: string | null; nextInspectionDeadline: string | null }) {
  const eol = endOfLifeDate(c.material, c.pressureTestDate);
  return [c.nextInspectionDeadline, eol].filter((d): d is string => !!d).sort()[0] ?? null;
}

// ---- codes -------------------------------------------------------------------------------------

/**
 * A cylinder code as typed or scanned, compared case-insensitively and without spaces: container
 * numbers (容器編號) and qualified-label numbers are matched in this form. The raw scan is kept
 * beside it (the label format is unconfirmed).
 */
export function normaliseCode(raw: string): string {
  return raw.normalize('NFKC').replace(/\s+/g, '').toUpperCase();
}

/**
 * Whether a container number has the approval standard's shape: maker code (2 letters) + ROC year
 * of manufacture (2 digits) + specification code (2 digits) + serial (6 digits), e.g. AA0120123456.
 * A warning only: old stock varies.
 */
export function looksLikeContainerNo(no: string): boolean {
  return /^[A-Z]{2}\d{10}$/.test(normaliseCode(no));
}

/** Codes of one batch or document without repeats (the first occurrence wins), and the indexes of the repeats. */
export function distinctCodes(raw: readonly string[]): { codes: string[]; repeats: number[] } {
  const seen = new Set<string>();
  const codes: string[] = [];
  const repeats: number[] = [];
  raw.forEach((r, i) => {
    const c = normaliseCode(r);
    if (!c) return;
    if (seen.has(c)) repeats.push(i);
    else {
      seen.add(c);
      codes.push(c);
    }
  });
  return { codes, repeats };
}
