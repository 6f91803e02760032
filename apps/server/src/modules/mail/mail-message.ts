/** One e-mail as the product writes it: Spanish, plain text with a simple HTML twin. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}
