import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ClientOption, useApiClient } from '../api/api';
import type { Schemas } from '../api/client';
import { unwrap } from '../api/errors';
import { integrationKeys } from './integrations';

export type EscalationContact = Schemas['EscalationContactPublic'];
export type ContactConfirmation = Schemas['ContactConfirmationPublic'];
/** A contact's answer through its confirmation link. */
export type ContactAnswer = 'confirm' | 'decline';

/** Under the integrations' keys: saving a policy (which invalidates them all) refreshes its contacts too. */
export const escalationContactKeys = {
  of: (integrationId: string) => [...integrationKeys.all, integrationId, 'contacts'] as const,
  confirmation: (token: string) => ['contactConfirmation', token] as const,
};

/** GET /integration/{id}/contacts: each contact of the policy and whether it confirmed its address. */
export function useEscalationContacts(integrationId: string, options?: ClientOption) {
  const client = useApiClient(options);
  return useQuery({
    queryKey: escalationContactKeys.of(integrationId),
    queryFn: async ({ signal }) =>
      unwrap(await client.GET('/api/v1/integration/{id}/contacts', { params: { path: { id: integrationId } }, signal })),
  });
}

/** The two owner-side actions on a contact: send the confirmation again, or (superusers) mark it confirmed. */
function useContactMutation(
  path: '/api/v1/integration/{id}/contacts/resend' | '/api/v1/integration/{id}/contacts/confirm',
  options?: ClientOption,
) {
  const client = useApiClient(options);
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ integrationId, email }: { integrationId: string; email: string }) =>
      unwrap(await client.POST(path, { params: { path: { id: integrationId } }, body: { email } })),
    onSuccess: (_contact, { integrationId }) => queryClient.invalidateQueries({ queryKey: escalationContactKeys.of(integrationId) }),
  });
}

/** POST /integration/{id}/contacts/resend: a new confirmation email (429 when one was sent recently). */
export const useResendContactConfirmation = (options?: ClientOption) =>
  useContactMutation('/api/v1/integration/{id}/contacts/resend', options);

/** POST /integration/{id}/contacts/confirm: a superuser's bypass. Never offer it to anyone else (their 403 would end the session). */
export const useConfirmContactAsAdmin = (options?: ClientOption) =>
  useContactMutation('/api/v1/integration/{id}/contacts/confirm', options);

/** POST /contacts/confirmation/lookup (public): what the link confirms. Read only; `token` null leaves it idle. */
export function useContactConfirmation(token: string | null, options?: ClientOption) {
  const client = useApiClient(options);
  return useQuery({
    queryKey: escalationContactKeys.confirmation(token ?? ''),
    queryFn: async ({ signal }) =>
      unwrap(await client.POST('/api/v1/contacts/confirmation/lookup', { body: { token: token ?? '' }, signal })),
    enabled: Boolean(token),
    // A refused link (400) is an answer, not a blip: asking again changes nothing. Once answered,
    // the link is used up, so it is never read again (the answer replaces the data).
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** POST /contacts/confirmation/{confirm|decline} (public): the contact's answer; the link acts once. */
export function useAnswerContactConfirmation(options?: ClientOption) {
  const client = useApiClient(options);
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ token, answer }: { token: string; answer: ContactAnswer }) =>
      unwrap(
        answer === 'confirm'
          ? await client.POST('/api/v1/contacts/confirmation/confirm', { body: { token } })
          : await client.POST('/api/v1/contacts/confirmation/decline', { body: { token } }),
      ),
    onSuccess: (confirmation, { token }) => queryClient.setQueryData(escalationContactKeys.confirmation(token), confirmation),
  });
}
