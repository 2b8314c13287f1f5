import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import type { ChangePasswordBody, LoginBody, loginResponse, passwordChangedAnswer } from '@gasops/shared';
import { api } from '../../app/api';

/**
 * The auth module's writes (/auth/…). Who is signed in (`/auth/me`) and logging out live in
 * app/session.ts, which every guarded route and layout needs before any module loads.
 */

export type LoginAnswer = z.infer<typeof loginResponse>;

/** Logs in; the answers in `formStatuses` are shown by the form, not as a notification. */
export function useLogin(formStatuses: readonly number[]) {
  return useMutation({ mutationFn: (body: LoginBody) => api.post<LoginAnswer>('/auth/login', body, { silent: formStatuses }) });
}

export function useChangePassword() {
  return useMutation({ mutationFn: (body: ChangePasswordBody) => api.put<z.infer<typeof passwordChangedAnswer>>('/auth/password', body) });
}
