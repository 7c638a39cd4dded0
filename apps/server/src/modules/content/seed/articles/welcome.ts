import type { SampleArticle } from '../sample-article.js';

/** Sample article: a tour of the app. */
export const WELCOME_ARTICLE: SampleArticle = {
  image: 'welcome.svg',
  daysAgo: 1,
  texts: {
    en: {
      title: 'Welcome to Pipwise: trading made clear',
      desc: 'A quick tour of the app: live quotes, a free demo account and every tool you need to follow the markets from your phone.',
      intro:
        'Pipwise brings forex, metals, indices, energy and crypto to your phone. Prices update live, and every order shows its margin and fee before you confirm it.',
      heading: 'Start with the demo account',
      body: 'The demo account gives you virtual funds to practise with at real market prices. Try market and pending orders, set take-profit and stop-loss levels, and reset the account whenever you like.',
      closing:
        'When you are ready, register a real account, verify your identity and make a deposit. Our support team is available from the Customer service page under Me.',
    },
    hk: {
      title: '歡迎使用 Pipwise：交易，一目了然',
      desc: '快速了解應用程式：即時報價、免費模擬賬戶，以及在手機上掌握市場所需的一切工具。',
      intro:
        'Pipwise 把外匯、貴金屬、指數、能源及加密貨幣帶到你的手機上。價格即時更新，每張訂單在確認前都會顯示所需保證金及手續費。',
      heading: '由模擬賬戶開始',
      body: '模擬賬戶提供虛擬資金，讓你以真實市場價格練習。你可以嘗試市價單及掛單、設定止盈及止損，並隨時重設賬戶。',
      closing:
        '準備就緒後，註冊真實賬戶、完成身份認證並存入資金。如需協助，可在「我的」頁面進入「客服」聯絡我們的支援團隊。',
    },
    jp: {
      title: 'Pipwise へようこそ：わかりやすいトレードを',
      desc: 'リアルタイム相場、無料のデモ口座、スマホで相場を追うためのツールをまとめてご紹介します。',
      intro:
        'Pipwise なら、FX・貴金属・株価指数・エネルギー・暗号資産をスマホで取引できます。価格はリアルタイムで更新され、注文を確定する前に必要証拠金と手数料が表示されます。',
      heading: 'まずはデモ口座から',
      body: 'デモ口座では仮想資金を使い、実際の市場価格で練習できます。成行注文や指値・逆指値注文、利益確定・損切りの設定を試し、いつでも口座をリセットできます。',
      closing:
        '準備ができたらリアル口座を登録し、本人確認を済ませて入金しましょう。お困りの際は「マイページ」のカスタマーサービスからサポートチームにご連絡ください。',
    },
    kr: {
      title: 'Pipwise에 오신 것을 환영합니다: 명확한 트레이딩',
      desc: '실시간 시세, 무료 데모 계좌, 휴대폰으로 시장을 따라가는 데 필요한 모든 도구를 빠르게 둘러보세요.',
      intro:
        'Pipwise는 외환, 귀금속, 지수, 에너지, 암호화폐를 휴대폰으로 가져옵니다. 가격은 실시간으로 업데이트되며, 모든 주문은 확인 전에 증거금과 수수료를 보여 줍니다.',
      heading: '데모 계좌로 시작하세요',
      body: '데모 계좌는 실제 시장 가격으로 연습할 수 있는 가상 자금을 제공합니다. 시장가 주문과 대기 주문을 사용해 보고, 이익 실현과 손절매 수준을 설정하고, 언제든지 계좌를 초기화할 수 있습니다.',
      closing:
        '준비가 되면 실계좌를 등록하고 본인 인증을 마친 뒤 입금하세요. 도움이 필요하면 내 정보의 고객센터 페이지에서 지원팀에 문의할 수 있습니다.',
    },
    th: {
      title: 'ยินดีต้อนรับสู่ Pipwise: เทรดอย่างเข้าใจ',
      desc: 'ทำความรู้จักแอปอย่างรวดเร็ว: ราคาเรียลไทม์ บัญชีทดลองฟรี และเครื่องมือทุกอย่างที่ต้องใช้ติดตามตลาดบนมือถือ',
      intro:
        'Pipwise นำฟอเร็กซ์ โลหะมีค่า ดัชนี พลังงาน และคริปโตมาไว้บนมือถือของคุณ ราคาอัปเดตแบบเรียลไทม์ และทุกคำสั่งจะแสดงมาร์จิ้นและค่าธรรมเนียมก่อนที่คุณจะยืนยัน',
      heading: 'เริ่มต้นด้วยบัญชีทดลอง',
      body: 'บัญชีทดลองให้เงินเสมือนสำหรับฝึกเทรดด้วยราคาตลาดจริง ลองส่งคำสั่งแบบตลาดและคำสั่งรอดำเนินการ ตั้งจุดทำกำไรและจุดตัดขาดทุน และรีเซ็ตบัญชีได้ทุกเมื่อ',
      closing:
        'เมื่อพร้อมแล้ว ให้สมัครบัญชีจริง ยืนยันตัวตน และฝากเงิน หากต้องการความช่วยเหลือ ติดต่อทีมสนับสนุนได้ที่หน้าบริการลูกค้าในเมนูของฉัน',
    },
    vn: {
      title: 'Chào mừng đến với Pipwise: giao dịch rõ ràng',
      desc: 'Tham quan nhanh ứng dụng: giá trực tiếp, tài khoản demo miễn phí và mọi công cụ bạn cần để theo dõi thị trường trên điện thoại.',
      intro:
        'Pipwise mang ngoại hối, kim loại quý, chỉ số, năng lượng và tiền mã hóa đến điện thoại của bạn. Giá được cập nhật trực tiếp và mỗi lệnh đều hiển thị ký quỹ và phí trước khi bạn xác nhận.',
      heading: 'Bắt đầu với tài khoản demo',
      body: 'Tài khoản demo cung cấp tiền ảo để bạn luyện tập với giá thị trường thật. Hãy thử lệnh thị trường và lệnh chờ, đặt mức chốt lời và cắt lỗ, và đặt lại tài khoản bất cứ lúc nào.',
      closing:
        'Khi đã sẵn sàng, hãy đăng ký tài khoản thật, xác minh danh tính và nạp tiền. Đội ngũ hỗ trợ luôn sẵn sàng tại trang Chăm sóc khách hàng trong mục Tôi.',
    },
    fr: {
      title: 'Bienvenue sur Pipwise : le trading en toute clarté',
      desc: "Un tour rapide de l'application : cotations en direct, compte démo gratuit et tous les outils pour suivre les marchés depuis votre téléphone.",
      intro:
        "Pipwise met le forex, les métaux, les indices, l'énergie et les cryptomonnaies dans votre téléphone. Les prix sont mis à jour en direct, et chaque ordre affiche sa marge et ses frais avant que vous ne le confirmiez.",
      heading: 'Commencez par le compte démo',
      body: 'Le compte démo vous offre des fonds virtuels pour vous entraîner aux prix réels du marché. Essayez les ordres au marché et en attente, fixez vos niveaux de take-profit et de stop-loss, et réinitialisez le compte quand vous le souhaitez.',
      closing:
        "Quand vous êtes prêt, ouvrez un compte réel, faites vérifier votre identité et effectuez un dépôt. Notre équipe d'assistance est joignable depuis la page Service client, dans Moi.",
    },
    de: {
      title: 'Willkommen bei Pipwise: Trading mit klarem Blick',
      desc: 'Ein kurzer Rundgang durch die App: Live-Kurse, ein kostenloses Demokonto und alle Werkzeuge, um die Märkte auf dem Handy zu verfolgen.',
      intro:
        'Pipwise bringt Devisen, Edelmetalle, Indizes, Energie und Kryptowährungen auf Ihr Handy. Die Kurse werden live aktualisiert, und jede Order zeigt Margin und Gebühr, bevor Sie sie bestätigen.',
      heading: 'Beginnen Sie mit dem Demokonto',
      body: 'Das Demokonto stellt Ihnen virtuelles Guthaben zum Üben zu echten Marktpreisen bereit. Probieren Sie Markt- und Pending-Orders aus, setzen Sie Take-Profit und Stop-Loss und setzen Sie das Konto jederzeit zurück.',
      closing:
        'Wenn Sie so weit sind, eröffnen Sie ein Echtgeldkonto, bestätigen Ihre Identität und zahlen ein. Unser Support-Team erreichen Sie über die Seite Kundenservice unter Ich.',
    },
    ru: {
      title: 'Добро пожаловать в Pipwise: понятная торговля',
      desc: 'Короткий обзор приложения: котировки в реальном времени, бесплатный демо-счёт и все инструменты, чтобы следить за рынками с телефона.',
      intro:
        'Pipwise открывает доступ к форексу, металлам, индексам, энергоносителям и криптовалютам прямо с телефона. Цены обновляются в реальном времени, а перед подтверждением каждого ордера показаны маржа и комиссия.',
      heading: 'Начните с демо-счёта',
      body: 'На демо-счёте есть виртуальные средства для практики по реальным рыночным ценам. Попробуйте рыночные и отложенные ордера, установите тейк-профит и стоп-лосс и сбрасывайте счёт когда угодно.',
      closing:
        'Когда будете готовы, зарегистрируйте реальный счёт, пройдите проверку личности и пополните баланс. Служба поддержки доступна на странице «Поддержка» в разделе «Я».',
    },
    spa: {
      title: 'Bienvenido a Pipwise: trading con claridad',
      desc: 'Un recorrido rápido por la aplicación: cotizaciones en vivo, una cuenta demo gratuita y todas las herramientas para seguir los mercados desde tu móvil.',
      intro:
        'Pipwise pone en tu móvil divisas, metales, índices, energía y criptomonedas. Los precios se actualizan en vivo y cada orden muestra su margen y su comisión antes de que la confirmes.',
      heading: 'Empieza con la cuenta demo',
      body: 'La cuenta demo te da fondos virtuales para practicar con precios reales de mercado. Prueba órdenes a mercado y pendientes, fija niveles de take profit y stop loss, y reinicia la cuenta cuando quieras.',
      closing:
        'Cuando estés listo, abre una cuenta real, verifica tu identidad y haz un depósito. Nuestro equipo de soporte te atiende desde la página Atención al cliente, en Yo.',
    },
    pt: {
      title: 'Bem-vindo à Pipwise: trading com clareza',
      desc: 'Um tour rápido pelo app: cotações ao vivo, uma conta demo gratuita e todas as ferramentas para acompanhar os mercados pelo celular.',
      intro:
        'A Pipwise leva forex, metais, índices, energia e criptomoedas ao seu celular. Os preços são atualizados ao vivo, e cada ordem mostra a margem e a taxa antes de você confirmar.',
      heading: 'Comece pela conta demo',
      body: 'A conta demo oferece fundos virtuais para você praticar com preços reais de mercado. Experimente ordens a mercado e pendentes, defina níveis de take profit e stop loss e reinicie a conta quando quiser.',
      closing:
        'Quando estiver pronto, abra uma conta real, verifique sua identidade e faça um depósito. Nossa equipe de suporte está disponível na página Atendimento ao cliente, em Eu.',
    },
    ar: {
      title: 'مرحبًا بك في Pipwise: تداول بوضوح',
      desc: 'جولة سريعة في التطبيق: أسعار مباشرة، وحساب تجريبي مجاني، وكل الأدوات التي تحتاجها لمتابعة الأسواق من هاتفك.',
      intro:
        'يضع Pipwise العملات والمعادن والمؤشرات والطاقة والعملات المشفرة بين يديك على هاتفك. تتحدث الأسعار لحظيًا، ويعرض كل أمر الهامش والرسوم قبل أن تؤكده.',
      heading: 'ابدأ بالحساب التجريبي',
      body: 'يمنحك الحساب التجريبي أموالًا افتراضية للتدرب بأسعار السوق الحقيقية. جرّب أوامر السوق والأوامر المعلقة، وحدد مستويات جني الأرباح ووقف الخسارة، وأعد ضبط الحساب متى شئت.',
      closing:
        'عندما تكون مستعدًا، سجّل حسابًا حقيقيًا وأكمل التحقق من هويتك ثم أودع الأموال. فريق الدعم متاح لك من صفحة خدمة العملاء في قسم حسابي.',
    },
    it: {
      title: 'Benvenuto su Pipwise: il trading in chiaro',
      desc: "Un giro veloce dell'app: quotazioni in tempo reale, un conto demo gratuito e tutti gli strumenti per seguire i mercati dal telefono.",
      intro:
        'Pipwise porta sul tuo telefono forex, metalli, indici, energia e criptovalute. I prezzi si aggiornano in tempo reale e ogni ordine mostra margine e commissione prima della conferma.',
      heading: 'Inizia con il conto demo',
      body: 'Il conto demo ti offre fondi virtuali per esercitarti con prezzi di mercato reali. Prova ordini a mercato e pendenti, imposta livelli di take profit e stop loss e azzera il conto quando vuoi.',
      closing:
        'Quando sei pronto, apri un conto reale, verifica la tua identità ed effettua un deposito. Il nostro team di assistenza è disponibile dalla pagina Assistenza clienti, nella sezione Io.',
    },
    tr: {
      title: "Pipwise'a hoş geldiniz: net ve anlaşılır işlem",
      desc: 'Uygulamada hızlı bir tur: canlı fiyatlar, ücretsiz demo hesap ve piyasaları telefonunuzdan takip etmek için gereken tüm araçlar.',
      intro:
        'Pipwise döviz, değerli metaller, endeksler, enerji ve kripto paraları telefonunuza getirir. Fiyatlar canlı güncellenir ve her emir, onaylamadan önce teminatını ve ücretini gösterir.',
      heading: 'Demo hesapla başlayın',
      body: 'Demo hesap, gerçek piyasa fiyatlarıyla pratik yapmanız için sanal bakiye sunar. Piyasa ve bekleyen emirleri deneyin, kâr al ve zarar durdur seviyelerini belirleyin ve hesabı istediğiniz zaman sıfırlayın.',
      closing:
        'Hazır olduğunuzda gerçek bir hesap açın, kimliğinizi doğrulayın ve para yatırın. Destek ekibimize Ben bölümündeki Müşteri hizmetleri sayfasından ulaşabilirsiniz.',
    },
    id: {
      title: 'Selamat datang di Pipwise: trading yang jelas',
      desc: 'Tur singkat aplikasi: harga langsung, akun demo gratis, dan semua alat yang Anda perlukan untuk mengikuti pasar dari ponsel.',
      intro:
        'Pipwise menghadirkan forex, logam mulia, indeks, energi, dan kripto di ponsel Anda. Harga diperbarui secara langsung, dan setiap order menampilkan margin serta biayanya sebelum Anda mengonfirmasi.',
      heading: 'Mulai dengan akun demo',
      body: 'Akun demo memberi Anda dana virtual untuk berlatih dengan harga pasar sungguhan. Coba order pasar dan order tertunda, atur level take profit dan stop loss, lalu atur ulang akun kapan saja.',
      closing:
        'Jika sudah siap, daftarkan akun riil, verifikasi identitas Anda, dan lakukan deposit. Tim dukungan kami siap membantu melalui halaman Layanan pelanggan di menu Saya.',
    },
    my: {
      title: 'Selamat datang ke Pipwise: dagangan yang jelas',
      desc: 'Lawatan ringkas aplikasi: sebut harga langsung, akaun demo percuma dan semua alat yang anda perlukan untuk mengikuti pasaran dari telefon.',
      intro:
        'Pipwise membawa forex, logam, indeks, tenaga dan kripto ke telefon anda. Harga dikemas kini secara langsung, dan setiap pesanan menunjukkan margin serta yurannya sebelum anda mengesahkannya.',
      heading: 'Mulakan dengan akaun demo',
      body: 'Akaun demo memberi anda dana maya untuk berlatih pada harga pasaran sebenar. Cuba pesanan pasaran dan pesanan belum selesai, tetapkan paras ambil untung dan henti rugi, dan set semula akaun bila-bila masa.',
      closing:
        'Apabila sudah bersedia, daftar akaun sebenar, sahkan identiti anda dan buat deposit. Pasukan sokongan kami sedia membantu melalui halaman Khidmat pelanggan di bahagian Saya.',
    },
    hi: {
      title: 'Pipwise में आपका स्वागत है: साफ़ और सरल ट्रेडिंग',
      desc: 'ऐप की एक झलक: लाइव भाव, मुफ़्त डेमो खाता और फ़ोन से बाज़ारों पर नज़र रखने के लिए ज़रूरी सभी टूल।',
      intro:
        'Pipwise फ़ॉरेक्स, धातुएँ, सूचकांक, ऊर्जा और क्रिप्टो को आपके फ़ोन पर लाता है। कीमतें लाइव अपडेट होती हैं, और हर ऑर्डर पुष्टि से पहले अपना मार्जिन और शुल्क दिखाता है।',
      heading: 'डेमो खाते से शुरुआत करें',
      body: 'डेमो खाता आपको असली बाज़ार कीमतों पर अभ्यास के लिए वर्चुअल राशि देता है। मार्केट और पेंडिंग ऑर्डर आज़माएँ, टेक-प्रॉफ़िट और स्टॉप-लॉस तय करें, और जब चाहें खाता रीसेट करें।',
      closing:
        'तैयार होने पर असली खाता पंजीकृत करें, अपनी पहचान सत्यापित करें और राशि जमा करें। सहायता के लिए मेरा खाता में ग्राहक सेवा पेज से हमारी टीम से संपर्क करें।',
    },
    cs: {
      title: 'Vítejte v Pipwise: obchodování s jasným přehledem',
      desc: 'Rychlá prohlídka aplikace: živé kurzy, demo účet zdarma a všechny nástroje pro sledování trhů v telefonu.',
      intro:
        'Pipwise vám do telefonu přináší forex, kovy, indexy, energie i kryptoměny. Ceny se aktualizují živě a každý pokyn před potvrzením ukáže svou marži a poplatek.',
      heading: 'Začněte s demo účtem',
      body: 'Demo účet vám dá virtuální prostředky k procvičování za skutečné tržní ceny. Vyzkoušejte tržní i čekající pokyny, nastavte take-profit a stop-loss a účet kdykoli resetujte.',
      closing:
        'Až budete připraveni, zaregistrujte si reálný účet, ověřte svou totožnost a vložte prostředky. Náš tým podpory najdete na stránce Zákaznický servis v sekci Já.',
    },
  },
};
