import type { ErrorResponse, PaymentStatusResponse } from '@studio/contracts';
import { http, HttpResponse } from 'msw';

const path = '*/api/payments/status/:id';

export const paymentsHandlers = {
  notFound: http.get<{ id: string }, never, ErrorResponse>(path, () =>
    HttpResponse.json({ message: 'Payment not found' }, { status: 404 }),
  ),
  completed: http.get<{ id: string }, never, PaymentStatusResponse>(path, ({ params }) =>
    HttpResponse.json({ transactionRef: params.id, status: 'completed' }),
  ),
};
