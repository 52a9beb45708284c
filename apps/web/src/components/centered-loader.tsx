import { Center, Loader } from '@mantine/core';
import { useLingui } from '@lingui/react/macro';

/** The spinner of protected routes and lazy pages, announced as "Loading". */
export function CenteredLoader({ label }: { label?: string }) {
  const { t } = useLingui();
  return (
    <Center mih="40vh" py="xl">
      <Loader role="status" aria-label={label ?? t`Loading`} color="focus" />
    </Center>
  );
}
