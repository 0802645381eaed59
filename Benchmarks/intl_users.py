"""International users for generate-users.py --names international (python3 stdlib only).

A global user base: about two thirds of the names are not ASCII, in the scripts and spellings real
exports hold -- Chinese (王芳), Japanese kanji and kana (佐藤 さくら), Korean Hangul (김민준),
Cyrillic (Фёдоров), Vietnamese with stacked diacritics (Nguyễn Thị Ánh), German, French, Polish,
Turkish, Nordic, Portuguese and Spanish accented Latin, Greek, Arabic, Hindi (Devanagari) and
Thai -- and the rest ASCII (English names, and Latin spellings of Indian, Chinese, Spanish and
German names). Usernames and emails are mostly ASCII transliterations; cities are partly native.

Edge cases that folding and rendering get wrong, on purpose and at realistic rates:
  * characters whose folding is not "lower-case, strip the accent": ß/ẞ (Groß, Strauß; Straße),
    İ (İbrahim), ı (Işıl), Ø/Æ/Å (Søren, Ævar, Åsa), Ł (Łukasz), Đ (Đặng), Þ/ð (Þór, Guðrún),
    ё (Фёдоров next to Федоров), final sigma (Γιώργος);
  * the same name with and without accents (Agnès and Agnes), so the exact-name tie-break of the
    sort matters;
  * Vietnamese written decomposed (NFD, as a Mac may send it) for 3% of Vietnamese names;
  * Japanese names split by an ideographic space (U+3000) for some users;
  * 1.5% of Latin-script names typed in lower case, and 1 user in 2,000 with an empty name
    (its title falls back to the username; it sorts last);
  * Devanagari and Thai names, whose first "letter" is a grapheme cluster (रा, क्ष, श्रे), and
    Devanagari vowel signs that are spacing marks (Mc), not accents;
  * a few company names with a comma (CSV quoting).
"""

import unicodedata

# ---------------------------------------------------------------------------------------------
# Name tables. A first name is "native[=roman]:g" (g: m, f or x); a last name is "native[=roman]"
# or "male/female[=roman_m/roman_f]". Without "=roman" the roman spelling is the native one
# transliterated to ASCII (translit below).
# ---------------------------------------------------------------------------------------------

LOCALES = {}


def locale(code, weight, firsts, lasts, order="given-family", sep=" ", domains=(), cities=(),
           streets=(), companies=(), middles=None, latin=True, de_umlaut=False):
    LOCALES[code] = dict(code=code, weight=weight, firsts=firsts.split(), lasts=lasts.split(),
                         order=order, sep=sep, domains=list(domains), cities=list(cities),
                         streets=list(streets), companies=list(companies), middles=middles,
                         latin=latin, de_umlaut=de_umlaut)


GLOBAL_DOMAINS = ["gmail.com", "outlook.com", "yahoo.com", "hotmail.com", "icloud.com", "proton.me"]

# ASCII: English-speaking names (the first and last lists of the ascii mode, with prefixes and
# suffixes), and Latin spellings of other names as people type them on ASCII-only systems.
locale("en", 19,
       "Leanne:f Ervin:m Clementine:f Patricia:f Chelsey:f Dennis:m Kurtis:m Nicholas:m Glenna:f "
       "Anna:f Brian:m Diana:f Ryan:m Susan:f Ethan:m Megan:f Daniel:m Nathan:m Joan:f Ian:m "
       "Morgan:x Jordan:x Logan:m Hannah:f Frank:m Alice:f Bob:m Charlie:x Emma:f Olivia:f Liam:m "
       "Noah:m Sophia:f Lucas:m Oliver:m Chloe:f Grace:f Henry:m Jack:m Kate:f Maya:f Oscar:m "
       "Quinn:x Ruth:f Mark:m Eve:f Amanda:f Brandon:m Stephanie:f Jonathan:m Samantha:f",
       "Graham Howell Bauch Lebsack Dietrich Schulist Weissnat Runolfsdottir Reichert DuBuque "
       "Romaguera Crona Deckow Crist Jacobson Smith Brown Taylor Wilson Moore Clark Lewis Walker "
       "Young King Wright Scott Green Baker Adams Nelson Hill Campbell Mitchell Roberts Carter "
       "Phillips Evans Turner Parker Collins Stewart Morris Rogers Reed Cook Bell Cooper Ward "
       "Sullivan O'Brien Hayes Bryant Jordan Flanagan",
       domains=["april.biz", "melissa.tv", "yesenia.net", "kory.org", "annie.ca", "example.com"],
       cities=["New York", "London", "Toronto", "Sydney", "Chicago", "Manchester", "Dublin",
               "Vancouver", "Austin", "Auckland"],
       streets=["Kulas Light", "Victor Plains", "Douglas Extension", "Hoeger Mall", "Main Street",
                "Baker Street", "Elm Avenue", "Oak Lane"],
       companies=["{L} LLC", "{L} Group", "{L} Inc", "{L} and Sons", "{L}-{L}"])
