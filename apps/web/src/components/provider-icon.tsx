import { IconBrandGithub, IconBrandGoogle, IconKey } from '@tabler/icons-react';
import type { OAuthProviderId } from '@focusroom/core';

const ICONS = {
  google: IconBrandGoogle,
  github: IconBrandGithub,
  // Any OpenID Connect issuer: no brand of its own, so the generic sign-in key.
  oidc: IconKey,
} as const;

/** The mark of an external sign-in provider; decorative, the label names the provider. */
export function ProviderIcon({
  provider,
  size = 20,
}: {
  provider: OAuthProviderId;
  size?: number;
}) {
  const Icon = ICONS[provider];
  return <Icon size={size} stroke={1.75} aria-hidden />;
}
