import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

// Testing Library unmounts after each test by itself only where the runner's globals are on;
// they are off here, so each test starts from an empty document this way.
afterEach(() => cleanup());