locale("latn", 11,
       "Priya:f Rahul:m Amit:m Sunita:f Deepak:m Ananya:f Arjun:m Kavya:f Rohan:m Sanjay:m "
       "Wei:m Fang:f Jing:f Ming:m Xiaoming:m Juan:m Ana:f Jose:m Maria:f Carlos:m Andres:m Adrian:m "
       "Agnes:f Rene:m Andre:m Helene:f Francois:m Hans:m Jan:m Stefan:m Sofia:f Joao:m "
       "Sergei:m Alexander:m Natalia:f Olga:f Mehmet:m Ahmed:m Fatima:f Omar:m Nguyen:x Anh:x",
       "Sharma Patel Gupta Singh Kumar Iyer Reddy Zhang Wang Chen Liu Huang Garcia Alvarez "
       "Fernandez Gonzalez Rodriguez Lopez Martin Beranger Lefebvre Laurent Muller Schafer "
       "Strauss Gross Weiss Becker Fischer Hansen Jensen Ivanov Petrov Novak Yilmaz Demir "
       "Haddad Mansour Tran Nguyen Pham",
       domains=["gmail.com", "outlook.com", "example.org"],
       cities=["Mumbai", "Bengaluru", "Shanghai", "Madrid", "Paris", "Berlin", "Moscow",
               "Istanbul", "Cairo", "Hanoi", "Mexico City", "Singapore"],
       streets=["MG Road", "Park Street", "Station Road", "Main Road", "High Street"],
       companies=["{L} Ltd", "{L} Solutions", "{L} & Co", "{L} Global"])

locale("de", 6,
       "Jürgen:m Jörg:m Björn:m Günther:m Käthe:f Änne:f Jan:m Lena:f Hans:m Anke:f Stefan:m "
       "Sabine:f Dörte:f Uwe:m Till:m Jana:f Lukas:m Johanna:f Mia:f Jürgen:m Sören:m "
       "Mathäus:m Hannelore:f Anneliese:f Bärbel:f",
       "Müller Schäfer Schröder Groß Strauß Strauss Weiß Krüger Köhler Böhm Schmidt Schneider "
       "Fischer Wagner Becker Hoffmann Weber Meyer Zimmermann Hartmann Lange Braun Jäger Fuchs "
       "Hahn Äbischer Özdemir Ließmann Großmann Müller-Lüdenscheidt",
       de_umlaut=True,
       domains=["gmx.de", "web.de", "t-online.de", "posteo.de"],
       cities=["München", "Köln", "Düsseldorf", "Nürnberg", "Berlin", "Hamburg", "Zürich",
               "Göttingen", "Würzburg", "Frankfurt am Main"],
       streets=["Hauptstraße", "Schloßallee", "Bahnhofstraße", "Königsweg", "Gartenstraße",
                "Am Mühlbach", "Lindenstraße"],
       companies=["{L} GmbH", "{L} & Söhne KG", "{L} AG", "{L}, {L} & Partner", "Bäckerei {L}"])
locale("fr", 5,
       "François:m Émilie:f Élodie:f Hélène:f Chloé:f Théo:m Jérôme:m Cécile:f Zoé:f Léa:f "
       "Noël:m Maël:m Gaëlle:f Anaïs:f Benoît:m Agnès:f Inès:f Jean:m Antoine:m Léon:m "
       "Amélie:f Stéphane:m Frédéric:m Ève:f Renée:f André:m Françoise:f",
       "Dubois Lefèvre Moreau Lefebvre Girard Fournier Léger Mercier Rousseau Chevalier Bonnet "
       "Faure Gauthier Lemaître Hébert Béranger Côté Pâquet Delacroix Laurent Ménard Sévigny "
       "Brûlé Lévesque Bélanger Gagné Thériault",
       domains=["orange.fr", "free.fr", "laposte.net", "videotron.ca", "sfr.fr"],
       cities=["Paris", "Lyon", "Marseille", "Montréal", "Besançon", "Orléans", "Québec",
               "Nîmes", "Genève", "Saint-Étienne"],
       streets=["Rue de la Paix", "Boulevard Saint-Michel", "Rue des Écoles", "Allée des Tilleuls",
                "Chemin du Moulin", "Rue Sainte-Catherine"],
       companies=["{L} SARL", "{L} et Fils", "Groupe {L}", "{L} & Associés", "Établissements {L}"])
