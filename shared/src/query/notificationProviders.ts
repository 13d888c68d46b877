import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ClientOption, useApiClient } from '../api/api';
import type { Schemas } from '../api/client';
import { unwrap } from '../api/errors';

// The notification providers a superuser sets up once for everyone (docs/oncall/console.md, "Notification providers").

export type ProviderPublic = Schemas['ProviderPublic'];
export type ProviderKind = Schemas['ProviderKind'];
/** Each kind's PUT body, as the API's OpenAPI document gives it. */
export interface ProviderUpdates {
  twilio: Schemas['TwilioProviderUpdate'];
  sms_gateway: Schemas['SmsGatewayProviderUpdate'];
  slack_app: Schemas['SlackAppProviderUpdate'];
  telegram: Schemas['TelegramProviderUpdate'];
}
export type ProviderSave = { [K in ProviderKind]: { kind: K; body: ProviderUpdates[K] } }[ProviderKind];

export const providerKeys = { all: ['notification-providers'] as const };

export function useNotificationProviders(options?: ClientOption) {
  const client = useApiClient(options);
  return useQuery({
    queryKey: providerKeys.all,
    queryFn: async ({ signal }) => unwrap(await client.GET('/api/v1/notification-providers/', { signal })),
  });
}

function useProviderMutation<Vars, Result>(mutationFn: (vars: Vars) => Promise<Result>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => queryClient.invalidateQueries({ queryKey: providerKeys.all }) });
}

/** Sets a provider up; a secret left out keeps the stored one. */
export function useSaveProvider(options?: ClientOption) {
  const client = useApiClient(options);
  return useProviderMutation(async (save: ProviderSave) => {
    switch (save.kind) {
      case 'twilio':
        return unwrap(await client.PUT('/api/v1/notification-providers/twilio', { body: save.body }));
      case 'sms_gateway':
        return unwrap(await client.PUT('/api/v1/notification-providers/sms_gateway', { body: save.body }));
      case 'slack_app':
        return unwrap(await client.PUT('/api/v1/notification-providers/slack_app', { body: save.body }));
      case 'telegram':
        return unwrap(await client.PUT('/api/v1/notification-providers/telegram', { body: save.body }));
    }
  });
}

export function useRemoveProvider(options?: ClientOption) {
  const client = useApiClient(options);
  return useProviderMutation(async (kind: ProviderKind) => {
    switch (kind) {
      case 'twilio':
        return unwrap(await client.DELETE('/api/v1/notification-providers/twilio'));
      case 'sms_gateway':
        return unwrap(await client.DELETE('/api/v1/notification-providers/sms_gateway'));
      case 'slack_app':
        return unwrap(await client.DELETE('/api/v1/notification-providers/slack_app'));
      case 'telegram':
        return unwrap(await client.DELETE('/api/v1/notification-providers/telegram'));
    }
  });
}
