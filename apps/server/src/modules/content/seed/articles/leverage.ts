import type { SampleArticle } from '../sample-article.js';

/** Sample article: leverage, margin and the margin level. */
export const LEVERAGE_ARTICLE: SampleArticle = {
  image: 'leverage.svg',
  daysAgo: 3,
  texts: {
    en: {
      title: 'Leverage and margin explained',
      desc: 'How leverage lets a small deposit control a larger position, and why the margin level matters for every open trade.',
      intro:
        'Leverage lets you open a position larger than the funds you put up. With 1:100 leverage, a margin of 1,000 USD controls a position worth 100,000 USD.',
      heading: 'Watch your margin level',
      body: 'The margin level is your equity divided by the margin in use. When it falls to the margin call level you are warned; if it falls further to the stop-out level, positions are closed automatically, starting with the largest loss.',
      closing:
        'Higher leverage magnifies profits and losses alike. Choose a leverage you are comfortable with and keep enough free margin to ride out normal price swings.',
    },
    hk: {
      title: '槓桿與保證金簡介',
      desc: '槓桿如何讓少量資金控制較大的倉位，以及為何保證金水平對每筆持倉都至關重要。',
      intro:
        '槓桿讓你開立比投入資金更大的倉位。以 1:100 槓桿計算，1,000 美元保證金可控制價值 100,000 美元的倉位。',
      heading: '留意你的保證金水平',
      body: '保證金水平即淨值除以已用保證金。當它跌至追加保證金水平時，你會收到提示；若再跌至強制平倉水平，系統會由虧損最大的倉位開始自動平倉。',
      closing:
        '槓桿越高，盈利與虧損同樣會被放大。請選擇你能承受的槓桿，並保留足夠的可用保證金，以應付正常的價格波動。',
    },
    jp: {
      title: 'レバレッジと証拠金の基本',
      desc: '少ない資金で大きなポジションを動かせるレバレッジの仕組みと、証拠金維持率がすべての保有ポジションで重要な理由。',
      intro:
        'レバレッジを使うと、預けた資金より大きなポジションを持てます。レバレッジ 1:100 なら、1,000 USD の証拠金で 100,000 USD 相当のポジションを取引できます。',
      heading: '証拠金維持率に注意',
      body: '証拠金維持率は、有効証拠金を使用中の証拠金で割ったものです。マージンコールの水準まで下がると警告が表示され、さらにロスカット水準まで下がると、含み損の大きいポジションから自動的に決済されます。',
      closing:
        'レバレッジが高いほど、利益も損失も大きくなります。無理のないレバレッジを選び、通常の値動きに耐えられるだけの余剰証拠金を確保しましょう。',
    },
    kr: {
      title: '레버리지와 증거금 쉽게 이해하기',
      desc: '레버리지로 적은 자금이 더 큰 포지션을 움직이는 원리와, 모든 보유 포지션에서 증거금 비율이 중요한 이유.',
      intro:
        '레버리지를 사용하면 넣은 자금보다 큰 포지션을 열 수 있습니다. 1:100 레버리지라면 1,000 USD의 증거금으로 100,000 USD 규모의 포지션을 운용할 수 있습니다.',
      heading: '증거금 비율을 확인하세요',
      body: '증거금 비율은 순자산을 사용 중인 증거금으로 나눈 값입니다. 마진콜 수준까지 떨어지면 경고가 표시되고, 강제 청산 수준까지 더 떨어지면 손실이 가장 큰 포지션부터 자동으로 청산됩니다.',
      closing:
        '레버리지가 높을수록 수익과 손실이 모두 커집니다. 감당할 수 있는 레버리지를 선택하고, 평소의 가격 변동을 견딜 만큼 가용 증거금을 남겨 두세요.',
    },
    th: {
      title: 'เข้าใจเลเวอเรจและมาร์จิ้น',
      desc: 'เลเวอเรจช่วยให้เงินจำนวนน้อยควบคุมสถานะที่ใหญ่กว่าได้อย่างไร และทำไมระดับมาร์จิ้นจึงสำคัญกับทุกสถานะที่เปิดอยู่',
      intro:
        'เลเวอเรจช่วยให้คุณเปิดสถานะที่ใหญ่กว่าเงินที่วางไว้ ด้วยเลเวอเรจ 1:100 มาร์จิ้น 1,000 USD สามารถควบคุมสถานะมูลค่า 100,000 USD ได้',
      heading: 'คอยดูระดับมาร์จิ้นของคุณ',
      body: 'ระดับมาร์จิ้นคือมูลค่าสุทธิหารด้วยมาร์จิ้นที่ใช้อยู่ เมื่อลดลงถึงระดับ Margin Call คุณจะได้รับคำเตือน และหากลดลงต่อจนถึงระดับ Stop Out ระบบจะปิดสถานะโดยอัตโนมัติ โดยเริ่มจากสถานะที่ขาดทุนมากที่สุด',
      closing:
        'เลเวอเรจที่สูงขึ้นจะขยายทั้งกำไรและขาดทุน เลือกเลเวอเรจที่คุณสบายใจ และเก็บมาร์จิ้นคงเหลือให้เพียงพอต่อการแกว่งตัวของราคาตามปกติ',
    },
    vn: {
      title: 'Hiểu về đòn bẩy và ký quỹ',
      desc: 'Đòn bẩy giúp một khoản tiền nhỏ kiểm soát vị thế lớn hơn như thế nào, và vì sao mức ký quỹ quan trọng với mọi lệnh đang mở.',
      intro:
        'Đòn bẩy cho phép bạn mở vị thế lớn hơn số tiền bỏ ra. Với đòn bẩy 1:100, khoản ký quỹ 1.000 USD kiểm soát vị thế trị giá 100.000 USD.',
      heading: 'Theo dõi mức ký quỹ',
      body: 'Mức ký quỹ là vốn chủ sở hữu chia cho ký quỹ đang sử dụng. Khi giảm đến mức gọi ký quỹ, bạn sẽ được cảnh báo; nếu tiếp tục giảm đến mức dừng giao dịch, các vị thế sẽ tự động bị đóng, bắt đầu từ vị thế lỗ nhiều nhất.',
      closing:
        'Đòn bẩy càng cao thì lãi và lỗ đều càng lớn. Hãy chọn mức đòn bẩy phù hợp với bạn và giữ đủ ký quỹ khả dụng để vượt qua những biến động giá thông thường.',
    },
    fr: {
      title: "L'effet de levier et la marge expliqués",
      desc: "Comment l'effet de levier permet à un petit dépôt de contrôler une position plus grande, et pourquoi le niveau de marge compte pour chaque position ouverte.",
      intro:
        "L'effet de levier vous permet d'ouvrir une position plus grande que les fonds engagés. Avec un levier de 1:100, une marge de 1 000 USD contrôle une position de 100 000 USD.",
      heading: 'Surveillez votre niveau de marge',
      body: "Le niveau de marge correspond à vos fonds propres divisés par la marge utilisée. Lorsqu'il atteint le seuil d'appel de marge, vous êtes averti ; s'il descend jusqu'au seuil de stop-out, les positions sont clôturées automatiquement, en commençant par la plus grosse perte.",
      closing:
        'Un levier élevé amplifie autant les gains que les pertes. Choisissez un levier qui vous convient et gardez assez de marge libre pour absorber les variations normales des prix.',
    },
    de: {
      title: 'Hebel und Margin einfach erklärt',
      desc: 'Wie ein Hebel mit wenig Kapital eine größere Position bewegt und warum das Margin-Level für jede offene Position zählt.',
      intro:
        'Mit einem Hebel eröffnen Sie eine Position, die größer ist als das eingesetzte Kapital. Bei einem Hebel von 1:100 steuert eine Margin von 1.000 USD eine Position im Wert von 100.000 USD.',
      heading: 'Behalten Sie Ihr Margin-Level im Blick',
      body: 'Das Margin-Level ist Ihr Eigenkapital geteilt durch die genutzte Margin. Fällt es auf das Margin-Call-Level, werden Sie gewarnt; sinkt es weiter bis zum Stop-out-Level, werden Positionen automatisch geschlossen, beginnend mit dem größten Verlust.',
      closing:
        'Ein höherer Hebel vergrößert Gewinne und Verluste gleichermaßen. Wählen Sie einen Hebel, mit dem Sie sich wohlfühlen, und halten Sie genug freie Margin für normale Kursschwankungen bereit.',
    },
    ru: {
      title: 'Кредитное плечо и маржа: простыми словами',
      desc: 'Как кредитное плечо позволяет небольшой сумме управлять крупной позицией и почему уровень маржи важен для каждой открытой сделки.',
      intro:
        'Кредитное плечо позволяет открыть позицию больше вложенных средств. При плече 1:100 маржа 1 000 USD управляет позицией на 100 000 USD.',
      heading: 'Следите за уровнем маржи',
      body: 'Уровень маржи — это собственные средства, делённые на задействованную маржу. Когда он опускается до уровня маржин-колла, вы получаете предупреждение; если он падает дальше до уровня стоп-аута, позиции закрываются автоматически, начиная с самой убыточной.',
      closing:
        'Чем выше плечо, тем сильнее растут и прибыль, и убытки. Выбирайте комфортное плечо и оставляйте достаточно свободной маржи, чтобы пережить обычные колебания цены.',
    },
    spa: {
      title: 'Apalancamiento y margen, explicados',
      desc: 'Cómo el apalancamiento permite que un depósito pequeño controle una posición mayor, y por qué el nivel de margen importa en cada operación abierta.',
      intro:
        'El apalancamiento te permite abrir una posición mayor que los fondos que aportas. Con un apalancamiento de 1:100, un margen de 1.000 USD controla una posición de 100.000 USD.',
      heading: 'Vigila tu nivel de margen',
      body: 'El nivel de margen es tu capital dividido entre el margen utilizado. Cuando baja al nivel de margin call recibes un aviso; si sigue bajando hasta el nivel de stop out, las posiciones se cierran automáticamente, empezando por la de mayor pérdida.',
      closing:
        'Un apalancamiento mayor amplía tanto las ganancias como las pérdidas. Elige un apalancamiento con el que te sientas cómodo y mantén margen libre suficiente para soportar las oscilaciones normales del precio.',
    },
    pt: {
      title: 'Alavancagem e margem explicadas',
      desc: 'Como a alavancagem permite que um depósito pequeno controle uma posição maior, e por que o nível de margem importa em cada operação aberta.',
      intro:
        'A alavancagem permite abrir uma posição maior do que os fundos que você aplica. Com alavancagem de 1:100, uma margem de 1.000 USD controla uma posição de 100.000 USD.',
      heading: 'Acompanhe seu nível de margem',
      body: 'O nível de margem é o seu patrimônio dividido pela margem em uso. Quando ele cai até o nível de chamada de margem, você recebe um aviso; se cair ainda mais até o nível de stop out, as posições são fechadas automaticamente, começando pela de maior prejuízo.',
      closing:
        'Uma alavancagem maior amplia tanto os lucros quanto os prejuízos. Escolha uma alavancagem com a qual você se sinta confortável e mantenha margem livre suficiente para atravessar as oscilações normais de preço.',
    },
    ar: {
      title: 'الرافعة المالية والهامش بشرح مبسّط',
      desc: 'كيف تتيح الرافعة المالية لمبلغ صغير التحكم في مركز أكبر، ولماذا يهم مستوى الهامش في كل صفقة مفتوحة.',
      intro:
        'تتيح لك الرافعة المالية فتح مركز أكبر من الأموال التي تضعها. برافعة 1:100، يتحكم هامش قدره 1,000 دولار في مركز قيمته 100,000 دولار.',
      heading: 'راقب مستوى الهامش',
      body: 'مستوى الهامش هو حقوق الملكية مقسومة على الهامش المستخدم. عندما ينخفض إلى مستوى نداء الهامش تتلقى تنبيهًا، وإذا واصل الانخفاض حتى مستوى الإغلاق القسري تُغلق المراكز تلقائيًا بدءًا من المركز الأكبر خسارة.',
      closing:
        'الرافعة الأعلى تضاعف الأرباح والخسائر على حد سواء. اختر رافعة تناسبك، واحتفظ بهامش حر كافٍ لتجاوز تقلبات الأسعار المعتادة.',
    },
    it: {
      title: 'Leva e margine spiegati',
      desc: 'Come la leva permette a un piccolo deposito di controllare una posizione più grande e perché il livello di margine conta per ogni operazione aperta.',
      intro:
        'La leva ti consente di aprire una posizione più grande dei fondi impegnati. Con una leva di 1:100, un margine di 1.000 USD controlla una posizione da 100.000 USD.',
      heading: 'Tieni d’occhio il livello di margine',
      body: 'Il livello di margine è il tuo capitale diviso per il margine utilizzato. Quando scende al livello di margin call ricevi un avviso; se scende ancora fino al livello di stop out, le posizioni vengono chiuse automaticamente, a partire da quella con la perdita maggiore.',
      closing:
        'Una leva più alta amplifica sia i profitti sia le perdite. Scegli una leva con cui ti senti a tuo agio e mantieni abbastanza margine libero per assorbire le normali oscillazioni dei prezzi.',
    },
    tr: {
      title: 'Kaldıraç ve teminat nedir?',
      desc: 'Kaldıracın küçük bir bakiyeyle daha büyük bir pozisyonu nasıl yönettiği ve teminat seviyesinin her açık işlemde neden önemli olduğu.',
      intro:
        'Kaldıraç, yatırdığınız tutardan daha büyük bir pozisyon açmanızı sağlar. 1:100 kaldıraçla 1.000 USD teminat, 100.000 USD değerinde bir pozisyonu yönetir.',
      heading: 'Teminat seviyenizi izleyin',
      body: 'Teminat seviyesi, özsermayenizin kullanılan teminata bölünmesiyle bulunur. Teminat tamamlama seviyesine düştüğünde uyarılırsınız; daha da düşüp stop-out seviyesine ulaşırsa pozisyonlar en büyük zarardakinden başlayarak otomatik olarak kapatılır.',
      closing:
        'Yüksek kaldıraç kârı da zararı da büyütür. Rahat olduğunuz bir kaldıraç seçin ve olağan fiyat dalgalanmalarını karşılayacak kadar serbest teminat bırakın.',
    },
    id: {
      title: 'Memahami leverage dan margin',
      desc: 'Bagaimana leverage membuat dana kecil mengendalikan posisi yang lebih besar, dan mengapa level margin penting untuk setiap posisi terbuka.',
      intro:
        'Leverage memungkinkan Anda membuka posisi yang lebih besar daripada dana yang Anda setorkan. Dengan leverage 1:100, margin 1.000 USD mengendalikan posisi senilai 100.000 USD.',
      heading: 'Pantau level margin Anda',
      body: 'Level margin adalah ekuitas dibagi margin yang terpakai. Saat turun ke level margin call, Anda akan diperingatkan; jika terus turun hingga level stop out, posisi ditutup otomatis, dimulai dari yang rugi paling besar.',
      closing:
        'Leverage yang lebih tinggi memperbesar untung sekaligus rugi. Pilih leverage yang nyaman bagi Anda dan sisakan margin bebas yang cukup untuk menghadapi pergerakan harga yang wajar.',
    },
    my: {
      title: 'Memahami leveraj dan margin',
      desc: 'Bagaimana leveraj membolehkan deposit kecil mengawal posisi yang lebih besar, dan mengapa paras margin penting bagi setiap dagangan terbuka.',
      intro:
        'Leveraj membolehkan anda membuka posisi yang lebih besar daripada dana yang anda letakkan. Dengan leveraj 1:100, margin 1,000 USD mengawal posisi bernilai 100,000 USD.',
      heading: 'Pantau paras margin anda',
      body: 'Paras margin ialah ekuiti anda dibahagi dengan margin yang digunakan. Apabila ia jatuh ke paras panggilan margin, anda akan diberi amaran; jika terus jatuh ke paras henti keluar, posisi ditutup secara automatik bermula dengan kerugian terbesar.',
      closing:
        'Leveraj yang lebih tinggi membesarkan keuntungan dan kerugian. Pilih leveraj yang selesa bagi anda dan simpan margin bebas yang mencukupi untuk menghadapi turun naik harga biasa.',
    },
    hi: {
      title: 'लीवरेज और मार्जिन को समझें',
      desc: 'लीवरेज कैसे कम राशि से बड़ी पोज़िशन संभालने देता है, और हर खुली ट्रेड के लिए मार्जिन लेवल क्यों अहम है।',
      intro:
        'लीवरेज से आप लगाई गई राशि से बड़ी पोज़िशन खोल सकते हैं। 1:100 लीवरेज पर 1,000 USD का मार्जिन 100,000 USD की पोज़िशन नियंत्रित करता है।',
      heading: 'अपने मार्जिन लेवल पर नज़र रखें',
      body: 'मार्जिन लेवल आपकी इक्विटी को उपयोग में लिए गए मार्जिन से भाग देने पर मिलता है। मार्जिन कॉल लेवल तक गिरने पर आपको चेतावनी मिलती है; और नीचे स्टॉप-आउट लेवल तक गिरने पर पोज़िशन सबसे बड़े घाटे वाली से शुरू होकर अपने-आप बंद हो जाती हैं।',
      closing:
        'ज़्यादा लीवरेज मुनाफ़ा और घाटा दोनों बढ़ाता है। ऐसा लीवरेज चुनें जिसमें आप सहज हों, और सामान्य उतार-चढ़ाव झेलने के लिए पर्याप्त फ़्री मार्जिन रखें।',
    },
    cs: {
      title: 'Páka a marže srozumitelně',
      desc: 'Jak páka umožní malému vkladu ovládat větší pozici a proč je úroveň marže důležitá u každého otevřeného obchodu.',
      intro:
        'Páka vám umožní otevřít pozici větší, než jsou vložené prostředky. S pákou 1:100 ovládá marže 1 000 USD pozici v hodnotě 100 000 USD.',
      heading: 'Sledujte úroveň marže',
      body: 'Úroveň marže je vlastní kapitál vydělený použitou marží. Když klesne na úroveň margin callu, dostanete upozornění; pokud klesne dál až na úroveň stop-outu, pozice se automaticky uzavřou, počínaje tou s největší ztrátou.',
      closing:
        'Vyšší páka znásobuje zisky i ztráty. Zvolte páku, se kterou se cítíte dobře, a ponechte si dost volné marže na běžné výkyvy ceny.',
    },
  },
};