locale("es", 5,
       "José:m María:f Ángel:m Ángela:f Jesús:m Raúl:m Sofía:f Lucía:f Martín:m Andrés:m "
       "Begoña:f Iñaki:m Nuria:f Ramón:m Joaquín:m Inés:f Ana:f Juan:m Adrián:m Álvaro:m "
       "Mónica:f Fernán:m Julián:m Sebastián:m Ximena:f",
       "García Fernández González Rodríguez López Martínez Sánchez Pérez Gómez Díaz Álvarez "
       "Jiménez Muñoz Núñez Peña Ibáñez Castaño Ortega Romero Navarro Márquez Cañete Zúñiga "
       "Ruiz Vázquez Hernández",
       domains=["telefonica.net", "yahoo.es", "hotmail.es", "prodigy.net.mx"],
       cities=["Madrid", "Málaga", "Córdoba", "Bogotá", "Ciudad de México", "Cádiz",
               "Medellín", "Barcelona", "León", "San José"],
       streets=["Calle Mayor", "Avenida de la Constitución", "Calle del Sol", "Paseo de Gracia",
                "Calle Peñalver", "Plaza de España"],
       companies=["{L} S.L.", "{L} y Asociados", "Grupo {L}", "{L} Hermanos S.A."])
locale("pt", 4,
       "João:m José:m Conceição:f Antônio:m Gonçalo:m Inês:f Ângela:f Márcia:f Luís:m "
       "Sebastião:m Fátima:f Cláudia:f Vitória:f Thiago:m Mariana:f Fernanda:f Estêvão:m",
       "Conceição Gonçalves Magalhães Simões Guimarães Araújo Brandão Falcão Pereira Silva "
       "Santos Sousa Assunção Leão Gusmão Romão Carvalho Damião",
       domains=["uol.com.br", "bol.com.br", "sapo.pt", "terra.com.br"],
       cities=["São Paulo", "Brasília", "Lisboa", "Goiânia", "Belém", "Florianópolis",
               "Porto", "Maceió", "Niterói"],
       streets=["Rua Augusta", "Avenida Paulista", "Rua da Conceição", "Travessa do Carmo",
                "Largo São Bento"],
       companies=["{L} Ltda.", "{L} & Filhos", "Grupo {L}", "{L} Comércio S.A."])
locale("pl", 4,
       "Łukasz:m Paweł:m Michał:m Wojciech:m Małgorzata:f Agnieszka:f Krzysztof:m Żaneta:f "
       "Grażyna:f Zbigniew:m Jadwiga:f Stanisław:m Anna:f Katarzyna:f Bartłomiej:m Jarosław:m "
       "Łucja:f Jan:m Andrzej:m Joanna:f Ślawomir:m",
       "Nowak Kowalski/Kowalska Wiśniewski/Wiśniewska Wójcik Kowalczyk Kamiński/Kamińska "
       "Lewandowski/Lewandowska Zieliński/Zielińska Szymański/Szymańska Woźniak "
       "Dąbrowski/Dąbrowska Kozłowski/Kozłowska Jankowski/Jankowska Mazur Krawczyk Łuczak Żak "
       "Ślusarczyk Gołębiowski/Gołębiowska Jabłoński/Jabłońska",
       domains=["wp.pl", "onet.pl", "interia.pl", "o2.pl"],
       cities=["Kraków", "Łódź", "Wrocław", "Gdańsk", "Warszawa", "Poznań", "Białystok",
               "Rzeszów"],
       streets=["ul. Długa", "ul. Marszałkowska", "ul. Świętokrzyska", "al. Jerozolimskie",
                "ul. Żeromskiego"],
       companies=["{L} Sp. z o.o.", "Zakład {L}", "{L} i Wspólnicy", "{L} S.A."])
locale("tr", 4,
       "Çağla:f Şule:f İbrahim:m İpek:f Ömer:m Özge:f Gökhan:m Ayşe:f Fatma:f Mehmet:m "
       "Mustafa:m Emre:m Burak:m Elif:f Zeynep:f Hülya:f Işıl:f Kübra:f Oğuz:m Yiğit:m "
       "İsmail:m Ümit:x Şenay:f Gülşen:f Cihan:m",
       "Yılmaz Kaya Demir Şahin Çelik Yıldız Yıldırım Öztürk Aydın Özdemir Arslan Doğan Kılıç "
       "Aslan Çetin Kara Koç Kurt Özkan Şimşek Erdoğan Türkmen Işık Güneş",
       domains=["hotmail.com.tr", "yandex.com.tr", "turk.net", "superonline.net"],
       cities=["İstanbul", "İzmir", "Ankara", "Eskişehir", "Muğla", "Diyarbakır", "Şanlıurfa",
               "Antalya"],
       streets=["İstiklal Caddesi", "Atatürk Bulvarı", "Bağdat Caddesi", "Çiçek Sokak",
                "Gül Sokağı"],
       companies=["{L} A.Ş.", "{L} Ticaret Ltd. Şti.", "{L} Holding", "{L} İnşaat"])
