import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  zDocumentFile, zDocumentKindParam, zDriverDocument, zDriverDocumentsState, zIdParam, zSubmitDocumentsRequest,
  zUploadDocumentRequest,
} from '@jala/contracts';
import { ok } from '../../lib/envelope';
import { currentDriverId, requireDriver } from './driver-access';
import type { DriverDocumentsService } from './driver-documents.service';
import { signedInRoutes } from '../../plugins/signed-in-routes';

/** Room for a 10 MB photo as base64 (4/3) plus the JSON around it; larger bodies are a 413 envelope. */
export const DOCUMENT_UPLOAD_BODY_LIMIT = 14 * 1024 * 1024;

/** The driver's own verification documents (operators read them through /admin). */
export const driverDocumentsRoutes: FastifyPluginAsyncZod<{ documents: DriverDocumentsService }> = async (app, { documents }) => {
  const { answers } = signedInRoutes(app, 'driver', requireDriver);

  app.get('/driver/documents', answers('My documents, what is missing, the review status and any expiry notice', zDriverDocumentsState),
    async (request) => ok(await documents.state(currentDriverId(request))));

  app.put('/driver/documents/:kind', { ...answers('Upload (or replace) one document photo: JPEG, PNG, WebP or HEIC up to 10 MB; stored resized, without metadata', zDriverDocument, { params: zDocumentKindParam, body: zUploadDocumentRequest }), bodyLimit: DOCUMENT_UPLOAD_BODY_LIMIT },
    async (request) => ok(await documents.upload(currentDriverId(request), request.params.kind, request.body.image_base64), 'Documento subido.'));

  app.get('/driver/documents/:id/file', answers('One of my document photos (base64), for display', zDocumentFile, { params: zIdParam }),
    async (request) => ok(await documents.file(currentDriverId(request), request.params.id)));

  app.post('/driver/documents/submit', answers('Send the five documents for review (again after a rejection or renewal), with the SOAT expiry', zDriverDocumentsState, { body: zSubmitDocumentsRequest }),
    async (request) => ok(await documents.submit(currentDriverId(request), request.body.soat_expiry_date), 'Documentos enviados a revisión. Te avisaremos cuando un operador los revise.'));
};
