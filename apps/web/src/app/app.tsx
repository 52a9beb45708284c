import { BrowserRouter } from 'react-router';
import { ApiNavigationBridge } from './api-navigation';
import { AppProviders } from './providers';
import { AppRoutes } from './routes';

export function App() {
  return (
    <AppProviders>
      <BrowserRouter>
        <ApiNavigationBridge />
        <AppRoutes />
      </BrowserRouter>
    </AppProviders>
  );
}
