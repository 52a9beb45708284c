import { Button, Container, Stack, Text, Title } from '@mantine/core';
import { useLingui } from '@lingui/react/macro';
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { ChunkLoadTimeoutError } from '../lib/lazy-with-timeout';

interface Props {
  children: ReactNode;
}

interface State {
  error: Error | null;
}

function isChunkLoadError(error: Error): boolean {
  return (
    error instanceof ChunkLoadTimeoutError ||
    /dynamically imported module|Importing a module script failed|Loading chunk/i.test(
      error.message,
    )
  );
}

/**
 * Catches render errors and failed page loads (a chunk that timed out after 120 s or vanished
 * after a deploy) and offers a reload instead of a blank screen.
 */
export class RouteErrorBoundary extends Component<Props, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error('Page failed to render', error, info.componentStack);
  }

  override render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    return <RouteErrorFallback chunk={isChunkLoadError(error)} />;
  }
}

/** What the boundary shows instead of the page (a function, so its words follow the language). */
function RouteErrorFallback({ chunk }: { chunk: boolean }) {
  const { t } = useLingui();
  return (
    <Container size="sm" py={64}>
      <Stack gap="md" align="flex-start" role="alert">
        <Title order={1}>{chunk ? t`This page could not load` : t`Something went wrong`}</Title>
        <Text c="dimmed">
          {chunk
            ? t`Part of Focusroom did not arrive, perhaps because the connection dropped or a new version was released. Reloading usually fixes it.`
            : t`An unexpected error stopped this page. Reloading usually fixes it; your timer state is kept in this browser.`}
        </Text>
        <Button onClick={() => window.location.reload()}>{t`Reload page`}</Button>
      </Stack>
    </Container>
  );
}