locale("nordic", 4,
       "Søren:m Åsa:f Bjørn:m Ørjan:m Kåre:m Ingrid:f Sigríður:f Þór:m Jón:m Guðrún:f Ævar:m "
       "Mette:f Lars:m Nils:m Anders:m Astrid:f Ásta:f Gunnar:m Håkon:m Märta:f Linnéa:f "
       "Øystein:m Åke:m Signý:f Anja:f Jóhanna:f",
       "Jørgensen Sørensen Ørsted Ångström Åberg Lindqvist Nyström Sjöberg Hansen Johansen "
       "Kierkegaard Guðmundsdóttir Þórsdóttir Jónsson Björnsson Ólafsdóttir Kristjánsson Dahl "
       "Løvås Bækgaard Strøm Söderström Lindén Hämäläinen Mäkinen",
       domains=["telia.se", "online.no", "jubii.dk", "simnet.is", "suomi24.fi"],
       cities=["Göteborg", "Malmö", "Aarhus", "København", "Tromsø", "Reykjavík", "Oslo",
               "Stockholm", "Jyväskylä", "Ålesund"],
       streets=["Storgatan", "Drottninggatan", "Nørregade", "Laugavegur", "Åsgatan",
                "Karl Johans gate"],
       companies=["{L} AB", "{L} A/S", "{L} ehf.", "{L} Oy", "{L} & Søn"])
locale("vi", 6,
       "Ánh:f Anh:x Linh:f Hương:f Lan:f Mai:f Trang:f Thảo:f Hà:f Ngọc:f Hùng:m Dũng:m "
       "Tuấn:m Quang:m Hải:m Nam:m Phúc:m Khánh:x Đạt:m Bảo:m Thành:m Sơn:m Việt:m Yến:f "
       "Phương:f Hạnh:f Duy:m Quân:m Tâm:x Huyền:f",
       "Nguyễn Trần Lê Phạm Hoàng Huỳnh Phan Vũ Võ Đặng Bùi Đỗ Hồ Ngô Dương Lý Trương Đinh",
       order="vi",
       middles={"m": "Văn Đức Minh Hữu Quốc Thanh Xuân", "f": "Thị Ngọc Minh Thu Thanh Kim",
                "x": "Minh Thanh Ngọc"},
       domains=["vnn.vn", "fpt.vn", "yahoo.com.vn"],
       cities=["Hà Nội", "Thành phố Hồ Chí Minh", "Đà Nẵng", "Huế", "Hải Phòng", "Cần Thơ",
               "Nha Trang", "Hanoi"],
       streets=["Nguyễn Huệ", "Lê Lợi", "Trần Hưng Đạo", "Đồng Khởi", "Hàng Bài"],
       companies=["Công ty TNHH {L}", "Tập đoàn {L}", "{L} Group", "Công ty Cổ phần {L}"])
locale("el", 3,
       "Γιώργος=Giorgos:m Δημήτρης=Dimitris:m Κωνσταντίνος=Konstantinos:m Νίκος=Nikos:m "
       "Μαρία=Maria:f Ελένη=Eleni:f Αικατερίνη=Aikaterini:f Σοφία=Sofia:f Ανδρέας=Andreas:m "
       "Ιωάννης=Ioannis:m Αναστασία=Anastasia:f Χρήστος=Christos:m Παναγιώτης=Panagiotis:m "
       "Ευαγγελία=Evangelia:f Δέσποινα=Despoina:f",
       "Παπαδόπουλος/Παπαδοπούλου=Papadopoulos/Papadopoulou Οικονόμου=Oikonomou "
       "Γεωργίου=Georgiou Νικολάου=Nikolaou Αντωνίου=Antoniou Ιωάννου=Ioannou "
       "Βασιλείου=Vasileiou Μακρής/Μακρή=Makris/Makri Παππάς/Παππά=Pappas/Pappa "
       "Καραγιάννης/Καραγιάννη=Karagiannis/Karagianni Αθανασίου=Athanasiou "
       "Δημητρίου=Dimitriou Κωνσταντινίδης/Κωνσταντινίδου=Konstantinidis/Konstantinidou",
       latin=False,
       domains=["otenet.gr", "yahoo.gr", "hol.gr"],
       cities=["Αθήνα", "Θεσσαλονίκη", "Πάτρα", "Ηράκλειο", "Athens", "Λευκωσία"],
       streets=["Οδός Ερμού", "Λεωφόρος Συγγρού", "Οδός Πανεπιστημίου", "Οδός Αιόλου"],
       companies=["{L} Α.Ε.", "{L} & Υιοί Ο.Ε.", "Όμιλος {L}"])
