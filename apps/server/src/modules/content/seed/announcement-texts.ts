import type { Lang } from '@pipwise/shared';

/**
 * The announcement a new installation starts with (docs/product.md §1: it states that service is not
 * provided to North Korea, Israel, China, Vanuatu and Cuba), in every language. Operators
 * replace each language in the back office.
 */
export interface AnnouncementText {
  title: string;
  welcome: string;
  restrictedHeading: string;
  restricted: string;
  riskHeading: string;
  risk: string;
  safety: string;
}

export const ANNOUNCEMENT_TEXTS: Record<Lang, AnnouncementText> = {
  en: {
    title: 'Service notice',
    welcome: 'Welcome to Pipwise. Please read this notice before you start trading.',
    restrictedHeading: 'Countries and regions we do not serve',
    restricted:
      'Pipwise does not provide services to residents of North Korea, Israel, China, Vanuatu and Cuba. We do not accept account applications from these countries and regions.',
    riskHeading: 'Risk warning',
    risk: 'Trading forex and CFDs on margin carries a high level of risk and may not be suitable for everyone. You could lose all of the money you deposit, so only trade with money you can afford to lose.',
    safety:
      'Never share your password or verification codes with anyone, including people who claim to work for Pipwise.',
  },
  hk: {
    title: '服務公告',
    welcome: '歡迎使用 Pipwise。開始交易前，請細閱本公告。',
    restrictedHeading: '不提供服務的國家及地區',
    restricted:
      'Pipwise 不向北韓、以色列、中國、瓦努阿圖及古巴的居民提供服務，亦不接受來自上述國家及地區的開戶申請。',
    riskHeading: '風險提示',
    risk: '以保證金買賣外匯及差價合約涉及高風險，未必適合所有人。你可能會損失全部存入的資金，請只以可承受損失的資金進行交易。',
    safety: '切勿向任何人透露你的密碼或驗證碼，包括自稱 Pipwise 職員的人士。',
  },
  jp: {
    title: 'サービスに関するお知らせ',
    welcome: 'Pipwise をご利用いただきありがとうございます。取引を始める前に、このお知らせをお読みください。',
    restrictedHeading: 'サービス対象外の国・地域',
    restricted:
      'Pipwise は、北朝鮮、イスラエル、中国、バヌアツ、キューバにお住まいの方にはサービスを提供しておりません。これらの国・地域からの口座開設のお申し込みはお受けできません。',
    riskHeading: 'リスクに関する注意',
    risk: '証拠金を用いた FX および CFD の取引には高いリスクが伴い、すべての方に適しているわけではありません。入金した資金をすべて失う可能性があるため、失っても問題のない資金で取引してください。',
    safety: 'パスワードや認証コードは、Pipwise の社員を名乗る人物を含め、誰にも教えないでください。',
  },
  kr: {
    title: '서비스 공지',
    welcome: 'Pipwise에 오신 것을 환영합니다. 거래를 시작하기 전에 이 공지를 읽어 주세요.',
    restrictedHeading: '서비스를 제공하지 않는 국가 및 지역',
    restricted:
      'Pipwise는 북한, 이스라엘, 중국, 바누아투, 쿠바 거주자에게 서비스를 제공하지 않습니다. 이들 국가 및 지역에서의 계좌 개설 신청은 받지 않습니다.',
    riskHeading: '위험 고지',
    risk: '증거금을 이용한 외환 및 CFD 거래는 위험이 높으며 모든 사람에게 적합하지 않을 수 있습니다. 입금한 자금을 모두 잃을 수 있으니 잃어도 감당할 수 있는 자금으로만 거래하세요.',
    safety: 'Pipwise 직원이라고 주장하는 사람을 포함해 누구에게도 비밀번호나 인증 코드를 알려 주지 마세요.',
  },
  th: {
    title: 'ประกาศการให้บริการ',
    welcome: 'ยินดีต้อนรับสู่ Pipwise โปรดอ่านประกาศนี้ก่อนเริ่มเทรด',
    restrictedHeading: 'ประเทศและภูมิภาคที่เราไม่ให้บริการ',
    restricted:
      'Pipwise ไม่ให้บริการแก่ผู้ที่อาศัยอยู่ในเกาหลีเหนือ อิสราเอล จีน วานูอาตู และคิวบา และไม่รับคำขอเปิดบัญชีจากประเทศและภูมิภาคเหล่านี้',
    riskHeading: 'คำเตือนความเสี่ยง',
    risk: 'การเทรดฟอเร็กซ์และ CFD ด้วยมาร์จิ้นมีความเสี่ยงสูงและอาจไม่เหมาะกับทุกคน คุณอาจสูญเสียเงินที่ฝากไว้ทั้งหมด จึงควรเทรดด้วยเงินที่คุณยอมรับการสูญเสียได้เท่านั้น',
    safety: 'อย่าบอกรหัสผ่านหรือรหัสยืนยันแก่ผู้ใด รวมถึงผู้ที่อ้างว่าเป็นพนักงานของ Pipwise',
  },
  vn: {
    title: 'Thông báo dịch vụ',
    welcome: 'Chào mừng bạn đến với Pipwise. Vui lòng đọc thông báo này trước khi bắt đầu giao dịch.',
    restrictedHeading: 'Các quốc gia và khu vực chúng tôi không phục vụ',
    restricted:
      'Pipwise không cung cấp dịch vụ cho cư dân của Triều Tiên, Israel, Trung Quốc, Vanuatu và Cuba. Chúng tôi không nhận đơn mở tài khoản từ các quốc gia và khu vực này.',
    riskHeading: 'Cảnh báo rủi ro',
    risk: 'Giao dịch ngoại hối và CFD bằng ký quỹ có mức rủi ro cao và có thể không phù hợp với tất cả mọi người. Bạn có thể mất toàn bộ số tiền đã nạp, vì vậy chỉ giao dịch bằng số tiền bạn có thể chấp nhận mất.',
    safety:
      'Không bao giờ chia sẻ mật khẩu hoặc mã xác minh với bất kỳ ai, kể cả người tự nhận là nhân viên Pipwise.',
  },
  fr: {
    title: 'Avis de service',
    welcome: 'Bienvenue sur Pipwise. Veuillez lire cet avis avant de commencer à trader.',
    restrictedHeading: 'Pays et régions non desservis',
    restricted:
      "Pipwise ne fournit pas de services aux résidents de la Corée du Nord, d'Israël, de la Chine, du Vanuatu et de Cuba. Nous n'acceptons pas de demandes d'ouverture de compte en provenance de ces pays et régions.",
    riskHeading: 'Avertissement sur les risques',
    risk: "Le trading du forex et des CFD sur marge comporte un risque élevé et peut ne pas convenir à tout le monde. Vous pourriez perdre la totalité des fonds déposés : ne tradez qu'avec de l'argent que vous pouvez vous permettre de perdre.",
    safety:
      'Ne communiquez jamais votre mot de passe ni vos codes de vérification à qui que ce soit, y compris à des personnes se présentant comme employées de Pipwise.',
  },
  de: {
    title: 'Servicehinweis',
    welcome: 'Willkommen bei Pipwise. Bitte lesen Sie diesen Hinweis, bevor Sie mit dem Handel beginnen.',
    restrictedHeading: 'Länder und Regionen ohne Service',
    restricted:
      'Pipwise erbringt keine Dienstleistungen für Einwohner von Nordkorea, Israel, China, Vanuatu und Kuba. Kontoanträge aus diesen Ländern und Regionen nehmen wir nicht an.',
    riskHeading: 'Risikohinweis',
    risk: 'Der Handel mit Devisen und CFDs auf Margin ist mit einem hohen Risiko verbunden und nicht für jeden geeignet. Sie können Ihr gesamtes eingezahltes Geld verlieren; handeln Sie daher nur mit Geld, dessen Verlust Sie sich leisten können.',
    safety:
      'Geben Sie Ihr Passwort und Ihre Bestätigungscodes niemals weiter – auch nicht an Personen, die behaupten, für Pipwise zu arbeiten.',
  },
  ru: {
    title: 'Уведомление об обслуживании',
    welcome:
      'Добро пожаловать в Pipwise. Пожалуйста, прочитайте это уведомление, прежде чем начать торговлю.',
    restrictedHeading: 'Страны и регионы, которые мы не обслуживаем',
    restricted:
      'Pipwise не оказывает услуги жителям Северной Кореи, Израиля, Китая, Вануату и Кубы. Мы не принимаем заявки на открытие счёта из этих стран и регионов.',
    riskHeading: 'Предупреждение о рисках',
    risk: 'Маржинальная торговля на рынке форекс и CFD сопряжена с высоким риском и подходит не всем. Вы можете потерять все внесённые средства, поэтому торгуйте только теми деньгами, потерю которых можете себе позволить.',
    safety:
      'Никогда никому не сообщайте пароль и коды подтверждения, в том числе людям, которые представляются сотрудниками Pipwise.',
  },
  spa: {
    title: 'Aviso de servicio',
    welcome: 'Bienvenido a Pipwise. Lee este aviso antes de empezar a operar.',
    restrictedHeading: 'Países y regiones donde no operamos',
    restricted:
      'Pipwise no presta servicios a residentes de Corea del Norte, Israel, China, Vanuatu y Cuba. No aceptamos solicitudes de apertura de cuenta procedentes de estos países y regiones.',
    riskHeading: 'Advertencia de riesgo',
    risk: 'Operar con divisas y CFD con margen conlleva un riesgo elevado y puede no ser adecuado para todo el mundo. Podrías perder todo el dinero que deposites, así que opera solo con dinero que puedas permitirte perder.',
    safety:
      'Nunca compartas tu contraseña ni tus códigos de verificación con nadie, ni siquiera con personas que digan trabajar para Pipwise.',
  },
  pt: {
    title: 'Aviso de serviço',
    welcome: 'Bem-vindo à Pipwise. Leia este aviso antes de começar a operar.',
    restrictedHeading: 'Países e regiões que não atendemos',
    restricted:
      'A Pipwise não presta serviços a residentes da Coreia do Norte, Israel, China, Vanuatu e Cuba. Não aceitamos pedidos de abertura de conta desses países e regiões.',
    riskHeading: 'Aviso de risco',
    risk: 'Operar forex e CFDs com margem envolve alto risco e pode não ser adequado para todos. Você pode perder todo o dinheiro depositado, então opere apenas com valores que pode se dar ao luxo de perder.',
    safety:
      'Nunca compartilhe sua senha ou códigos de verificação com ninguém, nem com pessoas que dizem trabalhar para a Pipwise.',
  },
  ar: {
    title: 'إشعار الخدمة',
    welcome: 'مرحبًا بك في Pipwise. يُرجى قراءة هذا الإشعار قبل أن تبدأ التداول.',
    restrictedHeading: 'الدول والمناطق التي لا نخدمها',
    restricted:
      'لا تقدّم Pipwise خدماتها للمقيمين في كوريا الشمالية وإسرائيل والصين وفانواتو وكوبا، ولا نقبل طلبات فتح الحسابات من هذه الدول والمناطق.',
    riskHeading: 'تحذير من المخاطر',
    risk: 'ينطوي تداول العملات والعقود مقابل الفروقات بالهامش على مخاطر عالية وقد لا يناسب الجميع. قد تخسر كل الأموال التي تودعها، لذا لا تتداول إلا بأموال يمكنك تحمّل خسارتها.',
    safety: 'لا تشارك كلمة المرور أو رموز التحقق مع أي شخص، بمن في ذلك من يدّعي أنه من موظفي Pipwise.',
  },
  it: {
    title: 'Avviso di servizio',
    welcome: 'Benvenuto su Pipwise. Leggi questo avviso prima di iniziare a fare trading.',
    restrictedHeading: 'Paesi e regioni che non serviamo',
    restricted:
      'Pipwise non fornisce servizi ai residenti di Corea del Nord, Israele, Cina, Vanuatu e Cuba. Non accettiamo richieste di apertura conto provenienti da questi paesi e regioni.',
    riskHeading: 'Avvertenza sui rischi',
    risk: 'Il trading su forex e CFD con margine comporta un rischio elevato e potrebbe non essere adatto a tutti. Potresti perdere tutto il denaro depositato: fai trading solo con somme che puoi permetterti di perdere.',
    safety:
      'Non condividere mai la password o i codici di verifica con nessuno, nemmeno con chi afferma di lavorare per Pipwise.',
  },
  tr: {
    title: 'Hizmet duyurusu',
    welcome: "Pipwise'a hoş geldiniz. İşlem yapmaya başlamadan önce lütfen bu duyuruyu okuyun.",
    restrictedHeading: 'Hizmet vermediğimiz ülke ve bölgeler',
    restricted:
      'Pipwise; Kuzey Kore, İsrail, Çin, Vanuatu ve Küba sakinlerine hizmet vermemektedir. Bu ülke ve bölgelerden gelen hesap açma başvurularını kabul etmiyoruz.',
    riskHeading: 'Risk uyarısı',
    risk: 'Teminatlı döviz ve CFD işlemleri yüksek risk taşır ve herkes için uygun olmayabilir. Yatırdığınız paranın tamamını kaybedebilirsiniz; bu nedenle yalnızca kaybetmeyi göze alabileceğiniz parayla işlem yapın.',
    safety:
      'Şifrenizi veya doğrulama kodlarınızı, Pipwise çalışanı olduğunu söyleyenler dahil hiç kimseyle paylaşmayın.',
  },
  id: {
    title: 'Pemberitahuan layanan',
    welcome: 'Selamat datang di Pipwise. Harap baca pemberitahuan ini sebelum mulai bertransaksi.',
    restrictedHeading: 'Negara dan wilayah yang tidak kami layani',
    restricted:
      'Pipwise tidak menyediakan layanan bagi penduduk Korea Utara, Israel, Tiongkok, Vanuatu, dan Kuba. Kami tidak menerima pengajuan pembukaan akun dari negara dan wilayah tersebut.',
    riskHeading: 'Peringatan risiko',
    risk: 'Trading forex dan CFD dengan margin memiliki risiko tinggi dan mungkin tidak cocok untuk semua orang. Anda bisa kehilangan seluruh dana yang Anda setorkan, jadi bertransaksilah hanya dengan uang yang siap Anda relakan.',
    safety:
      'Jangan pernah memberikan kata sandi atau kode verifikasi kepada siapa pun, termasuk orang yang mengaku sebagai karyawan Pipwise.',
  },
  my: {
    title: 'Notis perkhidmatan',
    welcome: 'Selamat datang ke Pipwise. Sila baca notis ini sebelum anda mula berdagang.',
    restrictedHeading: 'Negara dan wilayah yang tidak kami layani',
    restricted:
      'Pipwise tidak menyediakan perkhidmatan kepada penduduk Korea Utara, Israel, China, Vanuatu dan Cuba. Kami tidak menerima permohonan pembukaan akaun dari negara dan wilayah ini.',
    riskHeading: 'Amaran risiko',
    risk: 'Dagangan forex dan CFD secara margin membawa risiko yang tinggi dan mungkin tidak sesuai untuk semua orang. Anda mungkin kehilangan semua wang yang didepositkan, jadi berdagang hanya dengan wang yang anda mampu untuk kehilangan.',
    safety:
      'Jangan sekali-kali berkongsi kata laluan atau kod pengesahan anda dengan sesiapa, termasuk orang yang mendakwa bekerja untuk Pipwise.',
  },
  hi: {
    title: 'सेवा सूचना',
    welcome: 'Pipwise में आपका स्वागत है। ट्रेडिंग शुरू करने से पहले कृपया यह सूचना पढ़ें।',
    restrictedHeading: 'वे देश और क्षेत्र जहाँ हम सेवा नहीं देते',
    restricted:
      'Pipwise उत्तर कोरिया, इज़राइल, चीन, वानुआतु और क्यूबा के निवासियों को सेवाएँ प्रदान नहीं करता। हम इन देशों और क्षेत्रों से खाता खोलने के आवेदन स्वीकार नहीं करते।',
    riskHeading: 'जोखिम चेतावनी',
    risk: 'मार्जिन पर फ़ॉरेक्स और CFD की ट्रेडिंग में उच्च जोखिम है और यह सभी के लिए उपयुक्त नहीं हो सकती। आप जमा की गई पूरी राशि खो सकते हैं, इसलिए केवल उतने पैसे से ट्रेड करें जितना खोना आप सहन कर सकें।',
    safety:
      'अपना पासवर्ड या सत्यापन कोड किसी के साथ साझा न करें, उन लोगों के साथ भी नहीं जो ख़ुद को Pipwise का कर्मचारी बताते हैं।',
  },
  cs: {
    title: 'Oznámení o službě',
    welcome: 'Vítejte v Pipwise. Než začnete obchodovat, přečtěte si prosím toto oznámení.',
    restrictedHeading: 'Země a regiony, kde služby neposkytujeme',
    restricted:
      'Pipwise neposkytuje služby obyvatelům Severní Koreje, Izraele, Číny, Vanuatu a Kuby. Žádosti o otevření účtu z těchto zemí a regionů nepřijímáme.',
    riskHeading: 'Upozornění na riziko',
    risk: 'Obchodování s forexem a CFD na marži je spojeno s vysokým rizikem a nemusí být vhodné pro každého. Můžete přijít o všechny vložené prostředky, proto obchodujte jen s penězi, jejichž ztrátu si můžete dovolit.',
    safety:
      'Nikdy nikomu nesdělujte své heslo ani ověřovací kódy, ani lidem, kteří tvrdí, že pracují pro Pipwise.',
  },
};

/** The announcement HTML of one language. */
export function announcementHtml(text: AnnouncementText): string {
  const escape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  return [
    `<p>${escape(text.welcome)}</p>`,
    `<h3>${escape(text.restrictedHeading)}</h3>`,
    `<p><strong>${escape(text.restricted)}</strong></p>`,
    `<h3>${escape(text.riskHeading)}</h3>`,
    `<p>${escape(text.risk)}</p>`,
    `<p>${escape(text.safety)}</p>`,
  ].join('');
}
