import { limaDateKey } from '@jala/domain';
import { useMutation } from '@tanstack/react-query';

import { InlineError } from '@/components/ui/form-field';
import { errorMessage } from '@/lib/api/api-client';
import { saveFile } from '@/lib/save-file';

import { ACCOUNT_ERRORS, downloadAccountData } from '../api/account-api';

/** The file 'Descargar mis datos' saves, named by today's date in Lima (as the server names it). */
export const exportFileName = (now: Date = new Date()): string => `jala-mis-datos-${limaDateKey(now)}.json`;

/** 'Descargar mis datos': one JSON file with everything kept about the account, saved by the browser. */
export function AccountDataDownload() {
  const download = useMutation({
    mutationFn: downloadAccountData,
    onSuccess: (blob) => saveFile(blob, exportFileName()),
  });
  return (
    <div className="acc-download">
      <button
        type="button"
        className="acc-link"
        disabled={download.isPending}
        onClick={() => download.mutate()}
        aria-describedby="acc-download-note"
      >
        <span className="acc-link__text">
          {download.isPending ? 'Preparando tus datos...' : 'Descargar mis datos'}
          <span className="acc-link__note" id="acc-download-note">
            Un archivo con todo lo que guardamos de ti
          </span>
        </span>
      </button>
      <InlineError message={download.isError ? errorMessage(download.error, ACCOUNT_ERRORS.export) : null} />
      {download.isSuccess && (
        <p className="acc-ok" role="status">
          Listo: revisa tus descargas.
        </p>
      )}
    </div>
  );
}
