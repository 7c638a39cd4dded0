/** The part of pdfmake 0.3's Node API the statements use (the package ships no types). */
declare module 'pdfmake' {
  import type { Readable } from 'node:stream';

  interface OutputDocument {
    /** The pdfkit document: a readable stream of the PDF once `end()` is called on it. */
    getStream(): Promise<Readable & { end(): void }>;
    getBuffer(): Promise<Buffer>;
  }

  interface PdfMake {
    setFonts(
      fonts: Record<string, { normal: string | [string, string]; bold: string | [string, string] }>,
    ): void;
    setUrlAccessPolicy(policy: (url: string) => boolean): void;
    setLocalAccessPolicy(policy: (path: string) => boolean): void;
    createPdf(doc: Record<string, unknown>, options?: Record<string, unknown>): OutputDocument;
  }

  const pdfmake: PdfMake;
  export default pdfmake;
}
