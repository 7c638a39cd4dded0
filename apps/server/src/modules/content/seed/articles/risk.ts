import type { SampleArticle } from '../sample-article.js';

/** Sample article: stop-loss and take-profit. */
export const RISK_ARTICLE: SampleArticle = {
  image: 'risk.svg',
  daysAgo: 6,
  texts: {
    en: {
      title: 'Plan every trade with stop-loss and take-profit',
      desc: 'Set your exit before you enter: how stop-loss and take-profit orders protect your account and lock in gains.',
      intro:
        'A stop-loss closes your position automatically when the price moves against you by a set amount. A take-profit closes it when the price reaches your target.',
      heading: 'Where to place them',
      body: 'For a buy position the take-profit sits above the current price and the stop-loss below it; for a sell position it is the other way round. You can edit both at any time while the position is open.',
      closing:
        'Many traders risk only a small share of their balance on a single trade. Deciding your exit in advance keeps emotions out of the decision when the market moves fast.',
    },
    hk: {
      title: '用止損及止盈規劃每一筆交易',
      desc: '入市前先定好離場點：止損及止盈如何保護你的賬戶並鎖定利潤。',
      intro: '止損會在價格朝不利方向走到指定幅度時自動平倉；止盈則會在價格到達你的目標時自動平倉。',
      heading: '應該設在哪裡',
      body: '買入倉位的止盈設在現價之上、止損設在現價之下；賣出倉位則相反。持倉期間，你可隨時修改兩者。',
      closing:
        '不少交易者每筆交易只承擔結餘的一小部分風險。預先決定離場點，能讓你在市場急速變動時不受情緒左右。',
    },
    jp: {
      title: '損切りと利益確定で、すべての取引に計画を',
      desc: 'エントリー前に出口を決める：損切り注文と利益確定注文が口座を守り、利益を確保する仕組み。',
      intro:
        '損切り（ストップロス）は、価格が不利な方向へ一定幅動いたときにポジションを自動で決済します。利益確定（テイクプロフィット）は、価格が目標に達したときに決済します。',
      heading: 'どこに置くか',
      body: '買いポジションでは利益確定を現在価格より上に、損切りを下に置きます。売りポジションではその逆です。どちらもポジション保有中はいつでも変更できます。',
      closing:
        '多くのトレーダーは、1 回の取引で残高のごく一部しかリスクにさらしません。出口を事前に決めておけば、相場が急に動いても感情に流されずに判断できます。',
    },
    kr: {
      title: '손절매와 이익 실현으로 모든 거래를 계획하세요',
      desc: '진입 전에 청산 지점을 정하세요: 손절매와 이익 실현 주문이 계좌를 보호하고 수익을 지키는 방법.',
      intro:
        '손절매는 가격이 불리한 방향으로 정해진 만큼 움직이면 포지션을 자동으로 청산합니다. 이익 실현은 가격이 목표에 도달하면 포지션을 청산합니다.',
      heading: '어디에 설정할까요',
      body: '매수 포지션은 이익 실현을 현재가보다 위에, 손절매를 아래에 둡니다. 매도 포지션은 그 반대입니다. 포지션이 열려 있는 동안 언제든지 둘 다 수정할 수 있습니다.',
      closing:
        '많은 트레이더가 한 번의 거래에 잔고의 작은 부분만 위험에 노출합니다. 청산 지점을 미리 정해 두면 시장이 빠르게 움직일 때도 감정에 휘둘리지 않습니다.',
    },
    th: {
      title: 'วางแผนทุกการเทรดด้วยจุดตัดขาดทุนและจุดทำกำไร',
      desc: 'กำหนดจุดออกก่อนเข้าเทรด: คำสั่งตัดขาดทุนและทำกำไรช่วยปกป้องบัญชีและล็อกกำไรได้อย่างไร',
      intro:
        'จุดตัดขาดทุนจะปิดสถานะให้อัตโนมัติเมื่อราคาเคลื่อนไหวสวนทางกับคุณตามระยะที่กำหนด ส่วนจุดทำกำไรจะปิดสถานะเมื่อราคาถึงเป้าหมายของคุณ',
      heading: 'ควรตั้งไว้ที่ไหน',
      body: 'สำหรับสถานะซื้อ จุดทำกำไรอยู่เหนือราคาปัจจุบันและจุดตัดขาดทุนอยู่ต่ำกว่า ส่วนสถานะขายจะกลับกัน คุณแก้ไขทั้งสองค่าได้ตลอดเวลาระหว่างที่สถานะยังเปิดอยู่',
      closing:
        'นักเทรดจำนวนมากยอมเสี่ยงเพียงส่วนน้อยของยอดเงินในการเทรดแต่ละครั้ง การกำหนดจุดออกไว้ล่วงหน้าช่วยให้ตัดสินใจได้โดยไม่ใช้อารมณ์เมื่อตลาดเคลื่อนไหวเร็ว',
    },
    vn: {
      title: 'Lên kế hoạch cho mỗi giao dịch với cắt lỗ và chốt lời',
      desc: 'Đặt điểm thoát trước khi vào lệnh: lệnh cắt lỗ và chốt lời bảo vệ tài khoản và giữ lợi nhuận như thế nào.',
      intro:
        'Lệnh cắt lỗ tự động đóng vị thế khi giá đi ngược hướng bạn một khoảng nhất định. Lệnh chốt lời đóng vị thế khi giá chạm mục tiêu của bạn.',
      heading: 'Đặt ở đâu',
      body: 'Với vị thế mua, mức chốt lời nằm trên giá hiện tại và mức cắt lỗ nằm dưới; với vị thế bán thì ngược lại. Bạn có thể sửa cả hai bất cứ lúc nào khi vị thế còn mở.',
      closing:
        'Nhiều nhà giao dịch chỉ chấp nhận rủi ro một phần nhỏ số dư cho mỗi giao dịch. Quyết định điểm thoát trước giúp bạn không bị cảm xúc chi phối khi thị trường biến động nhanh.',
    },
    fr: {
      title: 'Planifiez chaque trade avec un stop-loss et un take-profit',
      desc: 'Fixez votre sortie avant d’entrer : comment les ordres stop-loss et take-profit protègent votre compte et sécurisent vos gains.',
      intro:
        'Un stop-loss clôture automatiquement votre position lorsque le prix évolue contre vous d’un montant donné. Un take-profit la clôture lorsque le prix atteint votre objectif.',
      heading: 'Où les placer',
      body: 'Pour une position acheteuse, le take-profit se place au-dessus du prix actuel et le stop-loss en dessous ; pour une position vendeuse, c’est l’inverse. Vous pouvez modifier les deux à tout moment tant que la position est ouverte.',
      closing:
        'Beaucoup de traders ne risquent qu’une petite part de leur solde sur un seul trade. Décider de sa sortie à l’avance évite de laisser parler les émotions quand le marché s’emballe.',
    },
    de: {
      title: 'Jeden Trade mit Stop-Loss und Take-Profit planen',
      desc: 'Den Ausstieg festlegen, bevor Sie einsteigen: wie Stop-Loss- und Take-Profit-Orders Ihr Konto schützen und Gewinne sichern.',
      intro:
        'Ein Stop-Loss schließt Ihre Position automatisch, wenn sich der Kurs um einen festgelegten Betrag gegen Sie bewegt. Ein Take-Profit schließt sie, sobald der Kurs Ihr Ziel erreicht.',
      heading: 'Wo Sie sie setzen',
      body: 'Bei einer Kaufposition liegt der Take-Profit über dem aktuellen Kurs und der Stop-Loss darunter; bei einer Verkaufsposition ist es umgekehrt. Solange die Position offen ist, können Sie beide jederzeit ändern.',
      closing:
        'Viele Trader riskieren pro Trade nur einen kleinen Teil ihres Guthabens. Wer den Ausstieg vorher festlegt, entscheidet auch in schnellen Märkten ohne Emotionen.',
    },
    ru: {
      title: 'Планируйте каждую сделку со стоп-лоссом и тейк-профитом',
      desc: 'Определите выход до входа: как стоп-лосс и тейк-профит защищают счёт и фиксируют прибыль.',
      intro:
        'Стоп-лосс автоматически закрывает позицию, когда цена уходит против вас на заданную величину. Тейк-профит закрывает её, когда цена достигает вашей цели.',
      heading: 'Где их ставить',
      body: 'Для позиции на покупку тейк-профит ставится выше текущей цены, а стоп-лосс — ниже; для позиции на продажу — наоборот. Пока позиция открыта, оба уровня можно изменить в любой момент.',
      closing:
        'Многие трейдеры рискуют в одной сделке лишь небольшой частью баланса. Решение о выходе, принятое заранее, не даёт эмоциям вмешаться, когда рынок движется быстро.',
    },
    spa: {
      title: 'Planifica cada operación con stop loss y take profit',
      desc: 'Define tu salida antes de entrar: cómo las órdenes stop loss y take profit protegen tu cuenta y aseguran ganancias.',
      intro:
        'Un stop loss cierra tu posición automáticamente cuando el precio se mueve en tu contra una cantidad fijada. Un take profit la cierra cuando el precio alcanza tu objetivo.',
      heading: 'Dónde colocarlos',
      body: 'En una posición de compra, el take profit va por encima del precio actual y el stop loss por debajo; en una posición de venta es al revés. Puedes modificar ambos en cualquier momento mientras la posición esté abierta.',
      closing:
        'Muchos traders arriesgan solo una pequeña parte de su saldo en cada operación. Decidir la salida de antemano evita que las emociones decidan cuando el mercado se mueve rápido.',
    },
    pt: {
      title: 'Planeje cada operação com stop loss e take profit',
      desc: 'Defina a saída antes de entrar: como as ordens de stop loss e take profit protegem sua conta e garantem ganhos.',
      intro:
        'Um stop loss fecha sua posição automaticamente quando o preço se move contra você por um valor definido. Um take profit a fecha quando o preço atinge seu alvo.',
      heading: 'Onde colocá-los',
      body: 'Em uma posição de compra, o take profit fica acima do preço atual e o stop loss abaixo; em uma posição de venda é o contrário. Você pode editar os dois a qualquer momento enquanto a posição estiver aberta.',
      closing:
        'Muitos traders arriscam apenas uma pequena parte do saldo em cada operação. Decidir a saída com antecedência mantém as emoções fora da decisão quando o mercado se move rápido.',
    },
    ar: {
      title: 'خطّط لكل صفقة بوقف الخسارة وجني الأرباح',
      desc: 'حدّد نقطة الخروج قبل الدخول: كيف تحمي أوامر وقف الخسارة وجني الأرباح حسابك وتثبّت مكاسبك.',
      intro:
        'يغلق أمر وقف الخسارة مركزك تلقائيًا عندما يتحرك السعر عكس اتجاهك بمقدار محدد، ويغلقه أمر جني الأرباح عندما يبلغ السعر هدفك.',
      heading: 'أين تضعهما',
      body: 'في مركز الشراء يكون جني الأرباح فوق السعر الحالي ووقف الخسارة تحته، وفي مركز البيع يكون العكس. يمكنك تعديل الاثنين في أي وقت ما دام المركز مفتوحًا.',
      closing:
        'كثير من المتداولين لا يخاطرون إلا بجزء صغير من رصيدهم في الصفقة الواحدة. تحديد نقطة الخروج مسبقًا يُبعد العاطفة عن القرار حين يتحرك السوق بسرعة.',
    },
    it: {
      title: 'Pianifica ogni operazione con stop loss e take profit',
      desc: 'Decidi l’uscita prima di entrare: come gli ordini stop loss e take profit proteggono il conto e mettono al sicuro i guadagni.',
      intro:
        'Uno stop loss chiude automaticamente la posizione quando il prezzo si muove contro di te di un importo stabilito. Un take profit la chiude quando il prezzo raggiunge il tuo obiettivo.',
      heading: 'Dove posizionarli',
      body: 'In una posizione di acquisto il take profit sta sopra il prezzo attuale e lo stop loss sotto; in una posizione di vendita è il contrario. Puoi modificarli entrambi in qualsiasi momento finché la posizione è aperta.',
      closing:
        'Molti trader rischiano solo una piccola parte del saldo su una singola operazione. Decidere l’uscita in anticipo tiene le emozioni fuori dalla scelta quando il mercato si muove in fretta.',
    },
    tr: {
      title: 'Her işlemi zarar durdur ve kâr al ile planlayın',
      desc: 'Girmeden önce çıkışı belirleyin: zarar durdur ve kâr al emirleri hesabınızı nasıl korur ve kazancınızı nasıl güvenceye alır.',
      intro:
        'Zarar durdur, fiyat aleyhinize belirli bir miktar hareket ettiğinde pozisyonunuzu otomatik olarak kapatır. Kâr al ise fiyat hedefinize ulaştığında pozisyonu kapatır.',
      heading: 'Nereye koymalı',
      body: 'Alış pozisyonunda kâr al mevcut fiyatın üstünde, zarar durdur altında olur; satış pozisyonunda tam tersidir. Pozisyon açık olduğu sürece ikisini de istediğiniz zaman değiştirebilirsiniz.',
      closing:
        'Birçok yatırımcı tek bir işlemde bakiyesinin yalnızca küçük bir kısmını riske atar. Çıkışı önceden belirlemek, piyasa hızlı hareket ettiğinde kararlarınızı duygulardan uzak tutar.',
    },
    id: {
      title: 'Rencanakan setiap transaksi dengan stop loss dan take profit',
      desc: 'Tentukan titik keluar sebelum masuk: bagaimana order stop loss dan take profit melindungi akun dan mengamankan keuntungan.',
      intro:
        'Stop loss menutup posisi Anda secara otomatis saat harga bergerak melawan Anda sejauh yang ditentukan. Take profit menutupnya saat harga mencapai target Anda.',
      heading: 'Di mana memasangnya',
      body: 'Untuk posisi beli, take profit berada di atas harga saat ini dan stop loss di bawahnya; untuk posisi jual sebaliknya. Anda dapat mengubah keduanya kapan saja selama posisi masih terbuka.',
      closing:
        'Banyak trader hanya mempertaruhkan sebagian kecil saldo dalam satu transaksi. Menentukan titik keluar sejak awal membuat keputusan tidak dikuasai emosi saat pasar bergerak cepat.',
    },
    my: {
      title: 'Rancang setiap dagangan dengan henti rugi dan ambil untung',
      desc: 'Tetapkan titik keluar sebelum masuk: bagaimana pesanan henti rugi dan ambil untung melindungi akaun dan mengunci keuntungan.',
      intro:
        'Henti rugi menutup posisi anda secara automatik apabila harga bergerak menentang anda sebanyak yang ditetapkan. Ambil untung menutupnya apabila harga mencapai sasaran anda.',
      heading: 'Di mana hendak meletakkannya',
      body: 'Bagi posisi beli, ambil untung diletakkan di atas harga semasa dan henti rugi di bawahnya; bagi posisi jual pula sebaliknya. Anda boleh mengubah kedua-duanya pada bila-bila masa selagi posisi masih dibuka.',
      closing:
        'Ramai pedagang hanya mempertaruhkan sebahagian kecil baki mereka bagi setiap dagangan. Menetapkan titik keluar lebih awal menjauhkan emosi daripada keputusan apabila pasaran bergerak pantas.',
    },
    hi: {
      title: 'स्टॉप-लॉस और टेक-प्रॉफ़िट से हर ट्रेड की योजना बनाएँ',
      desc: 'एंट्री से पहले एग्ज़िट तय करें: स्टॉप-लॉस और टेक-प्रॉफ़िट ऑर्डर आपके खाते को कैसे बचाते हैं और मुनाफ़ा सुरक्षित करते हैं।',
      intro:
        'स्टॉप-लॉस कीमत के तय मात्रा में आपके ख़िलाफ़ जाने पर पोज़िशन अपने-आप बंद कर देता है। टेक-प्रॉफ़िट कीमत के आपके लक्ष्य तक पहुँचने पर पोज़िशन बंद करता है।',
      heading: 'इन्हें कहाँ रखें',
      body: 'ख़रीद पोज़िशन में टेक-प्रॉफ़िट मौजूदा कीमत से ऊपर और स्टॉप-लॉस नीचे रहता है; बिक्री पोज़िशन में इसका उल्टा। पोज़िशन खुली रहने तक आप दोनों को कभी भी बदल सकते हैं।',
      closing:
        'कई ट्रेडर एक ट्रेड में अपने बैलेंस का छोटा हिस्सा ही जोखिम में डालते हैं। एग्ज़िट पहले से तय करने से तेज़ बाज़ार में भी फ़ैसले भावनाओं से दूर रहते हैं।',
    },
    cs: {
      title: 'Plánujte každý obchod se stop-lossem a take-profitem',
      desc: 'Určete si výstup dřív, než vstoupíte: jak pokyny stop-loss a take-profit chrání váš účet a zajišťují zisky.',
      intro:
        'Stop-loss automaticky uzavře pozici, když se cena pohne proti vám o stanovenou částku. Take-profit ji uzavře, když cena dosáhne vašeho cíle.',
      heading: 'Kam je umístit',
      body: 'U nákupní pozice je take-profit nad aktuální cenou a stop-loss pod ní; u prodejní pozice je to naopak. Dokud je pozice otevřená, můžete oba kdykoli změnit.',
      closing:
        'Mnoho obchodníků riskuje v jednom obchodu jen malou část zůstatku. Když si výstup určíte předem, emoce nerozhodují ani při rychlém pohybu trhu.',
    },
  },
};
