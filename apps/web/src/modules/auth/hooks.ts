import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import type { ChangePasswordBody, loginResponse, passwordChangedAnswer } from '@gasops/shared';
import { api } from '../../app/api';

/**
 * The auth module's writes (/auth/…). Who is signed in (`/auth/me`) and logging out live in
 * app/session.ts, which every guarded route and layout needs before any module loads. Logging in is
 * the login page's own call (login-page.tsx): the page is in the entry every page loads, which must not
 * carry this module's mutations and TanStack Query with it (issue 16).
 */

export type LoginAnswer = z.infer<typeof loginResponse>;

export function useChangePassword() {
  return useMutation({ mutationFn: (body: ChangePasswordBody) => api.put<z.infer<typeof passwordChangedAnswer>>('/auth/password', body) });
}
