import * as endpoints from '@jala/contracts/endpoints';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import { ok } from '../../../lib/envelope';
import { currentUser } from '../../../plugins/authenticate';
import { signedInRoutes } from '../../../plugins/signed-in-routes';
import type { ReceiptService } from './receipt.service';
import { receiptPdf } from './receipt-pdf';

/** The receipt of a completed trip, for its passenger or its driver: as data, or as a PDF to keep. */
export const receiptRoutes: FastifyPluginAsyncZod<{ receipts: ReceiptService }> = async (app, { receipts }) => {
  const { route } = signedInRoutes(app);

  app.route({
    ...route(endpoints.tripReceipt),
    handler: async function readReceipt(request) {
      return ok(await receipts.receipt(currentUser(request).id, request.params.id));
    },
  });

  // A file answer (the entry's `file`): Fastify sends the Buffer as is (no serializer runs); OpenAPI shows it as binary.
  app.route({
    ...route(endpoints.tripReceiptPdf),
    handler: async function downloadReceiptPdf(request, reply) {
      const receipt = await receipts.receipt(currentUser(request).id, request.params.id);
      const pdf = await receiptPdf(receipt, request.query.tax_id ?? null);
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="recibo-${receipt.trip_code}.pdf"`)
        .header('cache-control', 'private, no-store')
        .send(pdf);
    },
  });
};
