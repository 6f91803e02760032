import * as endpoints from '@jala/contracts/endpoints';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import { ok } from '../../../lib/envelope';
import { signedInRoutes } from '../../../plugins/signed-in-routes';
import { currentDriverId, requireDriver } from '../driver-access';
import type { DriverDocumentsService } from './driver-documents.service';

/** Room for a 10 MB photo as base64 (4/3) plus the JSON around it; larger bodies are a 413 envelope. */
export const DOCUMENT_UPLOAD_BODY_LIMIT = 14 * 1024 * 1024;

/** The driver's own verification documents (operators read them through /admin). */
export const driverDocumentsRoutes: FastifyPluginAsyncZod<{ documents: DriverDocumentsService }> = async (
  app,
  { documents },
) => {
  const { route } = signedInRoutes(app, requireDriver);

  app.route({
    ...route(endpoints.driverDocuments),
    handler: async (request) => ok(await documents.state(currentDriverId(request))),
  });

  app.route({
    ...route(endpoints.uploadDriverDocument),
    bodyLimit: DOCUMENT_UPLOAD_BODY_LIMIT,
    handler: async (request) =>
      ok(
        await documents.upload(currentDriverId(request), request.params.kind, request.body.image_base64),
        'Documento subido.',
      ),
  });

  app.route({
    ...route(endpoints.driverDocumentFile),
    handler: async (request) => ok(await documents.file(currentDriverId(request), request.params.id)),
  });

  app.route({
    ...route(endpoints.submitDriverDocuments),
    handler: async (request) =>
      ok(
        await documents.submit(currentDriverId(request), request.body.soat_expiry_date),
        'Documentos enviados a revisión. Te avisaremos cuando un operador los revise.',
      ),
  });
};
