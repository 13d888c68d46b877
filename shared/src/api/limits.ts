// Generated from the API's OpenAPI document by `npm run gen:api`. Do not edit.

/** The limits of each schema's fields (lengths, bounds, item counts), by schema and field. */
export const API_LIMITS = {
  "AlertBulkAction": {"ids":{"minItems":1,"maxItems":100}},
  "AlertCreate": {"title":{"minLength":1,"maxLength":255},"description":{"maxLength":4096}},
  "AlertmanagerAlert": {"fingerprint":{"minLength":1,"maxLength":255}},
  "Body_login-login_access_token": {"username":{"minLength":1,"maxLength":255},"password":{"minLength":1,"maxLength":128}},
  "ContactAddress": {"email":{"maxLength":254}},
  "ContactConfirmationToken": {"token":{"minLength":1,"maxLength":512}},
  "EscalationPolicy": {"contacts":{"maxItems":10,"items":{"minItems":1,"maxItems":20,"items":{"maxLength":254}}},"escalate_after_minutes":{"minimum":1,"maximum":10080},"max_level":{"minimum":1,"maximum":10}},
  "GenericEvent": {"title":{"minLength":1,"maxLength":255},"description":{"maxLength":4096},"dedup_key":{"minLength":1,"maxLength":255}},
  "GrafanaAlert": {"fingerprint":{"minLength":1,"maxLength":255}},
  "HeartbeatCreate": {"name":{"minLength":1,"maxLength":255},"interval_minutes":{"minimum":1,"maximum":44640},"grace_minutes":{"minimum":0,"maximum":1440}},
  "HeartbeatUpdate": {"name":{"minLength":1,"maxLength":255},"interval_minutes":{"minimum":1,"maximum":44640},"grace_minutes":{"minimum":0,"maximum":1440}},
  "IntegrationCreate": {"title":{"minLength":1,"maxLength":255},"description":{"maxLength":4096}},
  "NewPassword": {"token":{"minLength":1,"maxLength":512},"new_password":{"minLength":8,"maxLength":128}},
  "PagerDutyEnqueueEvent": {"dedup_key":{"minLength":1,"maxLength":255}},
  "PagerDutyEvent": {"dedup_key":{"minLength":1,"maxLength":255}},
  "PagerDutyPayload": {"summary":{"minLength":1,"maxLength":1024},"source":{"minLength":1}},
  "UpdatePassword": {"current_password":{"minLength":1,"maxLength":128},"new_password":{"minLength":8,"maxLength":128}},
  "UserCreate": {"email":{"maxLength":255},"password":{"minLength":8,"maxLength":128},"full_name":{"maxLength":255}},
  "UserPublic": {"full_name":{"maxLength":255}},
  "UserRegister": {"email":{"maxLength":255},"password":{"minLength":8,"maxLength":128},"full_name":{"maxLength":255}},
  "UserUpdate": {"email":{"maxLength":255},"password":{"minLength":8,"maxLength":128},"full_name":{"maxLength":255}},
  "UserUpdateMe": {"email":{"maxLength":255},"full_name":{"maxLength":255}},
} as const;