locale("ru", 7,
       "Александр=Aleksandr:m Дмитрий=Dmitry:m Максим=Maksim:m Сергей=Sergey:m Андрей=Andrey:m "
       "Алексей=Aleksey:m Иван=Ivan:m Михаил=Mikhail:m Анна=Anna:f Мария=Maria:f Елена=Elena:f "
       "Ольга=Olga:f Наталья=Natalya:f Татьяна=Tatyana:f Ирина=Irina:f Светлана=Svetlana:f "
       "Юлия=Yulia:f Екатерина=Ekaterina:f Анастасия=Anastasia:f Олександр=Oleksandr:m "
       "Євген=Yevhen:m Андрій=Andriy:m Оксана=Oksana:f Ярослав=Yaroslav:m Фёдор=Fyodor:m "
       "Артём=Artyom:m Алёна=Alyona:f Богдан=Bogdan:m",
       "Иванов/Иванова=Ivanov/Ivanova Смирнов/Смирнова=Smirnov/Smirnova "
       "Кузнецов/Кузнецова=Kuznetsov/Kuznetsova Попов/Попова=Popov/Popova "
       "Васильев/Васильева=Vasiliev/Vasilieva Петров/Петрова=Petrov/Petrova "
       "Соколов/Соколова=Sokolov/Sokolova Михайлов/Михайлова=Mikhailov/Mikhailova "
       "Новиков/Новикова=Novikov/Novikova Фёдоров/Фёдорова=Fyodorov/Fyodorova "
       "Федоров/Федорова=Fedorov/Fedorova Морозов/Морозова=Morozov/Morozova "
       "Волков/Волкова=Volkov/Volkova Лебедев/Лебедева=Lebedev/Lebedeva "
       "Семёнов/Семёнова=Semyonov/Semyonova Семенов/Семенова=Semenov/Semenova "
       "Шевченко=Shevchenko Коваленко=Kovalenko Бондаренко=Bondarenko Ткаченко=Tkachenko "
       "Павленко=Pavlenko Ющенко=Yushchenko",
       latin=False,
       domains=["yandex.ru", "mail.ru", "rambler.ru", "ukr.net", "bk.ru"],
       cities=["Москва", "Санкт-Петербург", "Новосибирск", "Київ", "Екатеринбург", "Казань",
               "Moscow", "Львів", "Минск"],
       streets=["ул. Тверская", "Невский проспект", "ул. Ленина", "Хрещатик", "ул. Садовая"],
       companies=["ООО «{L}»", "АО «{L} и партнёры»", "ИП {L}", "ТОВ «{L}»"])
locale("zh", 9,
       "伟=Wei:m 芳=Fang:f 娜=Na:f 秀英=Xiuying:f 敏=Min:f 静=Jing:f 丽=Li:f 强=Qiang:m 磊=Lei:m "
       "军=Jun:m 洋=Yang:m 勇=Yong:m 艳=Yan:f 杰=Jie:m 娟=Juan:f 涛=Tao:m 明=Ming:m 超=Chao:m "
       "秀兰=Xiulan:f 霞=Xia:f 平=Ping:x 刚=Gang:m 桂英=Guiying:f 浩然=Haoran:m 子涵=Zihan:x "
       "欣怡=Xinyi:f 梓萱=Zixuan:f 宇轩=Yuxuan:m 俊杰=Junjie:m 思远=Siyuan:m 志强=Zhiqiang:m "
       "雨桐=Yutong:f 晓明=Xiaoming:m 婷=Ting:f",
       "王=Wang 李=Li 张=Zhang 刘=Liu 陈=Chen 杨=Yang 黄=Huang 赵=Zhao 吴=Wu 周=Zhou 徐=Xu "
       "孙=Sun 马=Ma 朱=Zhu 胡=Hu 郭=Guo 何=He 高=Gao 林=Lin 罗=Luo 郑=Zheng 梁=Liang 谢=Xie "
       "宋=Song 唐=Tang 许=Xu 韩=Han 冯=Feng 邓=Deng 曹=Cao 欧阳=Ouyang 司马=Sima",
       order="family-given", sep="", latin=False,
       domains=["qq.com", "163.com", "126.com", "sina.com", "foxmail.com"],
       cities=["北京", "上海", "广州", "深圳", "成都", "杭州", "Beijing", "Shanghai", "台北",
               "香港", "武汉", "南京"],
       streets=["中山路", "人民路", "解放路", "南京东路", "建国门外大街"],
       companies=["{L}氏科技有限公司", "{L}记贸易有限公司", "{L}氏集团", "{L}家电子商务"])
locale("ja", 5,
       "太郎=Taro:m 翔太=Shota:m 大輝=Daiki:m 蓮=Ren:m 陽翔=Haruto:m 結衣=Yui:f 陽菜=Hina:f "
       "さくら=Sakura:f ひなた=Hinata:x ゆい=Yui:f はると=Haruto:m ハルカ=Haruka:f 美咲=Misaki:f "
       "健太=Kenta:m 拓海=Takumi:m 葵=Aoi:x 愛=Ai:f 優子=Yuko:f 直樹=Naoki:m あおい=Aoi:f "
       "カナ=Kana:f 花子=Hanako:f 誠=Makoto:m 彩花=Ayaka:f 颯太=Sota:m",
       "佐藤=Sato 鈴木=Suzuki 高橋=Takahashi 田中=Tanaka 伊藤=Ito 渡辺=Watanabe 山本=Yamamoto "
       "中村=Nakamura 小林=Kobayashi 加藤=Kato 吉田=Yoshida 山田=Yamada 佐々木=Sasaki "
       "山口=Yamaguchi 松本=Matsumoto 井上=Inoue 木村=Kimura 林=Hayashi 斎藤=Saito 清水=Shimizu "
       "長谷川=Hasegawa 近藤=Kondo",
       order="family-given", sep="ja", latin=False,
       domains=["yahoo.co.jp", "docomo.ne.jp", "ezweb.ne.jp", "nifty.com"],
       cities=["東京", "大阪", "京都", "横浜", "名古屋", "札幌", "Tokyo", "福岡", "神戸"],
       streets=["銀座通り", "表参道", "本町一丁目", "栄町二丁目"],
       companies=["株式会社{L}", "{L}商事株式会社", "{L}工業", "有限会社{L}"])
