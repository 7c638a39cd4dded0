import type { Insertable } from 'kysely';
import type { Lang } from '@pipwise/shared';
import type { Db, DepositChannelTable, WithdrawCurrencyTable } from '../../../core/db/database.js';

/**
 * Sample funds configuration for a new installation (docs/api.md "Funds"), so a local user
 * sees a working deposit and withdrawal screen. Every row is marked `is_sample = 1` for
 * operators to replace. The coin addresses are well formed (they pass the server's own
 * address check) but were made from a hash: nobody holds their keys, so coins sent to them
 * are lost. Never take real deposits on them.
 */

/** Sample coin deposit addresses, one per network. */
export const SAMPLE_COIN_CHANNELS = [
  {
    currency_code: 'USDT',
    protocol_code: 'TRC20',
    address: 'TEgT9AvQJef8fP4RFTMUaJaey3EtMYdbCE',
    usd_rate: '1',
  },
  {
    currency_code: 'USDT',
    protocol_code: 'ERC20',
    address: '0x8B47226745e181B9746E8A3cE3DFe66C8283D382',
    usd_rate: '1',
  },
  {
    currency_code: 'BTC',
    protocol_code: 'BTC',
    address: 'bc1qp67fs7yssfq082lkew7tm369u098hwxgnxru5f',
    usd_rate: '87500',
  },
] as const;

/** What a trader does on the sample card channel, in every language (operators edit it). */
export const SAMPLE_CARD_INSTRUCTIONS: Record<Lang, string> = {
  hk: '1. 點擊連結開啟信用卡付款頁面。2. 以美元支付您想存入的金額。3. 返回此處，提交金額及付款收據截圖。存款經審核後即會入賬。',
  en: '1. Tap the link to open the card payment page. 2. Pay the amount you want to deposit, in USD. 3. Come back here and submit the amount with a screenshot of the receipt. Your deposit is credited once it has been checked.',
  jp: '1. リンクをタップしてカード決済ページを開きます。2. 入金したい金額を米ドルでお支払いください。3. こちらに戻り、金額と領収書のスクリーンショットを送信してください。確認が完了すると入金が反映されます。',
  kr: '1. 링크를 눌러 카드 결제 페이지를 엽니다. 2. 입금할 금액을 미국 달러로 결제합니다. 3. 이곳으로 돌아와 금액과 영수증 스크린샷을 제출합니다. 확인이 끝나면 입금액이 반영됩니다.',
  th: '1. แตะลิงก์เพื่อเปิดหน้าชำระเงินด้วยบัตร 2. ชำระเงินตามจำนวนที่ต้องการฝากเป็นดอลลาร์สหรัฐ 3. กลับมาที่นี่แล้วส่งจำนวนเงินพร้อมภาพหน้าจอใบเสร็จ ยอดฝากจะเข้าบัญชีหลังจากตรวจสอบแล้ว',
  vn: '1. Nhấn vào liên kết để mở trang thanh toán bằng thẻ. 2. Thanh toán số tiền bạn muốn nạp bằng USD. 3. Quay lại đây và gửi số tiền kèm ảnh chụp màn hình biên lai. Khoản nạp sẽ được ghi có sau khi được kiểm tra.',
  fr: "1. Touchez le lien pour ouvrir la page de paiement par carte. 2. Payez le montant que vous souhaitez déposer, en USD. 3. Revenez ici et envoyez le montant avec une capture d'écran du reçu. Votre dépôt est crédité après vérification.",
  de: '1. Tippen Sie auf den Link, um die Kartenzahlungsseite zu öffnen. 2. Zahlen Sie den gewünschten Einzahlungsbetrag in USD. 3. Kehren Sie hierher zurück und senden Sie den Betrag mit einem Screenshot des Belegs. Die Einzahlung wird nach der Prüfung gutgeschrieben.',
  ru: '1. Нажмите на ссылку, чтобы открыть страницу оплаты картой. 2. Оплатите сумму, которую хотите внести, в долларах США. 3. Вернитесь сюда и отправьте сумму вместе со снимком экрана квитанции. Депозит будет зачислен после проверки.',
  spa: '1. Toca el enlace para abrir la página de pago con tarjeta. 2. Paga el importe que quieres depositar, en USD. 3. Vuelve aquí y envía el importe con una captura de pantalla del recibo. Tu depósito se abonará una vez verificado.',
  pt: '1. Toque no link para abrir a página de pagamento com cartão. 2. Pague o valor que deseja depositar, em USD. 3. Volte aqui e envie o valor com uma captura de tela do recibo. O depósito é creditado após a verificação.',
  ar: '1. اضغط على الرابط لفتح صفحة الدفع بالبطاقة. 2. ادفع المبلغ الذي تريد إيداعه بالدولار الأمريكي. 3. عُد إلى هنا وأرسل المبلغ مع لقطة شاشة للإيصال. يُضاف الإيداع إلى حسابك بعد التحقق منه.',
  it: "1. Tocca il link per aprire la pagina di pagamento con carta. 2. Paga l'importo che vuoi depositare, in USD. 3. Torna qui e invia l'importo con uno screenshot della ricevuta. Il deposito viene accreditato dopo la verifica.",
  tr: '1. Kartla ödeme sayfasını açmak için bağlantıya dokunun. 2. Yatırmak istediğiniz tutarı USD olarak ödeyin. 3. Buraya dönün ve tutarı makbuzun ekran görüntüsüyle birlikte gönderin. Yatırımınız kontrol edildikten sonra hesabınıza geçer.',
  id: '1. Ketuk tautan untuk membuka halaman pembayaran kartu. 2. Bayar jumlah yang ingin Anda setorkan dalam USD. 3. Kembali ke sini dan kirim jumlahnya beserta tangkapan layar tanda terima. Setoran akan dikreditkan setelah diperiksa.',
  my: '1. Ketik pautan untuk membuka halaman pembayaran kad. 2. Bayar jumlah yang ingin anda depositkan dalam USD. 3. Kembali ke sini dan hantar jumlah tersebut bersama tangkapan skrin resit. Deposit anda akan dikreditkan selepas disemak.',
  hi: '1. कार्ड भुगतान पेज खोलने के लिए लिंक पर टैप करें। 2. जितनी राशि जमा करना चाहते हैं, उसका भुगतान USD में करें। 3. यहाँ वापस आएँ और रसीद के स्क्रीनशॉट के साथ राशि सबमिट करें। जाँच के बाद आपकी जमा राशि खाते में जोड़ दी जाएगी।',
  cs: '1. Klepnutím na odkaz otevřete stránku platby kartou. 2. Zaplaťte částku, kterou chcete vložit, v USD. 3. Vraťte se sem a odešlete částku se snímkem obrazovky účtenky. Vklad bude připsán po kontrole.',
};

