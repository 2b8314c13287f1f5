import type { ScreenKey } from '@gasops/shared';

/** The field app's bottom tabs, in order (a file of its own: the router needs it without loading the layout). */
export const MOBILE_TABS = ['mobileIndex', 'gasRound', 'gasReturn', 'gasPackaging', 'gasExamine'] as const satisfies readonly ScreenKey[];