locale("ko", 5,
       "민준=Minjun:m 서연=Seoyeon:f 지훈=Jihoon:m 하은=Haeun:f 도윤=Doyun:m 서준=Seojun:m "
       "지우=Jiwoo:x 수빈=Subin:x 예준=Yejun:m 지민=Jimin:x 현우=Hyunwoo:m 민서=Minseo:f "
       "은지=Eunji:f 성민=Seongmin:m 유나=Yuna:f 지안=Jian:x 하준=Hajun:m 채원=Chaewon:f",
       "김=Kim 이=Lee 박=Park 최=Choi 정=Jung 강=Kang 조=Cho 윤=Yoon 장=Jang 임=Lim 한=Han "
       "오=Oh 서=Seo 신=Shin 권=Kwon 황=Hwang 안=Ahn 송=Song 남궁=Namgung",
       order="family-given", sep="", latin=False,
       domains=["naver.com", "daum.net", "hanmail.net", "kakao.com"],
       cities=["서울", "부산", "인천", "대구", "Seoul", "광주", "대전"],
       streets=["세종대로", "테헤란로", "강남대로", "명동길"],
       companies=["(주){L}전자", "{L}물산", "{L}건설 주식회사", "{L}푸드"])
locale("ar", 3,
       "محمد=Mohammed:m أحمد=Ahmed:m علي=Ali:m فاطمة=Fatima:f عائشة=Aisha:f مريم=Maryam:f "
       "يوسف=Youssef:m عمر=Omar:m خالد=Khaled:m ليلى=Layla:f نور=Nour:x حسن=Hassan:m سارة=Sara:f "
       "إبراهيم=Ibrahim:m آمنة=Amna:f رانيا=Rania:f",
       "العلي=Al-Ali الحسن=Al-Hassan المصري=Al-Masri حداد=Haddad خوري=Khoury منصور=Mansour "
       "سعيد=Saeed عبدالله=Abdullah الشامي=Al-Shami النجار=Al-Najjar القحطاني=Al-Qahtani "
       "العتيبي=Al-Otaibi الأنصاري=Al-Ansari",
       latin=False,
       domains=["hotmail.com", "yahoo.com", "live.com", "gmail.com"],
       cities=["القاهرة", "دبي", "الرياض", "عمّان", "بيروت", "Dubai", "الإسكندرية", "الدار البيضاء"],
       streets=["شارع التحرير", "شارع الملك فهد", "شارع الحمرا", "طريق الشيخ زايد"],
       companies=["شركة {L}", "مؤسسة {L} للتجارة", "{L} القابضة"])
locale("hi", 4,
       "राहुल=Rahul:m प्रिया=Priya:f अमित=Amit:m सुनीता=Sunita:f अनिल=Anil:m पूजा=Pooja:f "
       "विकास=Vikas:m नेहा=Neha:f संजय=Sanjay:m अंजलि=Anjali:f दीपक=Deepak:m श्रेया=Shreya:f "
       "आदित्य=Aditya:m लक्ष्मी=Lakshmi:f क्षमा=Kshama:f स्नेहा=Sneha:f ज्योति=Jyoti:f "
       "अर्जुन=Arjun:m",
       "शर्मा=Sharma वर्मा=Verma गुप्ता=Gupta सिंह=Singh कुमार=Kumar पटेल=Patel जोशी=Joshi "
       "मिश्रा=Mishra यादव=Yadav अग्रवाल=Agarwal चौधरी=Chaudhary त्रिपाठी=Tripathi "
       "श्रीवास्तव=Srivastava द्विवेदी=Dwivedi",
       latin=False,
       domains=["rediffmail.com", "gmail.com", "yahoo.co.in", "outlook.com"],
       cities=["मुंबई", "दिल्ली", "Bengaluru", "Pune", "लखनऊ", "जयपुर", "Hyderabad", "वाराणसी"],
       streets=["महात्मा गांधी मार्ग", "Station Road", "नेहरू नगर", "राजपथ"],
       companies=["{L} इंडस्ट्रीज", "{L} एंड संस", "{L} Technologies Pvt. Ltd."])