const SAMPLE_CHANNELS: Insertable<DepositChannelTable>[] = [
  ...SAMPLE_COIN_CHANNELS.map((c) => ({ kind: 'coin', ...c })),
  {
    kind: 'wire',
    currency_code: 'USD',
    bank_name: 'Example Bank N.A.',
    bank_address: '1 Sample Plaza, New York, NY 10001, United States',
    bank_swift: 'EXAMUS33',
    payee_name: 'Pipwise Markets Ltd',
    payee_account: '000123456789',
    bank_remark: 'Please write your UID in the payment reference',
    usd_rate: '1',
  },
  {
    kind: 'card',
    currency_code: 'USD',
    provider_name: 'Example Card Payments',
    // A reserved example domain (RFC 2606): it never takes a real payment.
    provider_url: 'https://pay.example.com/checkout',
    instructions: JSON.stringify(SAMPLE_CARD_INSTRUCTIONS),
    usd_rate: '1',
  },
].map((row, index) => ({ ...row, sort: index + 1, is_sample: 1 }));

const SAMPLE_CURRENCIES: Insertable<WithdrawCurrencyTable>[] = [
  {
    type: 1,
    code: 'USDT',
    protocol: 'TRC20',
    fee_type: 1,
    draw_rate: '1',
    usd_price: '1',
    minimum: '10',
    has_channel: 1,
  },
  {
    type: 1,
    code: 'USDT',
    protocol: 'ERC20',
    fee_type: 1,
    draw_rate: '5',
    usd_price: '1',
    minimum: '20',
    has_channel: 1,
  },
  {
    type: 2,
    code: 'USD',
    protocol: '',
    fee_type: 2,
    draw_rate: '0.005',
    usd_price: '1',
    minimum: '50',
    has_channel: 1,
  },
  // No payment channel yet: withdrawals to it are refused (docs/product.md §5).
  {
    type: 2,
    code: 'EUR',
    protocol: '',
    fee_type: 2,
    draw_rate: '0.005',
    usd_price: '0.92',
    minimum: '50',
    has_channel: 0,
  },
].map((row, index) => ({ ...row, sort: index + 1, is_sample: 1 }));

/**
 * Seeds the sample channels and currencies when neither table has a row yet (a new
 * installation, or one from before funds existed), in one transaction. To retire a sample,
 * disable it (`enabled = 0`): a table emptied by hand gets the samples back at the next start.
 * Returns true when it seeded.
 */
export async function seedFundsIfEmpty(db: Db): Promise<boolean> {
  const [channel, currency] = await Promise.all([
    db.selectFrom('deposit_channels').select('id').limit(1).executeTakeFirst(),
    db.selectFrom('withdraw_currencies').select('id').limit(1).executeTakeFirst(),
  ]);
  if (channel || currency) return false;
  await db.transaction().execute(async (trx) => {
    // One row at a time: the rows set different columns, and SQLite has no DEFAULT in a
    // multi-row VALUES list for the ones a row leaves out.
    for (const row of SAMPLE_CHANNELS) await trx.insertInto('deposit_channels').values(row).execute();
    for (const row of SAMPLE_CURRENCIES) await trx.insertInto('withdraw_currencies').values(row).execute();
  });
  return true;
}
