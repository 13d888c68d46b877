import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ClientOption, useApiClient } from '../api/api';
import type { Schemas } from '../api/client';
import { unwrap } from '../api/errors';

// The signed-in user's own contact methods and notification rules (docs/oncall/contact-methods.md).
// Every key starts with 'contact-methods': a method's change refreshes the rules too
// (they carry its label and whether it is verified).

export type ContactMethodPublic = Schemas['ContactMethodPublic'];
export type ContactMethodWithSecret = Schemas['ContactMethodWithSecret'];
export type ContactMethodCreate = Schemas['ContactMethodCreate'];
export type ContactMethodUpdate = Schemas['ContactMethodUpdate'];
export type ContactMethodKind = Schemas['ContactMethodKind'];
export type NotificationRulePublic = Schemas['NotificationRulePublic'];
export type NotificationRuleInput = Schemas['NotificationRule'];
export type LastMethodTest = Schemas['LastMethodTest'];

/** How often the methods are read again while a test is pending. */
export const TEST_POLL_MS = 3_000;

export const contactMethodKeys = {
  all: ['contact-methods'] as const,
  list: ['contact-methods', 'list'] as const,
  rules: ['contact-methods', 'rules'] as const,
};

export function useContactMethods(options?: ClientOption) {
  const client = useApiClient(options);
  return useQuery({
    queryKey: contactMethodKeys.list,
    queryFn: async ({ signal }) => unwrap(await client.GET('/api/v1/users/me/contact-methods', { signal })),
    // While a test is on its way, its outcome is asked for again: sent, or the receiver's error.
    refetchInterval: (query) => (query.state.data?.data.some((m) => m.last_test?.status === 'pending') ? TEST_POLL_MS : false),
  });
}

export function useNotificationRules(options?: ClientOption) {
  const client = useApiClient(options);
  return useQuery({
    queryKey: contactMethodKeys.rules,
    queryFn: async ({ signal }) => unwrap(await client.GET('/api/v1/users/me/notification-rules', { signal })),
  });
}

function useContactMutation<Vars, Result>(mutationFn: (vars: Vars) => Promise<Result>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => queryClient.invalidateQueries({ queryKey: contactMethodKeys.all }) });
}

const path = (id: string) => ({ params: { path: { id } } });

/** The answer carries a webhook's signing secret: shown this once. */
export function useCreateContactMethod(options?: ClientOption) {
  const client = useApiClient(options);
  return useContactMutation(async (body: ContactMethodCreate) => unwrap(await client.POST('/api/v1/users/me/contact-methods', { body })));
}

export function useUpdateContactMethod(options?: ClientOption) {
  const client = useApiClient(options);
  return useContactMutation(async ({ id, body }: { id: string; body: ContactMethodUpdate }) =>
    unwrap(await client.PATCH('/api/v1/users/me/contact-methods/{id}', { ...path(id), body })),
  );
}

export function useDeleteContactMethod(options?: ClientOption) {
  const client = useApiClient(options);
  return useContactMutation(async (id: string) => unwrap(await client.DELETE('/api/v1/users/me/contact-methods/{id}', path(id))));
}

/** A new webhook signing secret, in this answer only; the old one stops signing at once. */
export function useRegenerateContactSecret(options?: ClientOption) {
  const client = useApiClient(options);
  return useContactMutation(async (id: string) => unwrap(await client.POST('/api/v1/users/me/contact-methods/{id}/secret', path(id))));
}

/** 202: the code is on its way; 429 within the target's cooldown or past the user's codes for the day. */
export function useSendContactCode(options?: ClientOption) {
  const client = useApiClient(options);
  return useContactMutation(async (id: string) => unwrap(await client.POST('/api/v1/users/me/contact-methods/{id}/send-code', path(id))));
}

export function useVerifyContactMethod(options?: ClientOption) {
  const client = useApiClient(options);
  return useContactMutation(async ({ id, code }: { id: string; code: string }) =>
    unwrap(await client.POST('/api/v1/users/me/contact-methods/{id}/verify', { ...path(id), body: { code } })),
  );
}

/** Replaces the whole ordered list. */
export function useSaveNotificationRules(options?: ClientOption) {
  const client = useApiClient(options);
  return useContactMutation(async (rules: NotificationRuleInput[]) =>
    unwrap(await client.PUT('/api/v1/users/me/notification-rules', { body: { rules } })),
  );
}

/** 202: a test is on its way (its outcome is the method's `last_test`); 409 unverified; 429 past the user's tests for ten minutes. */
export function useTestContactMethod(options?: ClientOption) {
  const client = useApiClient(options);
  return useContactMutation(async (id: string) => unwrap(await client.POST('/api/v1/users/me/contact-methods/{id}/test', path(id))));
}
