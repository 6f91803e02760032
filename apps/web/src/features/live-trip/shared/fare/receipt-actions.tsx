import type { TripReceipt } from '@jala/contracts';
import { TAX_ID_MESSAGE, taxIdKind } from '@jala/domain';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, type MouseEvent, useState } from 'react';

import { Button, buttonClassName } from '@/components/ui/button';
import { InlineError, TextField } from '@/components/ui/form-field';
import { fetchReceiptPdf, RECEIPT_PDF_FALLBACK } from '@/features/live-trip/api/fare-api';
import { errorMessage } from '@/lib/api/api-client';
import { saveFile } from '@/lib/save-file';

import { receiptFileName, receiptShareText, whatsAppShareUrl } from './receipt-share';

/** Whether this browser can share the PDF itself (Web Share API level 2, phones mostly). */
function canShareFile(file: File): boolean {
  return (
    typeof navigator.share === 'function' &&
    typeof navigator.canShare === 'function' &&
    navigator.canShare({ files: [file] })
  );
}

/**
 * 'Descargar PDF' and 'Compartir por WhatsApp' under a receipt. The passenger may type a DNI
 * or RUC to print on the PDF for their records; it goes with that one request and is not stored.
 * Sharing sends the PDF itself where the browser can share files, else opens WhatsApp with a short text.
 */
export function ReceiptActions({ receipt, forPassenger }: { receipt: TripReceipt; forPassenger: boolean }) {
  const [taxId, setTaxId] = useState('');
  const [taxIdError, setTaxIdError] = useState<string | null>(null);
  const name = receiptFileName(receipt);

  const cleanTaxId = (): string | null => {
    const value = taxId.replace(/\s/g, '');
    if (value !== '' && taxIdKind(value) === null) {
      setTaxIdError(TAX_ID_MESSAGE);
      return null;
    }
    setTaxIdError(null);
    return value;
  };

  const download = useMutation({
    mutationFn: (value: string) => fetchReceiptPdf(receipt.trip_id, value),
    onSuccess: (blob) => saveFile(blob, name),
  });
  const share = useMutation({
    mutationFn: async (file: Promise<File>) =>
      navigator.share({ files: [await file], title: `Recibo ${receipt.trip_code}`, text: receiptShareText(receipt) }),
  });

  const onDownload = (event: FormEvent<HTMLFormElement>): void => {
    event.preventDefault();
    const value = cleanTaxId();
    if (value !== null) download.mutate(value);
  };

  const onShare = (event: MouseEvent<HTMLAnchorElement>): void => {
    const probe = new File([], name, { type: 'application/pdf' });
    if (!canShareFile(probe)) return; // the link opens WhatsApp with the text
    event.preventDefault();
    const value = cleanTaxId();
    if (value === null) return;
    share.mutate(
      fetchReceiptPdf(receipt.trip_id, value).then((blob) => new File([blob], name, { type: 'application/pdf' })),
    );
  };

  const failure = download.isError
    ? errorMessage(download.error, RECEIPT_PDF_FALLBACK)
    : share.isError && !(share.error instanceof DOMException && share.error.name === 'AbortError')
      ? errorMessage(share.error, RECEIPT_PDF_FALLBACK)
      : null;

  return (
    <form
      className="card fare-receipt-actions"
      onSubmit={onDownload}
      noValidate
      aria-label="Guardar o compartir el recibo"
    >
      {forPassenger && (
        <TextField
          label="DNI o RUC (opcional)"
          name="tax_id"
          inputMode="numeric"
          autoComplete="off"
          maxLength={13}
          placeholder="Ej.: 45671234"
          value={taxId}
          onChange={(e) => setTaxId(e.target.value)}
          hint="Solo se imprime en tu PDF; no lo guardamos."
          error={taxIdError ?? undefined}
        />
      )}
      <div className="fare-receipt-actions__buttons">
        <Button type="submit" variant="primary" disabled={download.isPending}>
          {download.isPending ? 'Preparando PDF...' : 'Descargar PDF'}
        </Button>
        <a
          className={buttonClassName({ variant: 'ghost' })}
          href={whatsAppShareUrl(receipt)}
          target="_blank"
          rel="noopener noreferrer"
          onClick={onShare}
        >
          {share.isPending ? 'Preparando...' : 'Compartir por WhatsApp'}
        </a>
      </div>
      <InlineError message={failure} />
    </form>
  );
}