locale("th", 2,
       "สมชาย=Somchai:m สมศรี=Somsri:f ประเสริฐ=Prasert:m วิชัย=Wichai:m สุดา=Suda:f นภา=Napa:f "
       "อรุณ=Arun:m กมล=Kamon:x ธนา=Thana:m พิมพ์=Phim:f เพ็ญศรี=Pensri:f ณัฐ=Nat:m",
       "สุขสวัสดิ์=Suksawat ศรีสุข=Srisuk วงศ์ใหญ่=Wongyai แก้วมณี=Kaewmanee ทองดี=Thongdee "
       "จันทร์เพ็ญ=Chanpen บุญมา=Boonma รัตนากร=Rattanakorn เจริญผล=Charoenphon",
       latin=False,
       domains=["hotmail.co.th", "gmail.com", "truemail.co.th"],
       cities=["กรุงเทพมหานคร", "เชียงใหม่", "ภูเก็ต", "Bangkok", "ขอนแก่น"],
       streets=["ถนนสุขุมวิท", "ถนนสีลม", "ถนนพหลโยธิน"],
       companies=["บริษัท {L} จำกัด", "{L} กรุ๊ป", "ห้างหุ้นส่วน {L}"])

# Where people live besides their own locale's cities: one user in four. München is in both lists.
HUB_CITIES = ["London", "Berlin", "München", "Dubai", "Singapore", "New York", "Toronto",
              "São Paulo", "Zürich", "東京", "Paris", "Amsterdam"]
# The ascii mode's cities (with South Elvis and Gwenborough): one user in twenty.
OLD_CITIES = ["Gwenborough", "Wisokyburgh", "McKenziehaven", "South Elvis", "Roscoeview",
              "South Christy", "Howemouth", "Aliyaview", "Bartholomebury", "Lebsackbury"]
PREFIX = ["Mrs.", "Mr.", "Ms.", "Dr.", "Miss"]
SUFFIX = ["Jr.", "Sr.", "II", "III", "MD", "PhD"]
HANDLE_WORDS = ["sunny", "coder", "pixel", "tiger", "moon", "ninja", "blue", "lucky", "hiker",
                "dragon", "star", "kiwi", "rocket", "maple", "echo", "nova", "delta", "zen"]

_ASCII_MAP = str.maketrans({"ß": "ss", "ẞ": "SS", "ø": "o", "Ø": "O", "æ": "ae", "Æ": "AE",
                            "ł": "l", "Ł": "L", "đ": "d", "Đ": "D", "ı": "i", "þ": "th",
                            "Þ": "Th", "ð": "d", "Ð": "D", "œ": "oe", "Œ": "OE", "'": ""})
_UMLAUT_MAP = str.maketrans({"ä": "ae", "ö": "oe", "ü": "ue", "Ä": "Ae", "Ö": "Oe", "Ü": "Ue"})


def translit(s, de_umlaut=False):
    """ASCII spelling of a Latin-script name, as its owner would type it in an email address."""
    if de_umlaut:
        s = s.translate(_UMLAUT_MAP)
    s = s.translate(_ASCII_MAP)
    s = "".join(c for c in unicodedata.normalize("NFD", s) if not unicodedata.combining(c))
    assert s.isascii(), s
    return s


def _parse_first(item, loc):
    native, _, gender = item.rpartition(":")
    native, _, roman = native.partition("=")
    return native, (roman or translit(native, loc["de_umlaut"])).lower(), gender


def _parse_last(item, loc):
    native, _, roman = item.partition("=")
    nm, _, nf = native.partition("/")
    if roman:
        rm, _, rf = roman.partition("/")
    else:
        rm, rf = translit(nm, loc["de_umlaut"]), translit(nf or nm, loc["de_umlaut"])
    return (nm, nf or nm), ((rm or "").lower().replace("'", ""), (rf or rm).lower().replace("'", ""))


def _slug(s):
    """Letters (with their marks), digits, dots and hyphens: a native-script handle."""
    return "".join(c for c in s if unicodedata.category(c)[0] in "LMN" or c in ".-")


class Locale:
    def __init__(self, d):
        self.__dict__.update(d)
        self.firsts = [_parse_first(x, d) for x in d["firsts"]]
        self.lasts = [_parse_last(x, d) for x in d["lasts"]]
        if self.middles:
            self.middles = {g: [(m, translit(m).lower()) for m in v.split()]
                            for g, v in self.middles.items()}
        self.domains = self.domains + GLOBAL_DOMAINS
        for text in ([f for f, _, _ in self.firsts] + [l for pair, _ in self.lasts for l in pair]
                     + self.cities + self.streets + self.companies):
            assert '"' not in text and "\\" not in text and text == text.strip(), text


def build_companies(rng, locales, count=2039):
    """Company names (the caption of every user: the data has no bios), in each locale's style."""
    out = []
    weights = [loc.weight for loc in locales]
    for _ in range(count):
        loc = rng.choices(locales, weights)[0]
        pattern = rng.choice(loc.companies)
        while "{L}" in pattern:
            pattern = pattern.replace("{L}", rng.choice(loc.lasts)[0][0], 1)
        out.append(pattern)
    return out


