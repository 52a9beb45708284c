import { Center, Loader } from '@mantine/core';

/** The spinner of protected routes and lazy pages, announced as "Loading". */
export function CenteredLoader({ label = 'Loading' }: { label?: string }) {
  return (
    <Center mih="40vh" py="xl">
      <Loader role="status" aria-label={label} color="focus" />
    </Center>
  );
}
