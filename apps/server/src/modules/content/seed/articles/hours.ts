import type { SampleArticle } from '../sample-article.js';

/** Sample article: the trading hours (docs/api.md "Market data"). */
export const HOURS_ARTICLE: SampleArticle = {
  image: 'hours.svg',
  daysAgo: 9,
  texts: {
    en: {
      title: 'When the markets are open',
      desc: 'Forex trades around the clock on weekdays and crypto never sleeps: a guide to the trading hours of every market in the app.',
      intro:
        'Forex trades from Sunday 17:00 to Friday 17:00 New York time. Metals, indices and energy follow the same week, with a short daily pause from 17:00 to 18:00.',
      heading: 'Crypto trades every day',
      body: 'Cryptocurrencies can be traded 24 hours a day, seven days a week, including weekends and holidays.',
      closing:
        'While a market is closed, the buy and sell buttons stay disabled until trading resumes. Prices can jump when a market reopens, so review your stop-loss levels before the weekend.',
    },
    hk: {
      title: '市場何時開放交易',
      desc: '外匯在平日全天候交易，加密貨幣全年無休：應用程式內各市場交易時間一覽。',
      intro:
        '外匯交易時間為紐約時間星期日 17:00 至星期五 17:00。貴金屬、指數及能源沿用同一交易週，並於每日 17:00 至 18:00 短暫休市。',
      heading: '加密貨幣每天都可交易',
      body: '加密貨幣一星期七天、每天 24 小時均可交易，週末及假期亦不例外。',
      closing:
        '市場休市期間，買入及賣出按鈕會停用，直至恢復交易。市場重開時價格可能出現跳空，週末前請檢查你的止損設定。',
    },
    jp: {
      title: '各市場の取引時間',
      desc: 'FX は平日 24 時間、暗号資産は年中無休。アプリで取引できる各市場の取引時間をまとめました。',
      intro:
        'FX の取引時間は、ニューヨーク時間の日曜 17:00 から金曜 17:00 までです。貴金属・株価指数・エネルギーも同じ週に取引でき、毎日 17:00〜18:00 に短い休止があります。',
      heading: '暗号資産は毎日取引可能',
      body: '暗号資産は週末や祝日も含め、1 日 24 時間・週 7 日取引できます。',
      closing:
        '市場が閉まっている間は、取引が再開されるまで買い・売りボタンが無効になります。再開時に価格が大きく動くことがあるため、週末前に損切りの水準を確認しましょう。',
    },
    kr: {
      title: '시장은 언제 열리나요',
      desc: '외환은 평일 24시간, 암호화폐는 쉬지 않습니다: 앱의 모든 시장 거래 시간 안내.',
      intro:
        '외환은 뉴욕 시간 일요일 17:00부터 금요일 17:00까지 거래됩니다. 귀금속, 지수, 에너지도 같은 주간에 거래되며 매일 17:00부터 18:00까지 잠시 쉽니다.',
      heading: '암호화폐는 매일 거래됩니다',
      body: '암호화폐는 주말과 공휴일을 포함해 하루 24시간, 주 7일 거래할 수 있습니다.',
      closing:
        '시장이 닫혀 있는 동안에는 거래가 재개될 때까지 매수·매도 버튼이 비활성화됩니다. 시장이 다시 열릴 때 가격이 급변할 수 있으니 주말 전에 손절매 수준을 점검하세요.',
    },
    th: {
      title: 'ตลาดเปิดเมื่อไหร่',
      desc: 'ฟอเร็กซ์เทรดได้ตลอดวันในวันทำการ ส่วนคริปโตไม่มีวันหยุด: คู่มือเวลาเทรดของทุกตลาดในแอป',
      intro:
        'ฟอเร็กซ์เปิดเทรดตั้งแต่วันอาทิตย์ 17:00 ถึงวันศุกร์ 17:00 ตามเวลานิวยอร์ก โลหะมีค่า ดัชนี และพลังงานใช้สัปดาห์เดียวกัน โดยพักสั้น ๆ ทุกวันเวลา 17:00 ถึง 18:00',
      heading: 'คริปโตเทรดได้ทุกวัน',
      body: 'สกุลเงินดิจิทัลเทรดได้ตลอด 24 ชั่วโมง 7 วันต่อสัปดาห์ รวมถึงวันหยุดสุดสัปดาห์และวันหยุดนักขัตฤกษ์',
      closing:
        'ขณะที่ตลาดปิด ปุ่มซื้อและขายจะใช้งานไม่ได้จนกว่าการเทรดจะเริ่มอีกครั้ง ราคาอาจกระโดดเมื่อตลาดเปิดใหม่ จึงควรตรวจสอบจุดตัดขาดทุนก่อนวันหยุดสุดสัปดาห์',
    },
    vn: {
      title: 'Khi nào thị trường mở cửa',
      desc: 'Ngoại hối giao dịch suốt ngày đêm trong tuần, tiền mã hóa không bao giờ nghỉ: hướng dẫn giờ giao dịch của mọi thị trường trong ứng dụng.',
      intro:
        'Ngoại hối giao dịch từ 17:00 Chủ nhật đến 17:00 thứ Sáu theo giờ New York. Kim loại quý, chỉ số và năng lượng theo cùng tuần đó, với một khoảng nghỉ ngắn mỗi ngày từ 17:00 đến 18:00.',
      heading: 'Tiền mã hóa giao dịch mỗi ngày',
      body: 'Tiền mã hóa có thể giao dịch 24 giờ mỗi ngày, bảy ngày mỗi tuần, kể cả cuối tuần và ngày lễ.',
      closing:
        'Khi thị trường đóng cửa, nút mua và bán bị vô hiệu hóa cho đến khi giao dịch trở lại. Giá có thể nhảy vọt khi thị trường mở lại, vì vậy hãy xem lại mức cắt lỗ trước cuối tuần.',
    },
    fr: {
      title: 'Quand les marchés sont ouverts',
      desc: "Le forex s'échange en continu en semaine et la crypto ne dort jamais : le guide des horaires de chaque marché de l'application.",
      intro:
        'Le forex se négocie du dimanche 17 h au vendredi 17 h, heure de New York. Les métaux, les indices et l’énergie suivent la même semaine, avec une courte pause quotidienne de 17 h à 18 h.',
      heading: 'La crypto se négocie tous les jours',
      body: 'Les cryptomonnaies se négocient 24 heures sur 24, sept jours sur sept, week-ends et jours fériés compris.',
      closing:
        "Tant qu'un marché est fermé, les boutons d'achat et de vente restent désactivés jusqu'à la reprise des échanges. Les prix peuvent faire un saut à la réouverture : vérifiez vos stop-loss avant le week-end.",
    },
    de: {
      title: 'Wann die Märkte geöffnet sind',
      desc: 'Devisen werden werktags rund um die Uhr gehandelt, Krypto schläft nie: ein Überblick über die Handelszeiten aller Märkte in der App.',
      intro:
        'Devisen werden von Sonntag 17:00 bis Freitag 17:00 New Yorker Zeit gehandelt. Edelmetalle, Indizes und Energie folgen derselben Woche, mit einer kurzen täglichen Pause von 17:00 bis 18:00.',
      heading: 'Krypto wird jeden Tag gehandelt',
      body: 'Kryptowährungen lassen sich rund um die Uhr an sieben Tagen pro Woche handeln, auch an Wochenenden und Feiertagen.',
      closing:
        'Solange ein Markt geschlossen ist, bleiben die Kauf- und Verkaufsbuttons deaktiviert, bis der Handel wieder beginnt. Bei der Wiedereröffnung können Kurse springen – prüfen Sie Ihre Stop-Loss-Marken vor dem Wochenende.',
    },
    ru: {
      title: 'Когда открыты рынки',
      desc: 'Форекс торгуется круглосуточно по будням, а криптовалюты — без выходных: расписание торгов всех рынков в приложении.',
      intro:
        'Форекс торгуется с 17:00 воскресенья до 17:00 пятницы по нью-йоркскому времени. Металлы, индексы и энергоносители торгуются в ту же неделю с короткой ежедневной паузой с 17:00 до 18:00.',
      heading: 'Криптовалюты торгуются каждый день',
      body: 'Криптовалютами можно торговать 24 часа в сутки, семь дней в неделю, включая выходные и праздники.',
      closing:
        'Пока рынок закрыт, кнопки покупки и продажи недоступны до возобновления торгов. При открытии цена может совершить скачок, поэтому проверьте уровни стоп-лосса перед выходными.',
    },
    spa: {
      title: 'Cuándo están abiertos los mercados',
      desc: 'El forex cotiza sin parar entre semana y las criptomonedas nunca duermen: guía de horarios de todos los mercados de la aplicación.',
      intro:
        'El forex se negocia desde el domingo a las 17:00 hasta el viernes a las 17:00, hora de Nueva York. Los metales, los índices y la energía siguen la misma semana, con una breve pausa diaria de 17:00 a 18:00.',
      heading: 'Las criptomonedas cotizan todos los días',
      body: 'Las criptomonedas se pueden negociar las 24 horas del día, los siete días de la semana, incluidos fines de semana y festivos.',
      closing:
        'Mientras un mercado está cerrado, los botones de compra y venta quedan desactivados hasta que se reanuda la negociación. Los precios pueden saltar en la reapertura, así que revisa tus stop loss antes del fin de semana.',
    },
    pt: {
      title: 'Quando os mercados estão abertos',
      desc: 'O forex funciona sem parar durante a semana e as criptomoedas nunca dormem: um guia dos horários de cada mercado do app.',
      intro:
        'O forex é negociado de domingo às 17:00 até sexta-feira às 17:00, horário de Nova York. Metais, índices e energia seguem a mesma semana, com uma breve pausa diária das 17:00 às 18:00.',
      heading: 'Criptomoedas são negociadas todos os dias',
      body: 'As criptomoedas podem ser negociadas 24 horas por dia, sete dias por semana, inclusive nos fins de semana e feriados.',
      closing:
        'Enquanto um mercado está fechado, os botões de compra e venda ficam desativados até a negociação recomeçar. Os preços podem saltar na reabertura, então revise seus níveis de stop loss antes do fim de semana.',
    },
    ar: {
      title: 'متى تكون الأسواق مفتوحة',
      desc: 'تتداول العملات على مدار الساعة في أيام الأسبوع، والعملات المشفرة لا تتوقف: دليل أوقات التداول لكل الأسواق في التطبيق.',
      intro:
        'يُتداول الفوركس من الأحد الساعة 17:00 حتى الجمعة الساعة 17:00 بتوقيت نيويورك. وتتبع المعادن والمؤشرات والطاقة الأسبوع نفسه مع استراحة يومية قصيرة من 17:00 إلى 18:00.',
      heading: 'العملات المشفرة تُتداول كل يوم',
      body: 'يمكن تداول العملات المشفرة 24 ساعة يوميًا وسبعة أيام في الأسبوع، بما في ذلك عطلات نهاية الأسبوع والأعياد.',
      closing:
        'أثناء إغلاق السوق تبقى أزرار الشراء والبيع معطلة حتى يُستأنف التداول. قد تقفز الأسعار عند إعادة الافتتاح، لذا راجع مستويات وقف الخسارة قبل عطلة نهاية الأسبوع.',
    },
    it: {
      title: 'Quando sono aperti i mercati',
      desc: 'Il forex si negozia senza sosta nei giorni feriali e le cripto non dormono mai: la guida agli orari di tutti i mercati dell’app.',
      intro:
        'Il forex si negozia dalla domenica alle 17:00 al venerdì alle 17:00, ora di New York. Metalli, indici ed energia seguono la stessa settimana, con una breve pausa giornaliera dalle 17:00 alle 18:00.',
      heading: 'Le criptovalute si negoziano ogni giorno',
      body: 'Le criptovalute si possono negoziare 24 ore su 24, sette giorni su sette, compresi fine settimana e festivi.',
      closing:
        'Mentre un mercato è chiuso, i pulsanti di acquisto e vendita restano disattivati finché le contrattazioni non riprendono. Alla riapertura i prezzi possono saltare: controlla i tuoi stop loss prima del fine settimana.',
    },
    tr: {
      title: 'Piyasalar ne zaman açık?',
      desc: 'Döviz hafta içi günün her saatinde işlem görür, kripto hiç uyumaz: uygulamadaki tüm piyasaların işlem saatleri rehberi.',
      intro:
        'Döviz piyasası New York saatiyle Pazar 17:00 ile Cuma 17:00 arasında işlem görür. Değerli metaller, endeksler ve enerji aynı haftayı izler; her gün 17:00 ile 18:00 arasında kısa bir ara verilir.',
      heading: 'Kripto her gün işlem görür',
      body: 'Kripto paralar hafta sonları ve tatiller dahil, haftanın yedi günü 24 saat işlem görebilir.',
      closing:
        'Bir piyasa kapalıyken alış ve satış düğmeleri işlemler yeniden başlayana kadar devre dışı kalır. Piyasa açılırken fiyatlar sıçrayabilir; hafta sonundan önce zarar durdur seviyelerinizi gözden geçirin.',
    },
    id: {
      title: 'Kapan pasar dibuka',
      desc: 'Forex diperdagangkan sepanjang hari pada hari kerja dan kripto tidak pernah tidur: panduan jam perdagangan semua pasar di aplikasi.',
      intro:
        'Forex diperdagangkan dari Minggu pukul 17.00 hingga Jumat pukul 17.00 waktu New York. Logam mulia, indeks, dan energi mengikuti minggu yang sama, dengan jeda singkat setiap hari pukul 17.00 hingga 18.00.',
      heading: 'Kripto diperdagangkan setiap hari',
      body: 'Mata uang kripto dapat diperdagangkan 24 jam sehari, tujuh hari seminggu, termasuk akhir pekan dan hari libur.',
      closing:
        'Selama pasar tutup, tombol beli dan jual dinonaktifkan hingga perdagangan dibuka kembali. Harga bisa melompat saat pasar dibuka, jadi periksa level stop loss Anda sebelum akhir pekan.',
    },
    my: {
      title: 'Bilakah pasaran dibuka',
      desc: 'Forex didagangkan sepanjang hari pada hari bekerja dan kripto tidak pernah tidur: panduan waktu dagangan setiap pasaran dalam aplikasi.',
      intro:
        'Forex didagangkan dari Ahad 17:00 hingga Jumaat 17:00 waktu New York. Logam, indeks dan tenaga mengikut minggu yang sama, dengan rehat harian yang singkat dari 17:00 hingga 18:00.',
      heading: 'Kripto didagangkan setiap hari',
      body: 'Mata wang kripto boleh didagangkan 24 jam sehari, tujuh hari seminggu, termasuk hujung minggu dan cuti umum.',
      closing:
        'Semasa pasaran ditutup, butang beli dan jual dilumpuhkan sehingga dagangan disambung semula. Harga boleh melonjak apabila pasaran dibuka semula, jadi semak paras henti rugi anda sebelum hujung minggu.',
    },
    hi: {
      title: 'बाज़ार कब खुले रहते हैं',
      desc: 'फ़ॉरेक्स कार्यदिवसों में चौबीसों घंटे चलता है और क्रिप्टो कभी नहीं रुकता: ऐप के हर बाज़ार के ट्रेडिंग समय की जानकारी।',
      intro:
        'फ़ॉरेक्स न्यूयॉर्क समय के अनुसार रविवार 17:00 से शुक्रवार 17:00 तक चलता है। धातुएँ, सूचकांक और ऊर्जा भी उसी सप्ताह चलते हैं, और रोज़ 17:00 से 18:00 तक थोड़ी देर रुकते हैं।',
      heading: 'क्रिप्टो हर दिन ट्रेड होता है',
      body: 'क्रिप्टोकरेंसी सप्ताहांत और छुट्टियों समेत हफ़्ते के सातों दिन, दिन के 24 घंटे ट्रेड की जा सकती है।',
      closing:
        'बाज़ार बंद होने पर ख़रीदें और बेचें बटन तब तक निष्क्रिय रहते हैं जब तक ट्रेडिंग फिर से शुरू न हो। बाज़ार दोबारा खुलने पर कीमतें उछल सकती हैं, इसलिए सप्ताहांत से पहले अपने स्टॉप-लॉस स्तर जाँच लें।',
    },
    cs: {
      title: 'Kdy jsou trhy otevřené',
      desc: 'Forex se ve všední dny obchoduje nepřetržitě a krypto nikdy nespí: přehled obchodních hodin všech trhů v aplikaci.',
      intro:
        'Forex se obchoduje od neděle 17:00 do pátku 17:00 newyorského času. Kovy, indexy a energie se řídí stejným týdnem s krátkou denní přestávkou od 17:00 do 18:00.',
      heading: 'Kryptoměny se obchodují každý den',
      body: 'Kryptoměny lze obchodovat 24 hodin denně, sedm dní v týdnu, včetně víkendů a svátků.',
      closing:
        'Dokud je trh zavřený, tlačítka nákupu a prodeje zůstávají neaktivní, dokud se obchodování neobnoví. Po otevření může cena skočit, proto si před víkendem zkontrolujte úrovně stop-lossu.',
    },
  },
};
