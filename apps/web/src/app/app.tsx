import { AuthGate } from './auth-gate';
import { AppProvider } from './provider';

export function App() {
  return (
    <AppProvider>
      <AuthGate />
    </AppProvider>
  );
}
