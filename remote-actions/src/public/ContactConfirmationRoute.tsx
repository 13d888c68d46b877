import { QueryClientProvider } from '@tanstack/react-query';
import { createQueryClient } from '@vigil/shared';
import { useState } from 'react';
import ContactConfirmationPage from '../pages/ContactConfirmationPage';

/**
 * /contacts/confirm with the query client its shared hooks need, loaded on that route only: the
 * alert pages read and act without TanStack Query (components/publicAlert.ts), so a link
 * recipient's page carries none of it.
 */
export default function ContactConfirmationRoute() {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <ContactConfirmationPage />
    </QueryClientProvider>
  );
}
