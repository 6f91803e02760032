import { fareHintParts, type FareHintValues } from '@jala/domain';

/** "Precio habitual para este recorrido: S/ 11 – S/ 14", the amounts kept on one line (a phone never breaks "S/ 11"). */
export function FareHintSentence({ hint }: { hint: FareHintValues }) {
  const { lead, amount } = fareHintParts(hint);
  return (
    <>
      {lead} <span className="nowrap">{amount}</span>
    </>
  );
}