def user_lines(count, seed, build_pools, catch, bs, batch=20000):
    """Yields batches of NDJSON lines (without newlines). Deterministic for (count, seed)."""
    import random
    rng = random.Random(seed)
    phones, geos, zips, suites, _, websites = build_pools(rng)
    locales = [Locale(d) for d in LOCALES.values()]
    companies = build_companies(rng, locales)
    companies = ['"company":{"name":"%s","catchPhrase":"%s","bs":"%s"}'
                 % (c, " ".join(rng.choice(w) for w in catch), " ".join(rng.choice(w) for w in bs))
                 for c in companies]
    cum, total = [], 0
    for loc in locales:
        total += loc.weight
        cum.append(total)
    choices, getrandbits = rng.choices, rng.getrandbits
    nfd = unicodedata.normalize
    i = 0
    while i < count:
        n = min(batch, count - i)
        locs = choices(locales, cum_weights=cum, k=n)
        out = []
        for j in range(n):
            uid = i + j + 1
            loc = locs[j]
            a, b, c, d = getrandbits(32), getrandbits(32), getrandbits(32), getrandbits(10)
            fn, fr, g = loc.firsts[a % len(loc.firsts)]
            (lm, lf), (lrm, lrf) = loc.lasts[(a >> 8) % len(loc.lasts)]
            fem = g == "f" or (g == "x" and (a >> 30) & 1)
            ln, lr = (lf, lrf) if fem else (lm, lrm)
            k = b % 1000  # per-mille switches
            if loc.order == "vi":
                mids = loc.middles["f" if fem else ("m" if g == "m" else "x")]
                mn, mr = mids[(b >> 10) % len(mids)]
                name = ln + " " + mn + " " + fn
                if k < 30:
                    name = nfd("NFD", name)      # as a Mac may send it
            elif loc.order == "family-given":
                if loc.sep == "ja":
                    s = (b >> 10) & 7             # 3/8 no space, 4/8 space, 1/8 ideographic space
                    name = ln + ("" if s < 3 else ("\u3000" if s == 7 else " ")) + fn
                else:
                    name = ln + loc.sep + fn
            else:
                name = fn + " " + ln
                if loc.code == "en":
                    if k < 30:
                        name = PREFIX[(b >> 10) % len(PREFIX)] + " " + name
                    elif k < 60:
                        name = name + " " + SUFFIX[(b >> 10) % len(SUFFIX)]
            if loc.latin and 60 <= k < 75:
                name = name.lower()               # typed in lower case
            if c % 2000 == 0:
                name = ""                         # no display name: the title is the username
            # username: an ASCII handle, rarely the native name
            v = (c >> 11) & 15
            if v < 4:
                username = fr + "." + lr
            elif v < 7:
                username = fr + "_" + lr
            elif v < 10:
                username = lr + str(c % 100)
            elif v < 12:
                username = fr[0] + lr
            elif v < 14:
                username = fr + str(c % 10000)
            elif v == 14:
                username = HANDLE_WORDS[(c >> 15) % len(HANDLE_WORDS)] + "_" + fr
            else:
                username = (_slug(name).lower() or fr) + str(c % 100) if (c >> 15) & 1 else fr + lr
            # email: a transliterated local part, or an unrelated handle
            w = (c >> 16) & 15
            if w < 5:
                local = fr + "." + lr
            elif w < 7:
                local = fr + lr
            elif w < 9:
                local = fr[0] + "." + lr
            elif w < 11:
                local = lr + "." + fr
            elif w < 13:
                local = fr[0] + lr + str(c % 100)
            else:
                local = HANDLE_WORDS[(c >> 20) % len(HANDLE_WORDS)] + str(c % 1000)
            if loc.latin and k >= 997:
                local = _slug(fn.lower() + "." + ln.lower())   # internationalised local part
            doms = loc.domains
            email = local.replace(" ", "").replace("'", "") + "@" + doms[(c >> 24) % len(doms)]
            r = (b >> 20) & 63
            if r < 3:
                city = OLD_CITIES[(b >> 26) % len(OLD_CITIES)]
            elif r < 19:
                city = HUB_CITIES[(b >> 26) % len(HUB_CITIES)]
            else:
                city = loc.cities[(b >> 26) % len(loc.cities)]
            street = loc.streets[(a >> 16) % len(loc.streets)]
            if d == 0 and uid > 1:                # ~0.1%: an earlier id again, another person
                uid = 1 + (a ^ c) % (uid - 1)
            e, e2 = a & 0xFFFF, c & 0xFFFF
            out.append(
                '{"id":%d,"name":"%s","username":"%s","email":"%s","address":{"street":"%s","suite":"%s",'
                '"city":"%s","zipcode":"%s","geo":{%s}},"phone":"%s","website":"%s",%s}'
                % (uid, name, username, email, street, suites[e % 997], city, zips[e2 % 4093],
                   geos[(e ^ e2) % 8191], phones[e2 % 4099], websites[(e + e2) % 1021],
                   companies[(e * 7 + e2) % len(companies)]))
        yield out
        i += n
